/** The intents of the transaction detail page's forms (see detail.server.ts). */
export const DETAIL_INTENTS = {
	email: 'email',
	comment: 'comment',
	requestChange: 'request-change',
	accept: 'accept',
	copyToCart: 'copy-to-cart',
	reorder: 'reorder',
} as const
