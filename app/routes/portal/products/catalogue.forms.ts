import { z } from 'zod'
import { MAX_QUANTITY } from '#app/utils/product.ts'
import { CATALOGUE_INTENTS } from './intents.ts'

/**
 * The product list pages' forms (add to cart, the view and price toggles): their rules, read by the
 * action (catalogue.server.ts, which adds the tally's rows). The intents are in intents.ts.
 */
const I = CATALOGUE_INTENTS

/** Present only in forms rendered without JS: after the action, go back there (post/redirect/get). */
const RedirectTo = z.string().max(2000).optional()

export const AddToCartSchema = z.object({
	intent: z.literal(I.addToCart),
	productID: z.string().min(1).max(64),
	uom: z.string({ error: 'Select a unit of measure' }).min(1, 'Select a unit of measure').max(20),
	quantity: z.coerce
		.number({ error: 'Enter a quantity' })
		.int('Enter a whole number')
		.min(1, 'Enter a quantity of at least 1')
		.max(MAX_QUANTITY, 'That quantity is too large'),
	redirectTo: RedirectTo,
})

export const PrefsSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal(I.setView),
		view: z.enum(['list', 'grid']),
		redirectTo: RedirectTo,
	}),
	z.object({
		intent: z.literal(I.setPrices),
		seePrices: z.enum(['on', 'off']),
		redirectTo: RedirectTo,
	}),
])
