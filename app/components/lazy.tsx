import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'

/**
 * A component whose code the browser loads when it first renders, so a form library stays out of
 * a page's first load (issue 14; docs/decisions/026-tally-form.md). The server imports it at start
 * and renders it in place: a page without JS gets all of it, never the fallback (a suspended
 * boundary is only swapped in by a script). The browser always uses the lazy component, so
 * hydration waits for the chunk and keeps the server's markup, and what was typed, in place.
 */
export function loadedWhenShown<P extends object>(
	load: () => Promise<ComponentType<P>>,
	fallback: ReactNode = null,
) {
	let onServer: ComponentType<P> | undefined
	if (import.meta.env.SSR) void load().then((component) => (onServer = component))
	const Lazy = lazy(() => load().then((component) => ({ default: component })))
	return function LoadedWhenShown(props: P) {
		const Component = (import.meta.env.SSR && onServer) || Lazy
		return (
			<Suspense fallback={fallback}>
				<Component {...props} />
			</Suspense>
		)
	}
}
