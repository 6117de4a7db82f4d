/** A custom list's intents (detail.tsx); the action checks them with detail.forms.ts (decision 050). */
export const LIST_INTENTS = {
	removeLine: 'remove-line',
	copyToCart: 'copy-to-cart',
	delete: 'delete-list',
} as const
