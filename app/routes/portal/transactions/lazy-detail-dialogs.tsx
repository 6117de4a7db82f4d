import { loadedWhenShown } from '#app/components/lazy.tsx'

/**
 * The transaction page's Request Change and Accept dialogs, loaded when one first opens, like
 * the Email and Comment dialogs (lazy-document-dialogs.tsx).
 */
export const LazyRequestChangeDialog = loadedWhenShown(
	() => import('./detail-dialogs.tsx').then((m) => m.RequestChangeDialog),
	'.modal form',
)

export const LazyAcceptDialog = loadedWhenShown(
	() => import('./detail-dialogs.tsx').then((m) => m.AcceptDialog),
	'.modal form',
)
