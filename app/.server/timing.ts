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

/**
 * The Server-Timing header value for the current request's presenter calls: one entry a call, or
 * for an operation called many times (a 500-line quick order) one entry with the count and the
 * longest call, so the header stays a few hundred bytes (clients refuse headers of many KB).
 */
export function serverTimingHeader(): string {
	const groups = new Map<string, { count: number; ms: number }>()
	for (const t of store.getStore()?.timings ?? []) {
		const desc = `${t.name}${t.cached ? ' (cached)' : ''}`
		const group = groups.get(desc)
		if (group) {
			group.count++
			group.ms = Math.max(group.ms, t.ms)
		} else groups.set(desc, { count: 1, ms: t.ms })
	}
	return [...groups]
		.map(
			([desc, g], i) =>
				`p${i};desc="${desc}${g.count > 1 ? ` ×${g.count}` : ''}";dur=${g.ms.toFixed(1)}`,
		)
		.join(', ')
}
