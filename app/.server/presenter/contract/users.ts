import { z } from 'zod'
import { datasetReply, defineOperation, Money, PresenterBoolean, TTL } from './define.ts'

export const AccountStatusSchema = z.enum(['Active', 'On Hold', 'Suspended'])
export type AccountStatus = z.infer<typeof AccountStatusSchema>

/** Sub-user roles, shown as badges. */
export const RoleSchema = z.enum(['admin', 'sales'])
export type Role = z.infer<typeof RoleSchema>

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
	roleID: RoleSchema.default('admin'),
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

/** A sub-user's contact details (MobileUserDetail). */
export const MobileUserDetailSchema = z.object({
	firstName: z.string().trim().min(1).max(50),
	lastName: z.string().trim().min(1).max(50),
	emailAddress: z.email().max(254),
	phoneMobile: z.string().max(30).default(''),
	phoneBusiness: z.string().max(30).default(''),
	phoneHome: z.string().max(30).default(''),
	faxNumber: z.string().max(30).default(''),
	customerID: z.number().int(),
})
export type MobileUserDetail = z.infer<typeof MobileUserDetailSchema>

/**
 * A sub-user (mobile user) of the customer. Passwords are write-only: the
 * presenter keeps only a hash and never sends one back.
 */
export const MobileUserSchema = z.object({
	tpauserID: z.string(),
	roleID: RoleSchema,
	/** Web access: the form's active switch. */
	canAccessTPWeb: PresenterBoolean,
	canAccessTPMobile: PresenterBoolean,
	custContactID: z.number().int(),
	tpaID: z.string(),
	customerID: z.number().int(),
	MobileUserDetail: z.array(MobileUserDetailSchema).min(1),
})
export type MobileUser = z.infer<typeof MobileUserSchema>

/** The customer's users (the admin area's list). */
export const getMobileUsers = defineOperation({
	fn: 'getMobileUsers',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ customerID: z.number().int() }),
	reply: datasetReply({ MobileUsers: z.array(MobileUserSchema) }),
	cache: { ttlMs: TTL.list, tags: ['users'] },
})

const Username = z
	.string()
	.trim()
	.min(1)
	.max(50)
	.regex(/^[A-Za-z0-9._@-]+$/)

/** What adding and updating a user both send: the form plus the customer and the portal's tpa. */
const MobileUserChange = {
	tpauserID: Username,
	roleID: RoleSchema,
	canAccessTPWeb: z.boolean(),
	canAccessTPMobile: z.boolean(),
	customerID: z.number().int(),
	tpaID: z.string(),
	MobileUserDetail: z.array(MobileUserDetailSchema).length(1),
}

const Message = z.object({ msg: z.string().default('') })

/** Adds a user ('User added'); new users get web and mobile access. */
export const addMobileUser = defineOperation({
	fn: 'addMobileUser',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ ...MobileUserChange, tpaUserPassword: z.string().min(1).max(128) }),
	reply: Message,
	invalidates: ['users'],
})

/** Updates a user ('User updated'); an empty password keeps the current one. */
export const updateMobileUser = defineOperation({
	fn: 'updateMobileUser',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		...MobileUserChange,
		custContactID: z.number().int(),
		tpaUserPassword: z.string().max(128),
	}),
	reply: Message,
	invalidates: ['users', 'user'],
})

/** Deletes a user ('User deleted'). */
export const deleteMobileUser = defineOperation({
	fn: 'deleteMobileUser',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ custContactID: z.number().int() }),
	reply: Message,
	invalidates: ['users'],
})
