import { AsyncLocalStorage } from 'node:async_hooks'

/** One presenter call: when it started and ended (ms, performance.now()), whether a cache answered. */
export type Timing = {
	name: string
	start: number
	end: number
	cached: boolean
	/** Made by deferred work, streamed after the page: off its critical path. */
	deferred?: boolean
}
type RequestStore = {
	timings: Timing[]
	deferred?: boolean
	memo: Map<string, Promise<unknown>>
	deadline?: AbortSignal
}
const store = new AsyncLocalStorage<RequestStore>()

/** Runs a request with a fresh store: presenter timings and the per-request read memo. */
export function withRequestStore<T>(fn: () => Promise<T>) {
	return store.run({ timings: [], memo: new Map() }, fn)
}

export function recordTiming(name: string, ms: number, cached: boolean) {
	const end = performance.now()
	const current = store.getStore()
	current?.timings.push({ name, start: end - ms, end, cached, deferred: current.deferred })
}

/**
 * Runs `load` as deferred work of this request (data streamed after the page): its presenter
 * calls are reported but do not count on the page's critical path.
 */
export function offCriticalPath<T>(load: () => Promise<T>): Promise<T> {
	const current = store.getStore()
	return current ? store.run({ ...current, deferred: true }, load) : load()
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
 * Each call's round-trip depth: 1 for a call that started before any other call ended, else one
 * more than the deepest call that had ended when it started (it may have waited for it). The
 * request's deepest call is the length of its critical path in presenter round trips; cached and
 * shared answers make no round trip, deferred calls are off the critical path
 * (docs/decisions/029-performance-bench.md).
 */
export function roundTripDepths(timings: readonly Timing[]) {
	const calls = timings
		.filter((t) => !t.cached && !t.deferred)
		.toSorted((a, b) => a.start - b.start)
	const depths = new Map<Timing, number>()
	for (const call of calls) {
		let before = 0
		for (const [other, depth] of depths)
			if (other.end <= call.start) before = Math.max(before, depth)
		depths.set(call, before + 1)
	}
	return depths
}

/**
 * The Server-Timing header value for the current request's presenter calls: one entry a call, or
 * for an operation called many times (a 500-line quick order) one entry with the count and the
 * longest call, so the header stays a few hundred bytes (clients refuse headers of many KB).
 * Entries of calls that made a round trip on the critical path carry their (deepest) `depth`.
 */
export function serverTimingHeader(): string {
	const timings = store.getStore()?.timings ?? []
	const depths = roundTripDepths(timings)
	const groups = new Map<string, { count: number; ms: number; depth: number }>()
	for (const t of timings) {
		const desc = `${t.name}${t.cached ? ' (cached)' : t.deferred ? ' (deferred)' : ''}`
		const ms = t.end - t.start
		const depth = depths.get(t) ?? 0
		const group = groups.get(desc)
		if (group) {
			group.count++
			group.ms = Math.max(group.ms, ms)
			group.depth = Math.max(group.depth, depth)
		} else groups.set(desc, { count: 1, ms, depth })
	}
	return [...groups]
		.map(
			([desc, g], i) =>
				`p${i};desc="${desc}${g.count > 1 ? ` ×${g.count}` : ''}";dur=${g.ms.toFixed(1)}` +
				(g.depth ? `;depth=${g.depth}` : ''),
		)
		.join(', ')
}
