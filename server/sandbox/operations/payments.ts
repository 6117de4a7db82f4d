import { randomBytes } from 'node:crypto'
import * as contract from '../../../app/.server/presenter/contract/payments.ts'
import { type PaymentStatus } from '../../../app/.server/presenter/contract/payments.ts'
import { type Db } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'
import { assertOwnCompany } from './checkout.ts'
import { inTransaction } from './cart.ts'

/**
 * Card payments through the sandbox's own hosted payment page (payment-pages.ts), as a provider
 * such as windcave would take them: a session is created with the callbacks, the page approves,
 * declines or cancels it once, and an approval is applied to the account's balances, oldest first.
 * NOTE: the payments ledger of statements is not connected yet; this keeps its own table.
 */

const cents = (dollars: number) => Math.round(dollars * 100)
const dollars = (cents: number) => cents / 100

type SessionRow = {
	session_id: string
	id_cust: number
	amount: number
	reference: string
	approved_url: string
	declined_url: string
	cancelled_url: string
	status: PaymentStatus
}

export function findPaymentSession(db: Db, sessionId: string) {
	return db.prepare('SELECT * FROM payment_sessions WHERE session_id = ?').get(sessionId) as
		SessionRow | undefined
}

function agedBalances(db: Db, customerID: number) {
	const row = db
		.prepare(
			`SELECT c.current_balance, c.balance_30_day, c.balance_overdue, a.day60, a.day90, a.day120
			 FROM customers c JOIN account_aging a USING (id_cust) WHERE c.id_cust = ?`,
		)
		.get(customerID) as Record<string, number> | undefined
	if (!row) throw new SandboxFault('No matching records found')
	const buckets = [row.current_balance, row.balance_30_day, row.day60, row.day90, row.day120].map(
		(n) => cents(n!),
	) as [number, number, number, number, number]
	return buckets
}

/** Pays `amount` off the buckets, oldest first; what is left over is a credit on Current. */
function applyPayment(db: Db, customerID: number, amount: number) {
	const buckets = agedBalances(db, customerID)
	let left = cents(amount)
	for (let i = buckets.length - 1; i >= 0 && left > 0; i--) {
		const paid = Math.min(Math.max(buckets[i]!, 0), left)
		buckets[i]! -= paid
		left -= paid
	}
	buckets[0] -= left
	const [current, day30, day60, day90, day120] = buckets
	db.prepare(
		'UPDATE customers SET current_balance = ?, balance_30_day = ?, balance_overdue = ? WHERE id_cust = ?',
	).run(dollars(current), dollars(day30), dollars(day60 + day90 + day120), customerID)
	db.prepare('UPDATE account_aging SET day60 = ?, day90 = ?, day120 = ? WHERE id_cust = ?').run(
		dollars(day60),
		dollars(day90),
		dollars(day120),
		customerID,
	)
}

/**
 * The hosted page's answer: a pending session becomes approved (and is applied to the balances),
 * declined or cancelled, once; a session already answered keeps its first answer. Returns the
 * session as it now stands.
 */
export function completePayment(
	db: Db,
	sessionId: string,
	outcome: Exclude<PaymentStatus, 'pending'>,
	now: Date,
) {
	return inTransaction(db, () => {
		const changed = db
			.prepare(
				`UPDATE payment_sessions SET status = ?, completed_at = ? WHERE session_id = ? AND status = 'pending'`,
			)
			.run(outcome, now.toISOString(), sessionId)
		const session = findPaymentSession(db, sessionId)
		if (changed.changes === 1 && session?.status === 'approved')
			applyPayment(db, session.id_cust, session.amount)
		return session
	})
}

export const payments = [
	implement(contract.getAgedBalances, ({ companyID, customerID }, { db, user }) => {
		assertOwnCompany(db, user, companyID)
		assertOwnCustomer(user, customerID)
		const [current, day30, day60, day90, day120] = agedBalances(db, customerID)
		return {
			dataset: {
				AgedBalances: [
					{
						customerID,
						currentBalance: dollars(current),
						day30Balance: dollars(day30),
						day60Balance: dollars(day60),
						day90Balance: dollars(day90),
						day120Balance: dollars(day120),
						totalBalance: dollars(current + day30 + day60 + day90 + day120),
						overdueBalance: dollars(day60 + day90 + day120),
					},
				],
			},
		}
	}),
	implement(contract.createPaymentSession, (p, { db, user, now, mount }) => {
		assertOwnCustomer(user, p.idCust)
		const sessionId = randomBytes(16).toString('hex')
		db.prepare(
			`INSERT INTO payment_sessions (session_id, id_cust, amount, reference, approved_url, declined_url, cancelled_url, created_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		).run(
			sessionId,
			p.idCust,
			p.paymentAmount,
			p.paymentReference,
			p.approvedUrl,
			p.declinedUrl,
			p.cancelledUrl,
			now.toISOString(),
		)
		return { sessionID: sessionId, redirectUrl: `${mount}/pay/${sessionId}` }
	}),
	implement(contract.queryPaymentSession, ({ sessionID }, { db, user }) => {
		const session = findPaymentSession(db, sessionID)
		// Another customer's session is as unknown as a made-up one.
		if (!session || session.id_cust !== user.id_cust)
			throw new SandboxFault('Payment session not found', 'sessionID')
		return {
			dataset: {
				PaymentSession: [
					{
						sessionID,
						idCust: session.id_cust,
						status: session.status,
						paymentAmount: session.amount,
						paymentReference: session.reference,
					},
				],
			},
		}
	}),
]
