import { z } from 'zod'
import { datasetReply, defineOperation, Money, TTL } from './define.ts'

export const AccountStatusSchema = z.enum(['Active', 'On Hold', 'Suspended'])
export type AccountStatus = z.infer<typeof AccountStatusSchema>

export const UserDetailsSchema = z.object({
	id_cust: z.number().int(),
	id_user: z.number().int(),
	name_first: z.string(),
	name_last: z.string(),
	userEmailAddress: z.string(),
	current_balance: Money,
	balance_30_day: Money,
	balance_overdue: Money,
	/** Seconds since midnight. */
	last_login_time: z.number().int().min(0).max(86_399).nullable(),
	/** ISO date (yyyy-mm-dd). */
	last_login_date: z.string().nullable(),
	account_status: AccountStatusSchema,
	roleID: z.enum(['admin', 'sales']).default('admin'),
})
export type UserDetails = z.infer<typeof UserDetailsSchema>

export const getUserDetails = defineOperation({
	fn: 'getUserDetails',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		userName: z.string(),
		companyID: z.string(),
		tpa: z.string(),
		limit: z.literal(25),
		page: z.literal(1),
		start: z.literal(0),
	}),
	reply: datasetReply({ UserDetails: z.array(UserDetailsSchema).min(1) }),
	cache: { ttlMs: TTL.home, tags: ['user'] },
})

export const CustomerDetailsSchema = z.object({
	customerID: z.number().int(),
	customerName: z.string(),
	streetAddress: z.string(),
	streetSuburb: z.string(),
	streetState: z.string(),
	streetPostCode: z.string(),
	customerEmail: z.string(),
	billAddress: z.string(),
	billSuburb: z.string(),
	billState: z.string(),
	billPostCode: z.string(),
	phoneHome: z.string(),
	faxBusiness: z.string(),
	phoneMobile: z.string(),
})
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>

export const getCustomerDetails = defineOperation({
	fn: 'getCustomerDetails',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ customerID: z.number().int() }),
	reply: datasetReply({ CustomerDetails: z.array(CustomerDetailsSchema).min(1) }),
	cache: { ttlMs: TTL.home, tags: ['customer'] },
})
