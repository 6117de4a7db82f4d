/** The intents of the transaction detail page's forms (see detail.server.ts). */
export const DETAIL_INTENTS = {
	email: 'email',
	comment: 'comment',
	requestChange: 'request-change',
	accept: 'accept',
	copyToCart: 'copy-to-cart',
	reorder: 'reorder',
	/** A reordered tally line's lengths, confirmed beside it. */
	reorderTally: 'reorder-tally',
	/** A reordered line's message, dismissed. */
	reorderDismiss: 'reorder-dismiss',
} as const

/** The intents of the invoices list's forms (see invoices.server.ts). */
export const INVOICE_INTENTS = {
	email: 'email-invoices',
	comment: 'comment',
} as const

/**
 * The Orders page's 'Waiting to be sent' buttons (waiting.tsx), for orders kept while the ordering
 * system was down: place one whose total changed at the new total shown, or cancel one not placed.
 */
export const WAITING_INTENTS = { confirm: 'confirm-kept', cancel: 'cancel-kept' } as const
