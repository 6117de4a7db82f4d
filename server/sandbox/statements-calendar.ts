/**
 * The sandbox supplier's statement calendar: a statement is issued for each customer on the last
 * day of every month (Sydney time), from the first month of the seeded history. Statements,
 * registration (which asks for the latest statement's date and reference) and payments all read
 * their dates and references from here, so they agree.
 */
import { createHmac } from 'node:crypto'
import { type Db } from './db.ts'
import { SEED_TODAY } from './seed/transactions.ts'
import { sydneyTime } from './sydney.ts'

/** The seeded history covers the two years before SEED_TODAY; statements start with its first month. */
const HISTORY_DAYS = 730

/** The last day of the month of `yyyy-mm-dd`, as yyyy-mm-dd. */
function monthEnd(year: number, month: number) {
	const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
	return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`
}

/**
 * Every statement date up to `now` (a statement dated today counts), newest first: the month-ends
 * from the first month of the seeded history.
 */
export function statementDates(now: Date): string[] {
	const today = sydneyTime(now).date
	const first = new Date(Date.parse(`${SEED_TODAY}T00:00:00Z`) - HISTORY_DAYS * 86_400_000)
	const dates: string[] = []
	let year = first.getUTCFullYear()
	let month = first.getUTCMonth() + 1
	for (;;) {
		const date = monthEnd(year, month)
		if (date > today) break
		dates.push(date)
		month++
		if (month > 12) {
			month = 1
			year++
		}
	}
	return dates.reverse()
}

/** The meta key of this database's secret for statement references (set by schema.ts). */
export const STATEMENT_SECRET = 'statement_secret'

/**
 * The reference printed on a customer's statement: ST{yyyymm}-{code}, e.g. ST202610-4F1C09A2B7.
 * Registration takes it as proof of holding a recent statement, so the code is not derivable from
 * what anyone knows (the month and the account number): it is an HMAC of both under this
 * database's own secret, made with the database and replaced when the sandbox is reset.
 */
export function statementReference(db: Db, customerID: number, dateStatement: string) {
	const { value: secret } = db
		.prepare('SELECT value FROM meta WHERE key = ?')
		.get(STATEMENT_SECRET) as { value: string }
	const code = createHmac('sha256', secret)
		.update(`${customerID}|${dateStatement}`)
		.digest('hex')
		.slice(0, 10)
		.toUpperCase()
	return `ST${dateStatement.slice(0, 4)}${dateStatement.slice(5, 7)}-${code}`
}
