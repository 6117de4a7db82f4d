import { z } from 'zod'
import { CartLineSchema } from './cart.ts'
import { datasetReply, defineOperation, TTL } from './define.ts'

const Message = z.object({ msg: z.string().default('') })

/** Saves a copy of a cart as a named custom list ('Custom list saved'). */
export const saveCustomList = defineOperation({
	fn: 'saveCustomList',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ cartSessionId: z.string().min(1), name: z.string().trim().min(1).max(80) }),
	reply: Message,
	invalidates: ['lists'],
})

/**
 * A line of a list: a cart line's fields, with its tally
 * lengths. unitPrice follows the cart's rule (with GST for tax_inclusive customers).
 */
export const ListLineSchema = CartLineSchema.pick({
	productID: true,
	lineID: true,
	prodQty: true,
	UOM: true,
	unitPrice: true,
	prodDesc: true,
	isTally: true,
	tallyLines: true,
})
export type ListLine = z.infer<typeof ListLineSchema>

/** Custom lists are the customer's (deletable); Generic lists are the supplier's (read only). */
export const ListTypeSchema = z.enum(['Custom', 'Generic'])

export const CustomListSchema = z.object({
	cartSessionId: z.string().min(1),
	name: z.string(),
	type: ListTypeSchema,
	contents: z.array(ListLineSchema),
})
export type CustomList = z.infer<typeof CustomListSchema>

/** The customer's Generic and Custom lists with their lines. */
export const getCustomLists = defineOperation({
	fn: 'getCustomLists',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ custID: z.number().int(), tpaID: z.string() }),
	reply: datasetReply({ CustomLists: z.array(CustomListSchema) }),
	cache: { ttlMs: TTL.list, tags: ['lists'] },
})

/** Adds a list's lines to a cart at today's prices ('Custom list copied'). */
export const copyCustomListToCart = defineOperation({
	fn: 'copyCustomListToCart',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		fromSessionID: z.string().min(1),
		/** The cart the lines go to. */
		toSessionID: z.string().min(1),
		deviceID: z.string(),
	}),
	reply: Message,
	invalidates: ['cart'],
	changesCart: (p) => p.toSessionID,
})

/** Deletes a Custom list ('Custom list deleted'); Generic lists are refused. */
export const deleteCustomList = defineOperation({
	fn: 'deleteCustomList',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ sessionID: z.string().min(1) }),
	reply: Message,
	invalidates: ['lists'],
})

/** Removes one line of a Custom list ('product removed'). */
export const removeCustomListLine = defineOperation({
	fn: 'removeCustomListLine',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		cartSessionId: z.string().min(1),
		productId: z.string().min(1),
		lineId: z.number().int(),
	}),
	reply: Message,
	invalidates: ['lists'],
	changesCart: (p) => p.cartSessionId,
})
