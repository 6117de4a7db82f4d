import { type z } from 'zod'
import { isOutage, type Breaker } from './breaker.ts'
import { cacheKey, SHARED_SCOPE, type ReadCache } from './cache.ts'
import { type CacheTag, type Operation } from './contract/define.ts'
import { isPresenterError, type PresenterError } from './errors.ts'
import { type StaleCopies } from './stale.ts'
import { send, stream, type TransportOptions } from './transport.ts'

export type RetryPolicy = { retries: number; baseMs: number; maxMs: number }

/** Reads retry 3 times, delay doubling from 1 s to at most 30 s. */
export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseMs: 1_000, maxMs: 30_000 }

export type ClientOptions = TransportOptions & {
	/** Cache scope: the presenter session id, or 'anonymous'. */
	scope: string
	/** Whose session the scope is (scopeOwner): a change to that user's rights drops it. */
	owner?: string
	cache: ReadCache
	retry?: RetryPolicy
	/**
	 * Called with each call's duration, for the Server-Timing header and the request's log line;
	 * `error` is what the call threw, if it failed.
	 */
	onTiming?: (fn: string, ms: number, cached: boolean, error?: unknown) => void
	/** Called when the presenter says the session is gone; may throw (a redirect to /login). */
	onSessionExpired?: (error: PresenterError) => void | Promise<void>
	/** Called after each mutation sent (its tags already dropped). */
	onWrite?: () => void
	/** Waits between retries; ends early when the deadline passes. */
	sleep?: (ms: number, deadline?: AbortSignal) => Promise<void>
	/** Shares uncached reads within one request (same operation and payload, one call). */
	memo?: Map<string, Promise<unknown>>
	/** Runs a change of a cart under that cart's lock (operations with `changesCart`). */
	lockCart?: <T>(cartSessionId: string, fn: () => Promise<T>) => Promise<T>
	/** The presenter host's circuit breaker: every call goes through it (presenter/breaker.ts). */
	breaker?: Breaker
	/** Last good replies: a read failing for an outage answers from them (presenter/stale.ts). */
	stale?: StaleCopies
}

/** How one call is made. */
export type CallOptions = {
	/**
	 * Read the presenter now, not a cached or shared copy (the reply then refreshes the cache): a
	 * rule checked under a lock is checked against what is true now.
	 */
	fresh?: boolean
}

export type PresenterClient = {
	call<P extends z.ZodType, R extends z.ZodType>(
		op: Operation<P, R>,
		payload: z.input<P>,
		how?: CallOptions,
	): Promise<z.output<R>>
	stream(op: Operation, payload: unknown): Promise<Response>
	/**
	 * A value worked out from cached reads, kept in the session's cache like one of them (for
	 * `ttlMs`, dropped with any of `tags`), so a page does not redo the work on every request.
	 */
	remember<T>(
		key: string,
		cache: { ttlMs: number; tags: readonly CacheTag[] },
		work: () => Promise<T>,
	): Promise<T>
	/** Drops every cached read of every session of `owner` (scopeOwner): their rights changed. */
	dropOwner(owner: string): void
	/**
	 * When the oldest last good copy this client answered with was read (the presenter was down),
	 * or undefined when every answer was current.
	 */
	staleSince(): number | undefined
}

/** A cached 'no records' refusal (operations whose cache `keepsNoRecords`). */
class NoRecords {
	readonly error: PresenterError
	constructor(error: PresenterError) {
		this.error = error
	}
}

/** Waits `ms`, or less when `signal` aborts first. */
const wait = (ms: number, signal?: AbortSignal) =>
	new Promise<void>((resolve) => {
		const finish = () => {
			clearTimeout(id)
			signal?.removeEventListener('abort', finish)
			resolve()
		}
		const id = setTimeout(finish, ms)
		signal?.addEventListener('abort', finish)
	})

/** Delay before retry number `attempt` (0-based): base × 2^attempt, capped. */
export function retryDelay(policy: RetryPolicy, attempt: number) {
	return Math.min(policy.baseMs * 2 ** attempt, policy.maxMs)
}

/**
 * The presenter policy around the transport: reads are cached per session (once for the process
 * when the reply is the same for every customer) and retried on transport failures only;
 * mutations are sent once and invalidate the tags they name; session expiry drops the session's
 * cache and tells the caller.
 */
export function createClient(options: ClientOptions): PresenterClient {
	const retry = options.retry ?? DEFAULT_RETRY
	const sleep = options.sleep ?? wait
	const guarded = <T>(fn: () => Promise<T>) => (options.breaker ? options.breaker.run(fn) : fn())
	let staleSince: number | undefined
	if (options.owner) options.cache.own(options.scope, options.owner)

	/**
	 * Retries `fn` by the policy while `signal` (the caller's, if the call is bound to it) lives and
	 * the request's deadline has not passed: one budget for a read and all its retries.
	 */
	async function withRetry<T>(fn: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
		const { deadline } = options
		for (let attempt = 0; ; attempt++) {
			try {
				return await fn()
			} catch (error) {
				const canRetry =
					isPresenterError(error) &&
					error.retryable &&
					attempt < retry.retries &&
					!signal?.aborted &&
					!deadline?.aborted &&
					options.breaker?.state().up !== false
				if (!canRetry) throw error
				await sleep(retryDelay(retry, attempt), deadline)
				if (deadline?.aborted) throw error
			}
		}
	}

	async function handleFailure(error: unknown): Promise<never> {
		if (isPresenterError(error, 'session-expired')) {
			options.cache.drop(options.scope)
			await options.onSessionExpired?.(error)
		}
		throw error
	}

	async function timed<T>(fn: string, cached: boolean, work: () => Promise<T>) {
		const start = performance.now()
		try {
			const reply = await work()
			options.onTiming?.(fn, performance.now() - start, cached)
			return reply
		} catch (error) {
			options.onTiming?.(fn, performance.now() - start, cached, error ?? 'failed')
			throw error
		}
	}

	return {
		async call<P extends z.ZodType, R extends z.ZodType>(
			op: Operation<P, R>,
			payload: z.input<P>,
			how: CallOptions = {},
		) {
			try {
				if (op.mutation) {
					const write = () =>
						timed(op.fn, false, () =>
							guarded(() => send(op, payload, { ...options, deadline: undefined })),
						)
					const cart = op.changesCart?.(payload)
					const reply = await (cart && options.lockCart ? options.lockCart(cart, write) : write())
					options.cache.invalidate(options.scope, op.invalidates ?? [])
					options.onWrite?.()
					options.memo?.clear()
					return reply
				}
				const key = cacheKey(op.fn, payload)
				const scope = op.cache?.shared ? SHARED_SCOPE : options.scope
				// Each answer the presenter gives is kept as the read's last good copy.
				const kept = (value: z.output<R>) => {
					options.stale?.put(scope, key, value)
					return value
				}
				const load = () =>
					withRetry(() => guarded(() => send(op, payload, options)), options.signal).then(kept)
				try {
					return await read(key, scope, load, kept)
				} catch (error) {
					const copy = isOutage(error) ? await options.stale?.find(scope, key) : undefined
					if (!copy) throw error
					staleSince = Math.min(staleSince ?? copy.at, copy.at)
					return copy.value as z.output<R>
				}
			} catch (error) {
				return handleFailure(error)
			}

			/** The read through the caches: the request's memo, the session's or the shared one. */
			async function read(
				key: string,
				scope: string,
				load: () => Promise<z.output<R>>,
				kept: (value: z.output<R>) => z.output<R>,
			): Promise<z.output<R>> {
				if (!op.cache || how.fresh) {
					const memo = how.fresh ? undefined : options.memo
					if (!memo) {
						if (!op.cache) return await timed(op.fn, false, load)
						// Fresh: read now, and keep the reply for the session's next reads.
						return await timed(op.fn, false, () =>
							options.cache.read(scope, key, op.cache!.ttlMs, op.cache!.tags, load, true),
						)
					}
					const memoKey = `${options.scope}|${key}`
					const shared = memo.has(memoKey)
					if (!shared) memo.set(memoKey, load())
					return await timed(op.fn, shared, () => memo.get(memoKey) as Promise<z.output<R>>)
				}
				// A cached read may be shared with other requests of the session, so it must not be
				// cancelled when the request that started it goes away: only its timeout applies.
				const detached = () =>
					withRetry(
						() => guarded(() => send(op, payload, { ...options, signal: undefined })),
						undefined,
					).then(kept)
				// A 'no records' answer kept as a value, thrown again to every reader of it.
				const keptNoRecords = op.cache.keepsNoRecords
					? () =>
							detached().catch((error: unknown) => {
								if (isPresenterError(error, 'no-records')) return new NoRecords(error)
								throw error
							})
					: detached
				const cached = options.cache.has(scope, key)
				return await timed(op.fn, cached, async () => {
					const reply = await options.cache.read(
						scope,
						key,
						op.cache!.ttlMs,
						op.cache!.tags,
						keptNoRecords,
					)
					if (reply instanceof NoRecords) throw reply.error
					return reply as z.output<R>
				})
			}
		},
		async stream(op, payload) {
			try {
				return await timed(op.fn, false, () =>
					withRetry(() => guarded(() => stream(op, payload, options)), options.signal),
				)
			} catch (error) {
				return handleFailure(error)
			}
		},
		remember(key, cache, work) {
			return options.cache.read(options.scope, `remembered:${key}`, cache.ttlMs, cache.tags, work)
		},
		dropOwner(owner) {
			options.cache.dropOwner(owner)
		},
		staleSince: () => staleSince,
	}
}
