import { z } from 'zod'
import { datasetReply, defineOperation, Money, ONE_LINE, ONE_LINE_MESSAGE, TTL } from './define.ts'
import { centsToDollars } from '#app/utils/money.ts'

/** An order or quote row of the orders list. */
export const OrderRowSchema = z.object({
	transactionNumber: z.number().int(),
	transactionSuffix: z.number().int(),
	transactionType: z.enum(['Order', 'Quote']),
	deliveryDate: z.string().default(''),
	invoiceDate: z.string().default(''),
	branchID: z.number().int(),
	customerOrderNumber: z.string().default(''),
	shipAddress1: z.string().default(''),
	jobName: z.string().default(''),
	transactionAmount: Money,
})
export type OrderRow = z.infer<typeof OrderRowSchema>

/** The customer's orders and quotes. */
export const getCustomerTransactions = defineOperation({
	fn: 'getCustomerTransactions',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		deviceID: z.string(),
		customerID: z.number().int(),
		userName: z.string(),
		limit: z.literal(10_000),
	}),
	reply: datasetReply({ Order: z.array(OrderRowSchema) }),
	cache: { ttlMs: TTL.list, tags: ['transactions'] },
})

export const TransactionTypeSchema = z.enum(['Invoice', 'Order', 'Quote'])
export type TransactionType = z.infer<typeof TransactionTypeSchema>

/** A line of a transaction, keyed by lineNum. */
export const TransactionLineSchema = z.object({
	lineNum: z.number().int(),
	productDesc: z.string(),
	productCode: z.string(),
	quantity: z.number(),
	unitOfMeasure: z.string(),
	unitPrice: Money,
	linePrice: Money,
})
export type TransactionLine = z.infer<typeof TransactionLineSchema>

/** An invoice, order or quote with its lines. */
export const TransactionDetailSchema = z.object({
	transactionNumber: z.number().int(),
	transactionSuffix: z.number().int(),
	transactionType: TransactionTypeSchema,
	customerID: z.number().int(),
	companyID: z.coerce.string(),
	invoiceDate: z.string().default(''),
	deliveryDate: z.string().default(''),
	nameCharge: z.string().default(''),
	nameShip: z.string().default(''),
	jobName: z.string().default(''),
	shipAddress1: z.string().default(''),
	shipAddress2: z.string().default(''),
	shipAddress3: z.string().default(''),
	comment_tportal: z.string().default(''),
	transactionTotalAmountExcGST: Money,
	transactionTotalGST: Money,
	transactionTotalAmountIncGST: Money,
	LineDetailsTP: z.array(TransactionLineSchema),
})
export type TransactionDetail = z.infer<typeof TransactionDetailSchema>

/**
 * A transaction as copyTranToCart sends it back to the presenter: as it came, its money in
 * dollars (a payload is read on both sides of the wire, so it holds no transform).
 */
export const SentTransactionSchema = TransactionDetailSchema.extend({
	transactionTotalAmountExcGST: z.number(),
	transactionTotalGST: z.number(),
	transactionTotalAmountIncGST: z.number(),
	LineDetailsTP: z.array(
		TransactionLineSchema.extend({ unitPrice: z.number(), linePrice: z.number() }),
	),
})

/** A transaction of a reply as copyTranToCart sends it: its money back in dollars. */
export function sentTransaction(t: TransactionDetail): z.input<typeof SentTransactionSchema> {
	return {
		...t,
		transactionTotalAmountExcGST: centsToDollars(t.transactionTotalAmountExcGST),
		transactionTotalGST: centsToDollars(t.transactionTotalGST),
		transactionTotalAmountIncGST: centsToDollars(t.transactionTotalAmountIncGST),
		LineDetailsTP: t.LineDetailsTP.map((l) => ({
			...l,
			unitPrice: centsToDollars(l.unitPrice),
			linePrice: centsToDollars(l.linePrice),
		})),
	}
}

const TransactionRef = {
	transactionNumber: z.number().int().positive(),
	transactionSuffix: z.number().int().min(0),
}

export const getTransactionDetails = defineOperation({
	fn: 'getTransactionDetails',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		userName: z.string(),
		companyID: z.string(),
		customerID: z.number().int(),
		...TransactionRef,
	}),
	reply: datasetReply({ TransactionDetailsTP: z.array(TransactionDetailSchema).min(1) }),
	cache: { ttlMs: TTL.list, tags: ['transactions'] },
})

const Message = z.object({ msg: z.string().default('') })

/** The customer's comment on an invoice ('Comment saved successfully'). */
export const saveUserComment = defineOperation({
	fn: 'saveUserComment',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		userName: z.string(),
		customerID: z.number().int(),
		...TransactionRef,
		userComment: z.string().max(2000),
	}),
	reply: Message,
	invalidates: ['transactions'],
})

export const EmailFormatSchema = z.enum(['pdf', 'csv', 'xero', 'simpro', 'tradify', 'fergus'])
export type EmailFormat = z.infer<typeof EmailFormatSchema>

/** Emails a transaction document ('{Type} sent successfully'); a PDF is attached for format pdf. */
export const emailTransaction = defineOperation({
	fn: 'emailTransaction',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		userName: z.string(),
		companyID: z.string(),
		customerID: z.number().int(),
		deviceID: z.string(),
		transactionType: TransactionTypeSchema,
		number: z.number().int().positive(),
		suffix: z.number().int().min(0),
		emailAddress: z.email(),
		format: EmailFormatSchema.default('pdf'),
	}),
	reply: Message,
	invalidates: [],
})

/** A message to the supplier, e.g. changes requested for a transaction ('Email sent successfully'). */
export const sendEmailMessage = defineOperation({
	fn: 'sendEmailMessage',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		customerID: z.number().int(),
		mobUserID: z.number().int(),
		toEmailAddress: z.string(),
		/** The user's address: the email comes from the supplier's, with this as its Reply-To. */
		fromEmailAddress: z.email(),
		subject: z.string().min(1).max(200).regex(ONE_LINE, ONE_LINE_MESSAGE),
		bodyText: z.string().min(1).max(5000),
		numTran: z.number().int().min(0),
		suffixTran: z.number().int().min(0),
	}),
	reply: Message,
	invalidates: [],
})

/** Accepts a quote for a delivery date ('Quote accepted'). */
export const acceptQuote = defineOperation({
	fn: 'acceptQuote',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		/** yyyy-mm-dd */
		deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
		comment1: z.string().min(1).max(2000),
		companyID: z.string(),
		custID: z.number().int(),
		numTran: z.number().int().positive(),
		suffixTran: z.number().int().min(0),
		idUser: z.number().int(),
	}),
	reply: Message,
	invalidates: ['transactions'],
})

/** Copies a transaction's lines into a cart ('{Type} copied to cart'). */
export const copyTranToCart = defineOperation({
	fn: 'copyTranToCart',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		customerID: z.number().int(),
		cartSessionId: z.string().min(1),
		transaction: SentTransactionSchema,
	}),
	reply: Message,
	invalidates: ['cart'],
	changesCart: (p) => p.cartSessionId,
})

/** What both PDF streams are asked for; each names its own suffix. */
const StreamTransactionRef = {
	idCust: z.coerce.number().int(),
	idCompany: z.string(),
	numTran: z.coerce.number().int().positive(),
}

/** The invoice's PDF (GET stream). */
export const streamCustomerInvoices = defineOperation({
	fn: 'streamCustomerInvoices',
	transport: { kind: 'stream' },
	mutation: false,
	payload: z.object({
		...StreamTransactionRef,
		invoiceSuffix: z.coerce.number().int().min(0),
	}),
	reply: z.unknown(),
})

/** An order's or quote's PDF (GET stream). */
export const streamCustomerSalesOrders = defineOperation({
	fn: 'streamCustomerSalesOrders',
	transport: { kind: 'stream' },
	mutation: false,
	payload: z.object({
		...StreamTransactionRef,
		orderSuffix: z.coerce.number().int().min(0),
	}),
	reply: z.unknown(),
})
