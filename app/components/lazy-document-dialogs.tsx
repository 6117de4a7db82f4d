import { loadedWhenShown } from './lazy.tsx'

/**
 * The Email and Comment dialogs, loaded when one first opens: conform's client (9 KB gz) leaves
 * the first load of the pages that only offer them (transaction, invoice and statement pages,
 * the invoices list). A page that arrives with a dialog open loads them before hydrating.
 */
export const LazyEmailDialog = loadedWhenShown(
	() => import('./document-dialogs.tsx').then((m) => m.EmailDialog),
	'.modal form',
)

export const LazyCommentDialog = loadedWhenShown(
	() => import('./document-dialogs.tsx').then((m) => m.CommentDialog),
	'.modal form',
)
