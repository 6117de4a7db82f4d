import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'

/** The lazy components a page may show, by the selector of their server-rendered markup. */
const shown: Array<{ selector: string; load: () => Promise<unknown> }> = []

/**
 * Before hydrating: loads the code of each lazy component the server rendered into this page.
 * Hydration then never suspends on one: a suspended boundary whose props change before its code
 * arrives (a value that differs once hydrated) is rendered again from its fallback, and what the
 * customer typed meanwhile is lost.
 */
export function loadShown() {
	return Promise.all(
		shown.filter(({ selector }) => document.querySelector(selector)).map(({ load }) => load()),
	)
}

/**
 * A component whose code the browser loads when it first renders, so a form library stays out of
 * a page's first load (issue 14; docs/decisions/026-tally-form.md). The server imports it at start
 * and renders it in place: a page without JS gets all of it, never the fallback (a suspended
 * boundary is only swapped in by a script). A page that arrives with it rendered (`selector`
 * matches) loads its code before hydrating (loadShown, entry.client), so the server's markup and
 * what was typed into it stay in place.
 */
export function loadedWhenShown<P extends object>(
	load: () => Promise<ComponentType<P>>,
	selector: string,
	fallback: ReactNode = null,
) {
	let loaded: ComponentType<P> | undefined
	const start = () => load().then((component) => (loaded = component))
	if (import.meta.env.SSR) void start()
	else shown.push({ selector, load: start })
	// Code already loaded answers at once (a thenable React reads synchronously), so hydrating does
	// not suspend; the browser always renders this one component, so its state is never remounted.
	type Module = { default: ComponentType<P> }
	const now = (module: Module) =>
		({ then: (resolve: (m: Module) => void) => resolve(module) }) as unknown as Promise<Module>
	const Lazy = lazy(() =>
		loaded ? now({ default: loaded }) : start().then((component) => ({ default: component })),
	)
	return function LoadedWhenShown(props: P) {
		const Component = (import.meta.env.SSR && loaded) || Lazy
		return (
			<Suspense fallback={fallback}>
				<Component {...props} />
			</Suspense>
		)
	}
}
