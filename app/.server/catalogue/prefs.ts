import { type PortalSession } from '../request/session.ts'

export type ViewPrefs = { view: 'list' | 'grid'; seePrices: boolean }

/** Product view preferences for this session: list view, prices hidden. */
export function getViewPrefs(session: PortalSession): ViewPrefs {
	const prefs = session.get('prefs')
	return { view: prefs?.view ?? 'list', seePrices: prefs?.seePrices ?? false }
}
