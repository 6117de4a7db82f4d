/** The intents of the product list pages' forms (see catalogue.server.ts). */
export const CATALOGUE_INTENTS = {
	addToCart: 'add-to-cart',
	tallyAdd: 'tally-add',
	setView: 'set-view',
	setPrices: 'set-prices',
} as const
