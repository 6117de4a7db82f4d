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
