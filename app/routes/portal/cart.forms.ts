/** The cart page's form intents, shared by the route and its save-list dialog. */
export const CART_INTENTS = {
	update: 'update-line',
	updateAll: 'update-cart',
	updateTally: 'update-tally',
	remove: 'remove-line',
	clear: 'clear-all',
	saveList: 'save-list',
} as const
