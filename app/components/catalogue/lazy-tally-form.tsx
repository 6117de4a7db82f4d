import { lazy, Suspense, type ComponentProps } from 'react'
import { type TallyForm as TallyFormType } from './tally-form.tsx'

/**
 * The tally form, loaded when a tally dialog first renders, so conform's client is not in the first
 * load of the product lists (issue 14; docs/decisions/026-tally-form.md). The server imports it at
 * start and renders it in place: a page without JS gets the whole form, never the fallback (a
 * suspended boundary is only swapped in by a script). The browser always uses the lazy component,
 * so hydration waits for the chunk and keeps the server's form, and what was typed, in place.
 */
let ServerTallyForm: typeof TallyFormType | undefined
const load = () => import('./tally-form.tsx')
if (import.meta.env.SSR) void load().then((m) => (ServerTallyForm = m.TallyForm))
const Lazy = lazy(() => load().then((m) => ({ default: m.TallyForm })))

export function LazyTallyForm(props: ComponentProps<typeof TallyFormType>) {
	const TallyForm = (import.meta.env.SSR && ServerTallyForm) || Lazy
	return (
		<Suspense fallback={<p className="tally__loading">Loading…</p>}>
			<TallyForm {...props} />
		</Suspense>
	)
}
