import { AsyncLocalStorage } from 'node:async_hooks'

type Timing = { name: string; ms: number; cached: boolean }
type RequestStore = {
	timings: Timing[]
	memo: Map<string, Promise<unknown>>
	deadline?: AbortSignal
}
const store = new AsyncLocalStorage<RequestStore>()

/** Runs a request with a fresh store: presenter timings and the per-request read memo. */
export function withRequestStore<T>(fn: () => Promise<T>) {
	return store.run({ timings: [], memo: new Map() }, fn)
}

export function recordTiming(name: string, ms: number, cached: boolean) {
	store.getStore()?.timings.push({ name, ms, cached })
}

/**
 * Reads shared by the parallel loaders of one request (e.g. the session check), so each
 * presenter read happens at most once per request even when it is not cached across requests.
 */
export function requestMemo() {
	return store.getStore()?.memo
}

/**
 * The deadline of this request's presenter reads, retries included: one budget of `ms` per
 * request, started by its first presenter client (outside a request, a budget per call site).
 */
export function requestDeadline(ms: number) {
	const current = store.getStore()
	if (!current) return AbortSignal.timeout(ms)
	current.deadline ??= AbortSignal.timeout(ms)
	return current.deadline
}

/** The Server-Timing header value for the current request's presenter calls. */
export function serverTimingHeader(): string {
	const timings = store.getStore()?.timings ?? []
	return timings
		.map((t, i) => `p${i};desc="${t.name}${t.cached ? ' (cached)' : ''}";dur=${t.ms.toFixed(1)}`)
		.join(', ')
}
