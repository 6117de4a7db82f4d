import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'

/** Failed sign-ins are counted over a fixed window of this length. */
const WINDOW_SECONDS = 15 * 60

/**
 * The presenter's own guard on userLogin (docs/decisions/015-sign-in-throttling.md): failed
 * sign-ins are counted per username, in memory, over a fixed 15-minute window; successes are never
 * counted. Every portal user reaches the presenter from the portal's address, so it keeps no count
 * by address. It is the ERP's, not the portal's: the portal keeps its own, lower, limits.
 */
export function createSignInLimit(perUser: number) {
	const limiter = () =>
		new RateLimiterMemory({
			keyPrefix: 'sandbox-signin',
			points: perUser,
			duration: WINDOW_SECONDS,
		})
	let failures = limiter()
	return {
		/**
		 * Runs one sign-in `attempt` for `username` unless its limit is reached; a refusal says how
		 * long to wait. A place is taken before the attempt and given back unless `failed(result)`.
		 */
		async run<T>(
			username: string,
			attempt: () => Promise<T>,
			failed: (result: T) => boolean,
		): Promise<{ refused: false; result: T } | { refused: true; retryAfterSeconds: number }> {
			const key = username.trim().toLowerCase()
			if (!key) return { refused: false, result: await attempt() }
			const counter = failures
			try {
				await counter.consume(key)
			} catch (refusal) {
				if (!(refusal instanceof RateLimiterRes)) throw refusal
				await counter.reward(key)
				return { refused: true, retryAfterSeconds: Math.ceil(refusal.msBeforeNext / 1000) }
			}
			let counted = false
			try {
				const result = await attempt()
				counted = failed(result)
				return { refused: false, result }
			} finally {
				if (!counted) await counter.reward(key)
			}
		},
		/** Forgets every count (the sandbox's reset). */
		reset() {
			failures = limiter()
		},
	}
}

/** What a refused sign-in is told. */
export function refusalMessage(retryAfterSeconds: number) {
	const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
	return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
