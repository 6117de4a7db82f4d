/**
 * The cart page's intents (cart.tsx, its lines and its save-list dialog). Plain constants, so the
 * page's first load carries no zod; the rules are in cart.forms.ts (decision 050).
 */
export const CART_INTENTS = {
	update: 'update-line',
	updateAll: 'update-cart',
	updateTally: 'update-tally',
	remove: 'remove-line',
	clear: 'clear-all',
	saveList: 'save-list',
} as const
