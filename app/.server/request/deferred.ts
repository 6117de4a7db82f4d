import { offCriticalPath } from './timing.ts'

/** Set by entry.client once JS runs: this browser can swap streamed (deferred) data in. */
const ANNOUNCED_JS = /(?:^|;\s*)portal_js=1(?:;|$)/

/**
 * Whether deferred data may be sent as a promise, streamed in after the page
 * (docs/decisions/024-recently-ordered-and-deferred-data.md): only to a browser that has
 * announced JS. Any other client gets the data resolved, since without JS streamed data is never
 * swapped in.
 */
export function canDefer(request: Request) {
	return ANNOUNCED_JS.test(request.headers.get('Cookie') ?? '')
}

/**
 * Starts data a loader defers when it can: for a browser that announced JS its presenter calls are
 * off the page's critical path (Server-Timing reports them without a depth); for any other client
 * the loader awaits it, so it is on the path.
 */
export function startDeferred<T>(request: Request, load: () => Promise<T>): Promise<T> {
	return canDefer(request) ? offCriticalPath(load) : load()
}
