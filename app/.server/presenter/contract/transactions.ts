import { z } from 'zod'
import { datasetReply, defineOperation, Money, TTL } from './define.ts'

/** An order or quote row of the orders list (spec part 1 §3). */
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
