import { describe, expect, test } from 'vitest'
import * as payments from '#app/.server/presenter/contract/payments.ts'
import { getUserDetails } from '#app/.server/presenter/contract/users.ts'
import { completePayment } from './operations/payments.ts'
import { COMPANY_ID } from './seed/company.ts'
import { CUSTOMER, fails, useSandbox, type Username } from './test-harness.ts'

/** Noon in Sydney on the seed's 'today' (Friday 20 November 2026). */
const NOW = new Date('2026-11-20T01:00:00Z')

/** A sandbox at `now` with the calls these tests make. */
function paymentsSandbox(now: Date) {
	const sandbox = useSandbox({ now: () => now })
	const { call } = sandbox
	const aged = (username: Username) =>
		call(
			payments.getAgedBalances,
			{ companyID: COMPANY_ID, customerID: CUSTOMER[username] },
			username,
		).then((r) => r.dataset.AgedBalances[0]!)
	const details = (username: Username) =>
		call(
			getUserDetails,
			{ userName: username, companyID: COMPANY_ID, tpa: 'TPA', limit: 25, page: 1, start: 0 },
			username,
		).then((r) => r.dataset.UserDetails[0]!)
	return {
		call,
		origin: () => sandbox.origin,
		/** Starts a payment as the portal does, and answers it on the hosted page. */
		async pay(username: Username, amount: number, outcome: 'approved' | 'declined' = 'approved') {
			const { sessionID } = await call(
				payments.createPaymentSession,
				{
					approvedUrl: 'https://portal.example/payment-complete',
					declinedUrl: 'https://portal.example/payment-fail',
					cancelledUrl: 'https://portal.example/payment-cancelled',
					idCust: CUSTOMER[username],
					paymentAmount: amount,
					paymentReference: `${CUSTOMER[username]}-0-0`,
				},
				username,
			)
			completePayment(sandbox.db, sessionID, outcome, now)
			return sessionID
		},
		query: (sessionID: string, username: Username) =>
			call(payments.queryPaymentSession, { sessionID }, username).then(
				(r) => r.dataset.PaymentSession[0]!,
			),
		/** The user details' three balances, checked against the aging they must agree with. */
		async balancesAgree(username: Username) {
			const [user, aging] = await Promise.all([details(username), aged(username)])
			expect(user.current_balance).toBe(aging.currentBalance)
			expect(user.balance_30_day).toBe(aging.day30Balance)
			expect(user.balance_overdue).toBe(aging.overdueBalance)
			expect(aging.overdueBalance).toBe(
				aging.day60Balance + aging.day90Balance + aging.day120Balance,
			)
			// Together the three are the whole open balance.
			expect(user.current_balance + user.balance_30_day + user.balance_overdue).toBe(
				aging.totalBalance,
			)
			return { user, aging }
		},
	}
}

describe('balances', () => {
	const sandbox = paymentsSandbox(NOW)

	test('the user details’ current, 30-day and overdue balances are the aging’s parts', async () => {
		await sandbox.balancesAgree('onhold')
		const { user } = await sandbox.balancesAgree('demo')
		expect([user.current_balance, user.balance_30_day, user.balance_overdue]).toEqual([
			4_029_731, 3_256_886, 2_200_758,
		])
	})

	test('an approved payment moves both alike, oldest invoices first', async () => {
		const { aging: before } = await sandbox.balancesAgree('demo')
		await sandbox.pay('demo', 1000)
		await sandbox.pay('demo', 500, 'declined')
		const { aging } = await sandbox.balancesAgree('demo')
		expect(aging.totalBalance).toBe(before.totalBalance - 100_000)
		expect(aging.overdueBalance).toBe(before.overdueBalance - 100_000)
	})
})

describe('balances a month on', () => {
	const sandbox = paymentsSandbox(new Date('2026-12-15T01:00:00Z'))

	test('both read the ledger on the same day: November’s invoices are now 30 days', async () => {
		const { user } = await sandbox.balancesAgree('demo')
		expect(user.balance_30_day).toBe(4_029_731)
	})
})

describe('queryPaymentSession', () => {
	const sandbox = paymentsSandbox(NOW)

	test('answers the session’s own customer only', async () => {
		const sessionID = await sandbox.pay('onhold', 75)
		expect(await sandbox.query(sessionID, 'onhold')).toMatchObject({
			sessionID,
			idCust: CUSTOMER.onhold,
			status: 'approved',
			paymentAmount: 7500,
		})
		// Another customer's session is as unknown as a made-up one.
		await fails(sandbox.query(sessionID, 'demo'), 'field', 'sessionID')
		await fails(sandbox.query('0123456789abcdef0123456789abcdef', 'demo'), 'field', 'sessionID')
	})
})

describe('the hosted payment page', () => {
	const sandbox = paymentsSandbox(NOW)

	test('is driven only with the token in the address the portal was given', async () => {
		const { sessionID, redirectUrl } = await sandbox.call(payments.createPaymentSession, {
			approvedUrl: 'https://portal.example/payment-complete',
			declinedUrl: 'https://portal.example/payment-fail',
			cancelledUrl: 'https://portal.example/payment-cancelled',
			idCust: CUSTOMER.demo,
			paymentAmount: 40,
			paymentReference: `${CUSTOMER.demo}-0-0`,
		})
		const address = new URL(redirectUrl, sandbox.origin())
		expect(address.pathname).toBe(`/presenter/pay/${sessionID}`)
		const token = address.searchParams.get('token') ?? ''
		expect(token).toMatch(/^[\w-]{32}$/)
		const approve = (url: string) =>
			fetch(url, {
				method: 'POST',
				body: new URLSearchParams({ outcome: 'approved' }),
				redirect: 'manual',
			})
		const page = `${sandbox.origin()}/presenter/pay/${sessionID}`

		// The session id alone (it is in the callbacks and queryPaymentSession) opens nothing.
		expect((await fetch(page)).status).toBe(404)
		for (const url of [page, `${page}?token=`, `${page}?token=${'A'.repeat(32)}`]) {
			expect((await approve(url)).status, url).toBe(404)
		}
		expect(await sandbox.query(sessionID, 'demo')).toMatchObject({ status: 'pending' })

		expect((await fetch(address)).status).toBe(200)
		const answer = await approve(address.href)
		expect(answer.status).toBe(303)
		expect(answer.headers.get('Location')).toBe(
			`https://portal.example/payment-complete?sessionId=${sessionID}`,
		)
		expect(await sandbox.query(sessionID, 'demo')).toMatchObject({ status: 'approved' })
	})
})
