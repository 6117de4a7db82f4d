import { z } from 'zod'
import { datasetReply, defineOperation, Money, ONE_LINE, ONE_LINE_MESSAGE, TTL } from './define.ts'
import { EmailFormatSchema } from './transactions.ts'

/** An invoice row of the invoices list. */
export const InvoiceRowSchema = z.object({
	transactionNumber: z.number().int(),
	transactionSuffix: z.number().int(),
	transactionType: z.string().default('Invoice'),
	invoiceDate: z.string().default(''),
	deliveryDate: z.string().default(''),
	branchID: z.number().int(),
	customerOrderNumber: z.string().default(''),
	shipAddress1: z.string().default(''),
	jobName: z.string().default(''),
	userComment: z.string().default(''),
	transactionAmount: Money,
})
export type InvoiceRow = z.infer<typeof InvoiceRowSchema>

/** yyyy-mm-dd, or '' for an open end. */
const RangeDate = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)])

/** The customer's invoices dated within fromDate–toDate (either end may be open), newest first. */
export const getCustomerInvoices = defineOperation({
	fn: 'getCustomerInvoices',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		customerID: z.number().int(),
		deviceID: z.string(),
		fromDate: RangeDate,
		toDate: RangeDate,
		userName: z.string(),
	}),
	reply: datasetReply({ InvoiceTP: z.array(InvoiceRowSchema) }),
	cache: { ttlMs: TTL.list, tags: ['transactions'] },
})

/** One recipient of a bulk email. */
export const EmailDetailSchema = z.object({
	email_address: z.email(),
	email_address_cc: z.union([z.literal(''), z.email()]).default(''),
	email_address_bcc: z.union([z.literal(''), z.email()]).default(''),
	email_subject: z.string().max(200).regex(ONE_LINE, ONE_LINE_MESSAGE).default(''),
	email_message: z.string().max(5000).default(''),
})
export type EmailDetail = z.input<typeof EmailDetailSchema>

/** The queued-request error a large bulk email answers. */
export const QUEUED_MESSAGE =
	'Your request has been queued and will be emailed to the specified recipients when generated'

/** The most invoices one bulk email may name. */
export const MAX_BULK_INVOICES = 500

/**
 * Emails several invoices at once, each recipient one message with every PDF ("Invoice's sent
 * successfully"). A large selection answers the queued-request error instead: the presenter
 * sends it once generated, and the client takes that as an empty result.
 */
export const emailTransactions = defineOperation({
	fn: 'emailTransactions',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		device: z.string(),
		typedoc: z.literal('Invoice'),
		format: EmailFormatSchema,
		emailDetails: z.array(EmailDetailSchema).min(1).max(10),
		transactionList: z
			.array(
				z.object({
					id_company: z.string(),
					id_customer: z.number().int(),
					num_tran: z.number().int().positive(),
					num_suffix: z.number().int().min(0),
				}),
			)
			.min(1)
			.max(MAX_BULK_INVOICES),
	}),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: [],
})
