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

/** What adding a line and changing one both send. */
const CartLineChange = {
	UOM: z.string().min(1),
	customerID: z.number().int(),
	productID: z.string().min(1),
	quoteQty: z.number().positive(),
	sessionID: z.string().min(1),
	tallyLength: z.number().min(0),
	unitSell: z.literal(0),
	quoteComments: z.string(),
	roomTypeID: z.number().int(),
}

/**
 * Adds a line. For tally products `tallyLines` holds the lengths and quantities and
 * `tallyLength` their total metres (the line's quantity); otherwise tallyLength is 0.
 * A product the cart has already in the same unit is added to that line (a tally product's only
 * when its lengths are the same ones; other lengths are a line of their own), so two adds a
 * moment apart are one line; the reply's lineID is the line added to. A delivery charge is always
 * a line of its own.
 */
export const addToCart = defineOperation({
	fn: 'addToCart',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ ...CartLineChange, tallyLines: z.array(TallyLineSchema).default([]) }),
	reply: datasetReply({ lineID: z.number().int() }),
	invalidates: ['cart'],
	changesCart: (p) => p.sessionID,
})

/**
 * A cart line. unitPrice includes GST for tax_inclusive customers (the cart's
 * arithmetic derives the ex-GST subtotal from it), otherwise it excludes it. Tally lines carry
 * their lengths.
 */
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
	tallyLines: z.array(TallyLineSchema).default([]),
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

/** Changes a line's quantity or unit (the add payload plus its lineId). */
export const updateCartLine = defineOperation({
	fn: 'updateCartLine',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ ...CartLineChange, lineId: z.number().int() }),
	reply: datasetReply({ lineID: z.number().int() }),
	invalidates: ['cart'],
	changesCart: (p) => p.sessionID,
})

/** Replaces a tally line's lengths: the UOM list, the new total and the tally lines. */
export const updateCartTally = defineOperation({
	fn: 'updateCartTally',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		sessionID: z.string().min(1),
		lineID: z.number().int(),
		UOMList: z.array(z.object({ UOM: z.string() })).min(1),
		total: z.number().positive(),
		tallyLines: z.array(TallyLineSchema).min(1),
	}),
	reply: datasetReply({ lineID: z.number().int() }),
	invalidates: ['cart'],
	changesCart: (p) => p.sessionID,
})

/** The tally lines of one cart line. */
export const getCartTallies = defineOperation({
	fn: 'getCartTallies',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ sessionID: z.string().min(1), lineNo: z.number().int() }),
	reply: datasetReply({ TallyList: z.array(TallyLineSchema) }),
	cache: { ttlMs: TTL.list, tags: ['cart'] },
})

export const removeCartLine = defineOperation({
	fn: 'removeCartLine',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		productID: z.string().min(1),
		sessionID: z.string().min(1),
		lineID: z.number().int(),
	}),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: ['cart'],
	changesCart: (p) => p.sessionID,
})

/** Empties the cart ('Clear All'). The operation names customerId; the session id says which cart. */
export const removeAllCartLines = defineOperation({
	fn: 'removeAllCartLines',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ customerId: z.number().int(), sessionID: z.string().min(1) }),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: ['cart'],
	changesCart: (p) => p.sessionID,
})
