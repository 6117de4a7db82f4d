/** The intents of a custom list's forms (see detail.tsx). */
export const LIST_INTENTS = {
	removeLine: 'remove-line',
	copyToCart: 'copy-to-cart',
	delete: 'delete-list',
} as const
