import { AsyncLocalStorage } from 'node:async_hooks'

type Timing = { name: string; ms: number; cached: boolean }
const store = new AsyncLocalStorage<Timing[]>()

/** Runs a request with a fresh list of presenter timings. */
export function withTimings<T>(fn: () => Promise<T>) {
	return store.run([], fn)
}

export function recordTiming(name: string, ms: number, cached: boolean) {
	store.getStore()?.push({ name, ms, cached })
}

/** The Server-Timing header value for the current request's presenter calls. */
export function serverTimingHeader(): string {
	const timings = store.getStore() ?? []
	return timings
		.map((t, i) => `p${i};desc="${t.name}${t.cached ? ' (cached)' : ''}";dur=${t.ms.toFixed(1)}`)
		.join(', ')
}
