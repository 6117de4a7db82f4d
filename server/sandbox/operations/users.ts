import * as contract from '../../../app/.server/presenter/contract/users.ts'
import {
	type CustomerDetails,
	type UserDetails,
} from '../../../app/.server/presenter/contract/users.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'

const TIME_ZONE = 'Australia/Sydney'

/** An instant as the supplier's local date (yyyy-mm-dd) and seconds since local midnight. */
export function localDateAndSeconds(iso: string) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-AU', {
			timeZone: TIME_ZONE,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
		})
			.formatToParts(new Date(iso))
			.map((p) => [p.type, p.value]),
	)
	return {
		date: `${parts.year}-${parts.month}-${parts.day}`,
		seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
	}
}

export const users = [
	implement(contract.getUserDetails, ({ userName }, { db, user }) => {
		const row = db
			.prepare(
				`SELECT u.*, c.account_status, c.current_balance, c.balance_30_day, c.balance_overdue
				 FROM users u JOIN customers c USING (id_cust) WHERE u.username = ? AND u.id_cust = ?`,
			)
			.get(userName, user.id_cust) as Record<string, string | number | null> | undefined
		if (!row) throw new SandboxFault('No matching records found for user ' + userName)
		const last = row.last_login_at ? localDateAndSeconds(String(row.last_login_at)) : null
		const details: UserDetails = {
			id_cust: Number(row.id_cust),
			id_user: Number(row.id_user),
			name_first: String(row.name_first),
			name_last: String(row.name_last),
			userEmailAddress: String(row.email),
			current_balance: Number(row.current_balance),
			balance_30_day: Number(row.balance_30_day),
			balance_overdue: Number(row.balance_overdue),
			last_login_time: last?.seconds ?? null,
			last_login_date: last?.date ?? null,
			account_status: row.account_status as UserDetails['account_status'],
			roleID: row.roleID as UserDetails['roleID'],
		}
		return { dataset: { UserDetails: [details] } }
	}),
	implement(contract.getCustomerDetails, ({ customerID }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		const row = db
			.prepare(
				`SELECT id_cust AS customerID, customerName, streetAddress, streetSuburb, streetState, streetPostCode,
				 customerEmail, billAddress, billSuburb, billState, billPostCode, phoneHome, faxBusiness, phoneMobile
				 FROM customers WHERE id_cust = ?`,
			)
			.get(customerID) as CustomerDetails | undefined
		if (!row) throw new SandboxFault('No matching records')
		return { dataset: { CustomerDetails: [{ ...row }] } }
	}),
]
