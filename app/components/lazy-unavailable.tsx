import { loadedWhenShown } from './lazy.tsx'

/**
 * The screens and banner of something unavailable (unavailable.tsx), loaded when one first shows:
 * they show only while the ordering system is down or the portal's configuration is broken, so
 * they stay out of every page's first load. One module, so a page showing two loads one file.
 */
export const LazyOutageBanner = loadedWhenShown(
	() => import('./unavailable.tsx').then((m) => m.OutageBanner),
	'.outage-banner',
)

export const LazyNeedsTheSystem = loadedWhenShown(
	() => import('./unavailable.tsx').then((m) => m.NeedsTheSystem),
	'.unavailable-screen',
)

export const LazyConfigurationUnavailable = loadedWhenShown(
	() => import('./unavailable.tsx').then((m) => m.ConfigurationUnavailable),
	'.unavailable-screen',
)
