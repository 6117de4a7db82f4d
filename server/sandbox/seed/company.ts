import { type Db } from '../db.ts'
import { hashPassword } from '../passwords.ts'

export const COMPANY_ID = '1'
export const DEMO_PASSWORD = 'demo'

/** The demo customers: one per login in the README. */
export const CUSTOMERS = [
	{
		id_cust: 10001,
		customerName: 'Harbour City Constructions Pty Ltd',
		street: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
		bill: ['PO Box 512', 'Alexandria', 'NSW', '2015'],
		customerEmail: 'accounts@harbourcityconstructions.com.au',
		phones: ['(02) 9698 4410', '(02) 9698 4411', '0412 558 302'],
		account_status: 'Active',
		discount: 0.12,
	},
	{
		id_cust: 10002,
		customerName: 'Westside Renovations Pty Ltd',
		street: ['7/33 Hassall Street', 'Parramatta', 'NSW', '2150'],
		bill: ['7/33 Hassall Street', 'Parramatta', 'NSW', '2150'],
		customerEmail: 'office@westsiderenovations.com.au',
		phones: ['(02) 9633 2871', '', '0433 190 764'],
		account_status: 'On Hold',
		discount: 0.05,
	},
	{
		id_cust: 10003,
		customerName: 'Coastal Roofing & Cladding',
		street: ['21 Montague Street', 'Wollongong', 'NSW', '2500'],
		bill: ['PO Box 88', 'Wollongong', 'NSW', '2520'],
		customerEmail: 'admin@coastalroofing.com.au',
		phones: ['(02) 4228 6120', '(02) 4228 6121', '0401 772 915'],
		account_status: 'Suspended',
		discount: 0.05,
	},
] as const

export const USERS = [
	{
		id_user: 501,
		id_cust: 10001,
		username: 'demo',
		first: 'Sarah',
		last: 'Mitchell',
		email: 'sarah.mitchell@harbourcityconstructions.com.au',
		role: 'admin',
	},
	{
		id_user: 502,
		id_cust: 10002,
		username: 'onhold',
		first: 'Daniel',
		last: 'Nguyen',
		email: 'daniel@westsiderenovations.com.au',
		role: 'admin',
	},
	{
		id_user: 503,
		id_cust: 10003,
		username: 'suspended',
		first: 'Priya',
		last: 'Sharma',
		email: 'priya@coastalroofing.com.au',
		role: 'admin',
	},
	{
		id_user: 504,
		id_cust: 10001,
		username: 'tbaker',
		first: 'Tom',
		last: 'Baker',
		email: 'tom.baker@harbourcityconstructions.com.au',
		role: 'sales',
	},
	{
		id_user: 505,
		id_cust: 10001,
		username: 'joconnor',
		first: 'Jess',
		last: "O'Connor",
		email: 'jess.oconnor@harbourcityconstructions.com.au',
		role: 'sales',
	},
] as const

/**
 * More users of the demo customer, for account administration: an administrator, and a sales
 * user whose web access is switched off (cannot sign in). Kept apart from USERS, which the
 * seeded transaction history draws on.
 */
export const SUB_USERS = [
	{
		id_user: 506,
		id_cust: 10001,
		username: 'rwilliams',
		first: 'Rachel',
		last: 'Williams',
		email: 'rachel.williams@harbourcityconstructions.com.au',
		role: 'admin',
		active: true,
		phones: ['0418 220 931', '(02) 9698 4412', '', ''],
	},
	{
		id_user: 507,
		id_cust: 10001,
		username: 'lpatel',
		first: 'Liam',
		last: 'Patel',
		email: 'liam.patel@harbourcityconstructions.com.au',
		role: 'sales',
		active: false,
		phones: ['0422 871 604', '', '', ''],
	},
] as const

/** Phone numbers of the users in USERS: mobile, business, home, fax. */
const USER_PHONES: Record<number, readonly string[]> = {
	501: ['0412 558 302', '(02) 9698 4410', '', '(02) 9698 4411'],
	502: ['0433 190 764', '(02) 9633 2871', '', ''],
	503: ['0401 772 915', '(02) 4228 6120', '', '(02) 4228 6121'],
	504: ['0409 117 238', '(02) 9698 4410', '', ''],
	505: ['0427 604 155', '', '(02) 9557 3310', ''],
}

export function seedCompany(db: Db) {
	db.prepare('INSERT INTO company VALUES (?, ?, ?, ?)').run(
		COMPANY_ID,
		'Southern Cross Building Supplies',
		'51 824 753 556',
		'trade@southerncrossbuilding.com.au',
	)
	const customer = db.prepare(
		`INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	for (const c of CUSTOMERS) {
		customer.run(
			c.id_cust,
			COMPANY_ID,
			c.customerName,
			...c.street,
			c.customerEmail,
			...c.bill,
			...c.phones,
			c.account_status,
			// Balances come from the ledger (statements.ts customerBalances).
			null,
			null,
			null,
			c.discount,
		)
	}
	const user = db.prepare(
		`INSERT INTO users (id_user, id_cust, username, password_hash, name_first, name_last, email, roleID, last_login_at, current_login_at,
		 phone_mobile, phone_business, phone_home, fax, active)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	const all = [
		...USERS.map((u) => ({ ...u, active: true, phones: USER_PHONES[u.id_user]! })),
		...SUB_USERS,
	]
	for (const [i, u] of all.entries()) {
		// A previous sign-in a few days back, so 'last login' has something to show.
		const previous = new Date(Date.UTC(2026, 9, 12 + i, 21, 14 + i * 7, 36)).toISOString()
		user.run(
			u.id_user,
			u.id_cust,
			u.username,
			hashPassword(DEMO_PASSWORD),
			u.first,
			u.last,
			u.email,
			u.role,
			previous,
			previous,
			...u.phones,
			u.active ? 1 : 0,
		)
	}
}
