import { z } from 'zod'
import { datasetReply, defineOperation, ONE_LINE, ONE_LINE_MESSAGE, TTL } from './define.ts'

/**
 * Self-registration against an existing account: the
 * account number, a recent statement's date and reference prove the visitor holds the account.
 * Sent as an anonymous function: there is no session.
 */
export const registerForAccess = defineOperation({
	fn: 'registerForAccess',
	transport: { kind: 'anonymous' },
	mutation: true,
	payload: z.object({
		customerID: z.number().int().positive(),
		emailAddress: z.email(),
		nameFirst: z.string().trim().min(1).max(60).regex(ONE_LINE, ONE_LINE_MESSAGE),
		nameLast: z.string().trim().min(1).max(60).regex(ONE_LINE, ONE_LINE_MESSAGE),
		password: z.string().min(1).max(200),
		/** yyyy-mm-dd */
		statementDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
		statementReference: z.string().trim().min(1).max(40),
		userName: z.string().trim().min(1).max(60).regex(ONE_LINE, ONE_LINE_MESSAGE),
		/** The application marker 'tportal'. */
		tpa: z.string(),
		companyID: z.string(),
	}),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: [],
})

/**
 * A business without an account asks the supplier for one (no session): the presenter mails the
 * request to the supplier's trade address. Sent as an anonymous function, like registration.
 */
export const requestTradeAccount = defineOperation({
	fn: 'requestTradeAccount',
	transport: { kind: 'anonymous' },
	mutation: true,
	payload: z.object({
		businessName: z.string().trim().min(1).max(100).regex(ONE_LINE, ONE_LINE_MESSAGE),
		contactName: z.string().trim().min(1).max(100).regex(ONE_LINE, ONE_LINE_MESSAGE),
		/** The visitor's address: the email comes from the supplier's, with this as its Reply-To. */
		emailAddress: z.email(),
		phone: z.string().trim().max(30),
		message: z.string().trim().max(2000),
		/** The application marker 'tportal'. */
		tpa: z.string(),
		companyID: z.string(),
	}),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: [],
})

/** A branch as the store listing shows it. */
export const StoreSchema = z.object({
	branchID: z.number().int(),
	branchName: z.string(),
	address1: z.string().default(''),
	address2: z.string().default(''),
	address3: z.string().default(''),
	phone: z.string().default(''),
	latitude: z.number().min(-90).max(90),
	longitude: z.number().min(-180).max(180),
})
export type Store = z.infer<typeof StoreSchema>

export const getStoreList = defineOperation({
	fn: 'getStoreList',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ StoreList: z.array(StoreSchema) }),
	cache: { ttlMs: TTL.general, tags: ['lookups'], shared: true },
})
