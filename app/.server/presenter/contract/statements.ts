import { z } from 'zod'
import { datasetReply, defineOperation, Money, TTL } from './define.ts'

/** A statement's date: the month-end it was issued for, yyyy-mm-dd. */
export const StatementDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * A monthly statement: its closing balance aged into Current, 30, 60, 90 and
 * 120+ days, and dueBalance, the amount it asks to be paid.
 */
export const StatementSchema = z.object({
	dateStatement: StatementDateSchema,
	customerId: z.number().int(),
	companyId: z.coerce.string(),
	customerName: z.string(),
	currentBalance: Money,
	day30Balance: Money,
	day60Balance: Money,
	day90Balance: Money,
	day120Balance: Money,
	dueBalance: Money,
})
export type Statement = z.infer<typeof StatementSchema>

/** A line of a statement: an invoice, credit or payment. */
export const StatementLineSchema = z.object({
	transactionNumber: z.number().int(),
	transactionSuffix: z.number().int(),
	displayType: z.string(),
	transactionDate: z.string(),
	/** The amount of the transaction (payments and credits negative). */
	displayAmount: Money,
	/** What is still open of it at the statement date. */
	balanceAmount: Money,
	transactionRef: z.string().default(''),
	custOrdNo: z.string().default(''),
	jobName: z.string().default(''),
})
export type StatementLine = z.infer<typeof StatementLineSchema>

const Customer = { companyID: z.string(), customerID: z.number().int() }

/** The customer's statements, newest first. */
export const getStatementList = defineOperation({
	fn: 'getStatementList',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object(Customer),
	reply: datasetReply({ StatementList: z.array(StatementSchema) }),
	cache: { ttlMs: TTL.list, tags: ['statements'] },
})

/** One statement (first of Statement) and its lines; an unknown date is the no-records error. */
export const getStatementDetail = defineOperation({
	fn: 'getStatementDetail',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ ...Customer, statementDate: StatementDateSchema }),
	reply: datasetReply({
		Statement: z.array(StatementSchema).min(1),
		StatementDetail: z.array(StatementLineSchema),
	}),
	cache: { ttlMs: TTL.list, tags: ['statements'] },
})

/** Emails a statement's PDF ('Statement sent successfully'). */
export const emailStatement = defineOperation({
	fn: 'emailStatement',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		customerID: z.number().int(),
		emailAddress: z.email(),
		statementDate: StatementDateSchema,
	}),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: [],
})

/** A statement's PDF (GET stream), saved as statement-{date}.pdf. */
export const streamCustomerStatement = defineOperation({
	fn: 'streamCustomerStatement',
	transport: { kind: 'stream' },
	mutation: false,
	payload: z.object({
		idCust: z.coerce.number().int(),
		idCompany: z.string(),
		statementDate: StatementDateSchema,
	}),
	reply: z.unknown(),
})
