import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { storeLimiter, type LimiterOptions, type MakeLimiter } from '../store/index.ts'
import { type ThrottleOutcome } from './throttle.ts'
import { envOf } from '../config/env.ts'

/**
 * Limits on what the portal makes the supplier send (docs/decisions/053-outgoing-mail-limits.md):
 * emails per user and per customer, and registrations per address and per account. Each limit is
 * a set of counters, each a rate-limiter-flexible limiter over a fixed window; one run takes its
 * points on every counter or on none. `makeLimiter` builds the counters, on first use: memory
 * ones by default; the portal's limits count in its store (store/index.ts: memory ones with the
 * embedded store, PostgreSQL's with the shared one, so that every instance counts together).
 */
export type { LimiterOptions, MakeLimiter }
const inMemory: MakeLimiter = (options) => Promise.resolve(new RateLimiterMemory(options))

/** What a refused run is told: when to try again, or that it asked for more than a window holds. */
export type Refusal = { refused: true; retryAfterSeconds: number; atMost?: number }
export type LimitOutcome<T> = Exclude<ThrottleOutcome<T>, { refused: true }> | Refusal

/** A limit of several counters: `windows` name each counter's points per `duration` seconds. */
export function createLimit<Name extends string>(
	windows: Record<Name, { points: number; duration: number }>,
	makeLimiter: MakeLimiter = inMemory,
) {
	const names = Object.keys(windows) as Name[]
	let built: Promise<Map<Name, RateLimiterAbstract>> | undefined
	const build = async () =>
		new Map(
			await Promise.all(
				names.map(
					async (name) => [name, await makeLimiter({ keyPrefix: name, ...windows[name] })] as const,
				),
			),
		)
	return {
		/**
		 * Runs `send` unless it would take any counter past its limit: `points` (e.g. recipients)
		 * are taken from each named key first, so parallel sends cannot all slip through, and given
		 * back when `send` throws (nothing was sent). A refused run takes nothing.
		 */
		async run<T>(
			keys: Partial<Record<Name, string>>,
			points: number,
			send: () => Promise<T>,
		): Promise<LimitOutcome<T>> {
			const limiters = await (built ??= build())
			const counters = names.flatMap((name) =>
				keys[name] ? [[limiters.get(name)!, keys[name], windows[name].points] as const] : [],
			)
			const atMost = Math.min(...counters.map(([, , most]) => most))
			if (points > atMost) return { refused: true, retryAfterSeconds: 0, atMost }
			const taken: Array<[RateLimiterAbstract, string]> = []
			const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.reward(key, points)))
			for (const [limiter, key] of counters) {
				try {
					await limiter.consume(key, points)
					taken.push([limiter, key])
				} catch (refusal) {
					if (!(refusal instanceof RateLimiterRes)) throw refusal
					// A refused consume still counted its points.
					await limiter.reward(key, points)
					await giveBack()
					return { refused: true, retryAfterSeconds: Math.ceil(refusal.msBeforeNext / 1000) }
				}
			}
			try {
				return { refused: false, result: await send() }
			} catch (error) {
				await giveBack()
				throw error
			}
		},
	}
}

/** The email limits, from the environment (tests raise them; see the README). */
export function mailLimits(source?: Record<string, string | undefined>) {
	const e = envOf(source)
	return {
		perUserMinute: e.MAIL_PER_USER_MINUTE,
		perUserHour: e.MAIL_PER_USER_HOUR,
		perCustomerHour: e.MAIL_PER_CUSTOMER_HOUR,
	}
}

export function createMailLimit(limits = mailLimits(), makeLimiter?: MakeLimiter) {
	const limit = createLimit(
		{
			userMinute: { points: limits.perUserMinute, duration: 60 },
			userHour: { points: limits.perUserHour, duration: 60 * 60 },
			customerHour: { points: limits.perCustomerHour, duration: 60 * 60 },
		},
		makeLimiter,
	)
	return {
		/**
		 * Sends unless the user or their customer has sent too much: `recipients` counts each
		 * address an email goes to (one email to two addresses is two; one email carrying ten
		 * invoices to one address is one).
		 */
		run<T>(
			sender: { username: string; customerId: number },
			recipients: number,
			send: () => Promise<T>,
		) {
			const user = `${sender.customerId}:${sender.username.toLowerCase()}`
			return limit.run(
				{ userMinute: user, userHour: user, customerHour: String(sender.customerId) },
				recipients,
				send,
			)
		},
	}
}

/** The portal's email limit: every action that makes the supplier send an email goes through it. */
export const mailLimit = createMailLimit(mailLimits(), storeLimiter)

const minutes = (seconds: number) => {
	const n = Math.max(1, Math.ceil(seconds / 60))
	return `${n} minute${n === 1 ? '' : 's'}`
}

/** What a refused email is told (no spec text exists for it). */
export function mailRefusalMessage(refusal: Refusal) {
	if (refusal.atMost !== undefined)
		return `You can send at most ${refusal.atMost} emails at once. Please send fewer.`
	return `Too many emails sent. Please try again in ${minutes(refusal.retryAfterSeconds)}.`
}

/** The registration limits, from the environment (tests raise them; see the README). */
export function registrationLimits(source?: Record<string, string | undefined>) {
	const e = envOf(source)
	return { perAddress: e.REGISTRATIONS_PER_ADDRESS, perAccount: e.REGISTRATIONS_PER_ACCOUNT }
}

/**
 * Registrations accepted per client address per hour and per account per day: each adds a pending
 * user to the account and an email, so a script cannot fill an account with them. Only accepted
 * registrations count (wrong account details count as failed sign-ins, throttle.ts).
 */
export function createRegistrationLimit(limits = registrationLimits(), makeLimiter?: MakeLimiter) {
	const limit = createLimit(
		{
			address: { points: limits.perAddress, duration: 60 * 60 },
			account: { points: limits.perAccount, duration: 24 * 60 * 60 },
		},
		makeLimiter,
	)
	return {
		run<T>(who: { address: string | undefined; account: number }, register: () => Promise<T>) {
			// Requests whose address is unknown share one count, which fails safe.
			return limit.run(
				{ address: who.address || 'unknown', account: String(who.account) },
				1,
				register,
			)
		},
	}
}

export const registrationLimit = createRegistrationLimit(registrationLimits(), storeLimiter)

/** What a refused registration is told (no spec text exists for it). */
export function registrationRefusalMessage(refusal: Refusal) {
	return `Too many registrations. Please try again in ${minutes(refusal.retryAfterSeconds)}.`
}
