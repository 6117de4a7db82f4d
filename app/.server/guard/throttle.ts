import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { storeLimiter, type MakeLimiter } from '../store/index.ts'
import { env, envOf } from '../config/env.ts'

/**
 * Sign-in throttling (docs/decisions/015-sign-in-throttling.md): failed sign-ins are counted per
 * username and per client address, separately, over a fixed 15-minute window; successes are
 * never counted. Guessing one user's password stops after a few tries, while an office of many
 * people behind one address keeps signing in. The counters are rate-limiter-flexible limiters,
 * built by `makeLimiter` on first use: the portal's count in its store (PostgreSQL's limiter with
 * the shared store, so that every instance counts together), or in memory. The sandbox, which
 * stands in for the ERP, keeps its own (server/sandbox/sign-in-limit.ts).
 */
const WINDOW_SECONDS = 15 * 60

/**
 * Who is signing in: the username typed and the client's address, each counted on its own. A
 * `device` (device.ts: a browser the user has signed in from before) is counted instead of the
 * username, with the same limit, so guesses from elsewhere do not lock the user out of it.
 */
export type SignInKeys = { username?: string; address?: string; device?: string }

export type ThrottleOutcome<T> =
	{ refused: false; result: T } | { refused: true; retryAfterSeconds: number }

export type SignInThrottle = ReturnType<typeof createSignInThrottle>

const inMemory: MakeLimiter = (options) => Promise.resolve(new RateLimiterMemory(options))

export function createSignInThrottle(
	limits: { perUser: number; perAddress: number },
	makeLimiter = inMemory,
) {
	const limiters = async () => ({
		users: await makeLimiter({
			keyPrefix: 'signin-user',
			points: limits.perUser,
			duration: WINDOW_SECONDS,
		}),
		devices: await makeLimiter({
			keyPrefix: 'signin-device',
			points: limits.perUser,
			duration: WINDOW_SECONDS,
		}),
		addresses: await makeLimiter({
			keyPrefix: 'signin-address',
			points: limits.perAddress,
			duration: WINDOW_SECONDS,
		}),
	})
	let built: ReturnType<typeof limiters> | undefined
	const counters = async ({ username, address, device }: SignInKeys) => {
		const { users, devices, addresses } = await (built ??= limiters())
		const list: Array<[RateLimiterAbstract, string]> = []
		if (device) list.push([devices, device])
		else if (username?.trim()) list.push([users, username.trim().toLowerCase()])
		if (address) list.push([addresses, address])
		return list
	}

	return {
		/**
		 * Runs one sign-in `attempt` unless a limit is already reached. A place is taken on each
		 * counter before the attempt (so parallel guesses cannot all slip through) and given back
		 * unless `failed(result)` says the credentials were wrong. A refused attempt counts nothing.
		 */
		async run<T>(
			keys: SignInKeys,
			attempt: () => Promise<T>,
			failed: (result: T) => boolean,
		): Promise<ThrottleOutcome<T>> {
			const taken: Array<[RateLimiterAbstract, string]> = []
			const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.reward(key)))
			for (const [limiter, key] of await counters(keys)) {
				try {
					await limiter.consume(key)
					taken.push([limiter, key])
				} catch (refusal) {
					if (!(refusal instanceof RateLimiterRes)) throw refusal
					await limiter.reward(key)
					await giveBack()
					return { refused: true, retryAfterSeconds: Math.ceil(refusal.msBeforeNext / 1000) }
				}
			}
			let counted = false
			try {
				const result = await attempt()
				counted = failed(result)
				return { refused: false, result }
			} finally {
				if (!counted) await giveBack()
			}
		},
	}
}

/** The limits, from the environment (tests raise them; see the README). */
export function signInLimits(source?: Record<string, string | undefined>) {
	const { LOGIN_FAILURES_PER_USER, LOGIN_FAILURES_PER_ADDRESS } = envOf(source)
	return { perUser: LOGIN_FAILURES_PER_USER, perAddress: LOGIN_FAILURES_PER_ADDRESS }
}

/** The portal's sign-in throttle: /login, and /register when it comes. */
export const signInThrottle = createSignInThrottle(signInLimits(), storeLimiter)

/** What a refused sign-in is told (no spec text exists for it). */
export function refusalMessage(retryAfterSeconds: number) {
	const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
	return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/**
 * Public forms that send the supplier mail without a session (the trade account request): at most
 * `perAddress` sent per client address per hour, so a bot cannot use the supplier's inbox for
 * spam (docs/decisions/043-trust-in-account-forms.md). Only sends count: one that fails (the
 * presenter refused or was down) gives its place back, and so does a refused one. Requests whose
 * address is unknown share one count, which fails safe.
 */
export function createSendLimit(perAddress: number, makeLimiter = inMemory) {
	let sends: Promise<RateLimiterAbstract> | undefined
	return {
		async run<T>(address: string | undefined, send: () => Promise<T>): Promise<ThrottleOutcome<T>> {
			const limiter = await (sends ??= makeLimiter({
				keyPrefix: 'account-request',
				points: perAddress,
				duration: 60 * 60,
			}))
			const key = address || 'unknown'
			try {
				await limiter.consume(key)
			} catch (refusal) {
				if (!(refusal instanceof RateLimiterRes)) throw refusal
				await limiter.reward(key)
				return { refused: true, retryAfterSeconds: Math.ceil(refusal.msBeforeNext / 1000) }
			}
			try {
				return { refused: false, result: await send() }
			} catch (error) {
				await limiter.reward(key)
				throw error
			}
		},
	}
}

/** Trade account requests per client address per hour (ACCOUNT_REQUESTS_PER_ADDRESS raises it). */
export const accountRequestLimit = createSendLimit(env().ACCOUNT_REQUESTS_PER_ADDRESS, storeLimiter)

/** What a refused send is told. */
export function sendRefusalMessage(retryAfterSeconds: number) {
	const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
	return `Too many requests from your address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/**
 * The request header carrying the client's address, as the portal server (server/index.ts) sets it
 * from Express's `req.ip` (which honours TRUST_PROXY) after dropping whatever the client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'X-Portal-Client-Address'

/** The client's address for throttling, or undefined when the server did not say. */
export function clientAddress(request: Request) {
	return request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined
}
