import { type Db } from '../db.ts'

/** Company-wide settings flags (id_cust NULL); a customer's own rows override them. */
const COMPANY_SETTINGS: Record<string, string> = {
	pricebook_enabled: 'true',
	pagesize: '12',
	initial_branchID: '1',
	locale: 'en-AU',
	currency: 'AUD',
	tax_inclusive: 'false',
	payment_provider: 'windcave',
	login_text:
		'<p>Not a trade customer yet? Call <strong>1300 727 466</strong> or visit any branch to open an account.</p>',
	help_text:
		'<p>Our trade desk is open <strong>6:00am–4:30pm</strong> weekdays and 7:00am–12:00pm Saturdays.</p>',
}

const CUSTOMER_SETTINGS: Array<[number, string, string]> = [
	[
		10002,
		'status_message_on_hold',
		'Your account is on hold. Please contact our accounts team on (02) 9550 1200 to arrange payment before placing new orders.',
	],
	[
		10003,
		'status_message_suspended',
		'Your account has been suspended. Orders cannot be processed until the account is brought up to date. Please call accounts on (02) 9550 1200.',
	],
]

export function seedSettings(db: Db) {
	const insert = db.prepare('INSERT INTO settings (id_cust, name, value) VALUES (?, ?, ?)')
	for (const [name, value] of Object.entries(COMPANY_SETTINGS)) insert.run(null, name, value)
	for (const [customer, name, value] of CUSTOMER_SETTINGS) insert.run(customer, name, value)
}
