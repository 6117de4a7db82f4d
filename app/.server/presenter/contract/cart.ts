import { z } from 'zod'
import { datasetReply, defineOperation, Money, PresenterBoolean, TTL } from './define.ts'

export const createCart = defineOperation({
	fn: 'createCart',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		customerID: z.number().int(),
		deviceID: z.string(),
		sessionType: z.enum(['Cart', 'Custom']),
	}),
	reply: datasetReply({ cartSessionId: z.string().min(1) }),
	invalidates: ['cart'],
})

export const TallyLineSchema = z.object({
	length: z.number().positive(),
	qty: z.number().int().min(0),
})
export type TallyLine = z.infer<typeof TallyLineSchema>

/**
 * Adds a line. For tally products `tallyLines` holds the lengths and quantities and
 * `tallyLength` their total metres (the line's quantity); otherwise tallyLength is 0.
 */
export const addToCart = defineOperation({
	fn: 'addToCart',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		UOM: z.string().min(1),
		customerID: z.number().int(),
		productID: z.string().min(1),
		quoteQty: z.number().positive(),
		sessionID: z.string().min(1),
		tallyLength: z.number().min(0),
		unitSell: z.literal(0),
		quoteComments: z.string(),
		roomTypeID: z.number().int(),
		tallyLines: z.array(TallyLineSchema).default([]),
	}),
	reply: datasetReply({ lineID: z.number().int() }),
	invalidates: ['cart'],
})

export const CartLineSchema = z.object({
	productID: z.string(),
	lineID: z.number().int(),
	prodQty: z.number(),
	UOM: z.string(),
	unitPrice: Money,
	unitGST: Money,
	prodDesc: z.string(),
	productImage: z.string().default(''),
	isTally: PresenterBoolean,
})
export type CartLine = z.infer<typeof CartLineSchema>

export const getCart = defineOperation({
	fn: 'getCart',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		sessionID: z.string(),
		tpaID: z.string(),
		userName: z.string(),
		reprice: z.literal(true),
		customerID: z.number().int(),
		deviceID: z.string(),
	}),
	reply: datasetReply({ CartLines: z.array(CartLineSchema) }),
	cache: { ttlMs: TTL.list, tags: ['cart'] },
})
