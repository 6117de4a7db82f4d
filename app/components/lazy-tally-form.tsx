import { loadedWhenShown } from './lazy.tsx'

/**
 * The tally form, loaded when a tally dialog first renders, so conform's client is not in the first
 * load of the product lists (docs/decisions/026-tally-form.md).
 */
export const LazyTallyForm = loadedWhenShown(
	() => import('./tally-form.tsx').then((m) => m.TallyForm),
	'form.tally',
	<p className="tally__loading">Loading…</p>,
)
