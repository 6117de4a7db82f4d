import { randomBytes } from 'node:crypto'
import * as contract from '#app/.server/presenter/contract/payments.ts'
import { type PaymentStatus } from '#app/.server/presenter/contract/payments.ts'
import { type Db, inTransaction } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'
import { assertOwnCompany } from './checkout.ts'
import { accountBalance, recordPayment } from '../statements.ts'
import { sydneyTime } from '../sydney.ts'

/**
 * Card payments through the sandbox's own hosted payment page (payment-pages.ts), as a provider
 * such as windcave would take them: a session is created with the callbacks, the page approves,
 * declines or cancels it once, and an approval becomes a payment in the ledger (statements.ts),
 * allocated to the oldest open invoices.
 */

const dollars = (cents: number) => cents / 100

type SessionRow = {
	session_id: string
	id_cust: number
	amount: number
	reference: string
	approved_url: string
	declined_url: string
	cancelled_url: string
	token: string
	status: PaymentStatus
}

export function findPaymentSession(db: Db, sessionId: string) {
	return db.prepare('SELECT * FROM payment_sessions WHERE session_id = ?').get(sessionId) as
		SessionRow | undefined
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
			recordPayment(db, session.id_cust, {
				amount: session.amount,
				paidOn: sydneyTime(now).date,
				reference: `Card payment ${session.reference}`,
			})
		return session
	})
}

export const payments = [
	implement(contract.getAgedBalances, ({ companyID, customerID }, { db, user, now }) => {
		assertOwnCompany(db, user, companyID)
		assertOwnCustomer(user, customerID)
		// Aged from the ledger today: the invoices and the payments allocated to them.
		const { current, day30, day60, day90, day120 } = accountBalance(
			db,
			customerID,
			sydneyTime(now).date,
		)
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
		// The session id comes back in the callbacks' ?sessionId= and in queryPaymentSession; the
		// token only in the page's address, so only the browser sent there can answer the page.
		const token = randomBytes(24).toString('base64url')
		db.prepare(
			`INSERT INTO payment_sessions (session_id, id_cust, amount, reference, approved_url, declined_url, cancelled_url, token, created_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		).run(
			sessionId,
			p.idCust,
			p.paymentAmount,
			p.paymentReference,
			p.approvedUrl,
			p.declinedUrl,
			p.cancelledUrl,
			token,
			now.toISOString(),
		)
		return { sessionID: sessionId, redirectUrl: `${mount}/pay/${sessionId}?token=${token}` }
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
