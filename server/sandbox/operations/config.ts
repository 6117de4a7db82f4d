import * as contract from '#app/.server/presenter/contract/config.ts'
import { type Db } from '../db.ts'
import { assertOwnCustomer, implement, implementPublic } from '../implement.ts'

/** Company settings overlaid with the customer's own rows. */
export function settingsFor(db: Db, customerID: number | null) {
	const rows = db
		.prepare(
			`SELECT name, value FROM settings WHERE id_cust IS NULL OR id_cust = ?
			 ORDER BY id_cust IS NOT NULL, name`,
		)
		.all(customerID) as Array<{ name: string; value: string }>
	return [...new Map(rows.map((r) => [r.name, { name: r.name, value: r.value }])).values()]
}

/** What a visitor may read before signing in. */
const PUBLIC_SETTINGS = new Set(['login_text', 'locale', 'currency'])

export const config = [
	implement(contract.getSettings, ({ customerID }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		return { dataset: { Settings: settingsFor(db, customerID) } }
	}),
	implementPublic(contract.getLoginSettings, (_payload, { db }) => ({
		dataset: { Settings: settingsFor(db, null).filter((s) => PUBLIC_SETTINGS.has(s.name)) },
	})),
]
