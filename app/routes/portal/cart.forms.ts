import { z } from 'zod'
import { CART_INTENTS } from './cart-intents.ts'
import { MAX_QUANTITY } from '#app/utils/product.ts'

/**
 * The cart page's rules (cart.tsx, its lines and its save-list dialog), checked in the browser
 * where a form has conform, and again by the action (cart.server.ts, which adds the tally rows'
 * rules).
 */

export const LineRef = { lineID: z.coerce.number().int(), productID: z.string().min(1).max(64) }

export const QuantityFields = {
	...LineRef,
	uom: z.string().min(1).max(20),
	quantity: z.coerce
		.number({ error: 'Enter a quantity' })
		.int('Enter a whole number')
		.min(1, 'Enter a quantity of at least 1')
		.max(MAX_QUANTITY, 'That quantity is too large'),
}

export const SaveListSchema = z.object({
	intent: z.literal(CART_INTENTS.saveList),
	name: z
		.string({ error: 'Required' })
		.trim()
		.min(1, 'Required')
		.max(80, 'Use at most 80 characters'),
})
