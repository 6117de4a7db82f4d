import { describe, expect, test } from 'vitest'
import * as invoices from '#app/.server/presenter/contract/invoices.ts'
import { type EmailDetail } from '#app/.server/presenter/contract/invoices.ts'
import * as statements from '#app/.server/presenter/contract/statements.ts'
import { saveUserComment } from '#app/.server/presenter/contract/transactions.ts'
import { formatMoney } from '#app/utils/format.ts'
import { ageBalance, openItems } from './ledger.ts'
import { BULK_EMAIL_QUEUE_THRESHOLD } from './operations/invoices.ts'
import { COMPANY_ID } from './seed/company.ts'
import { SEED_TODAY } from './seed/transactions.ts'
import { customerBalances } from './statements.ts'
import { statementReference } from './statements-calendar.ts'
import { cents, CUSTOMER, fails, pdfText, useSandbox, type Username } from './test-harness.ts'

/** The sandbox clock: noon in Sydney on the seed's 'today' (Friday 20 November 2026). */
const NOW = new Date('2026-11-20T01:00:00Z')
const LATEST = '2026-10-31'

const sandbox = useSandbox({ now: () => NOW })
const { call, stream, all, one } = sandbox

const customer = (username: Username = 'demo') => ({
	companyID: COMPANY_ID,
	customerID: CUSTOMER[username],
})
const list = (username: Username = 'demo') =>
	call(statements.getStatementList, customer(username), username).then(
		(r) => r.dataset.StatementList,
	)
const detail = (statementDate: string, username: Username = 'demo') =>
	call(statements.getStatementDetail, { ...customer(username), statementDate }, username).then(
		(r) => ({ statement: r.dataset.Statement[0]!, lines: r.dataset.StatementDetail }),
	)

type OutboxEmail = {
	to_address: string
	cc: string
	bcc: string
	subject: string
	body: string
	attachments: Array<{ filename: string; contentType: string; size: number; content: string }>
}
const outbox = () => sandbox.control<{ emails: OutboxEmail[] }>('/outbox').then((r) => r.emails)

/** The customer's invoices straight from the tables, for checking the ledger independently. */
function ledgerRows(customerID: number) {
	const invoiceRows = all(
		`SELECT id, invoiceDate AS date, transactionTotalAmountIncGST AS amount FROM transactions
		 WHERE id_cust = ? AND transactionType = 'Invoice'`,
		customerID,
	).map((r) => ({ id: Number(r.id), date: String(r.date), cents: cents(Number(r.amount)) }))
	const allocations = all(
		`SELECT a.transaction_id, p.paid_on, a.amount FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
		 WHERE p.id_cust = ?`,
		customerID,
	).map((r) => ({
		invoiceId: Number(r.transaction_id),
		paidOn: String(r.paid_on),
		cents: cents(Number(r.amount)),
	}))
	return { invoiceRows, allocations }
}

describe('getStatementList', () => {
	test('a statement per month-end of the two-year history, newest first', async () => {
		const rows = await list()
		expect(rows.length).toBeGreaterThanOrEqual(24)
		expect(rows[0]?.dateStatement).toBe(LATEST)
		expect(rows.at(-1)?.dateStatement).toBe('2024-11-30')
		const dates = rows.map((r) => r.dateStatement)
		expect([...dates].sort().reverse()).toEqual(dates)
		for (const r of rows) {
			expect(r).toMatchObject({
				customerId: 10001,
				companyId: COMPANY_ID,
				customerName: 'Harbour City Constructions Pty Ltd',
			})
			const buckets = [
				r.currentBalance,
				r.day30Balance,
				r.day60Balance,
				r.day90Balance,
				r.day120Balance,
			]
			expect(r.dueBalance).toBe(buckets.reduce((sum, b) => sum + b, 0))
		}
	})

	test('aging comes from the invoices and the payments allocated to them', async () => {
		const { invoiceRows, allocations } = ledgerRows(10001)
		for (const s of await list()) {
			const aged = ageBalance(openItems(invoiceRows, allocations, s.dateStatement), s.dateStatement)
			expect([
				s.currentBalance,
				s.day30Balance,
				s.day60Balance,
				s.day90Balance,
				s.day120Balance,
			]).toEqual([aged.current, aged.day30, aged.day60, aged.day90, aged.day120])
		}
		// The demo customer's latest statement has something overdue (a disputed invoice).
		const [latest] = await list()
		expect(latest!.currentBalance).toBeGreaterThan(0)
		expect(latest!.day30Balance + latest!.day90Balance).toBeGreaterThan(0)
	})

	test('the account balances are the ledger’s aging on the day asked', () => {
		for (const id of [10001, 10002, 10003]) {
			const { invoiceRows, allocations } = ledgerRows(id)
			const aged = ageBalance(openItems(invoiceRows, allocations, SEED_TODAY), SEED_TODAY)
			const balances = customerBalances(sandbox.db, id, SEED_TODAY)
			expect(cents(balances.current_balance)).toBe(aged.current)
			expect(cents(balances.balance_30_day)).toBe(aged.day30)
			expect(cents(balances.balance_overdue)).toBe(aged.day60 + aged.day90 + aged.day120)
			expect(aged.total).toBeGreaterThan(0)
		}
	})

	test('only the session’s customer', async () => {
		await fails(
			call(statements.getStatementList, { companyID: COMPANY_ID, customerID: 10002 }),
			'field',
			'customerID',
		)
	})
})

describe('getStatementDetail', () => {
	test('lines: the invoices still open, the month’s invoices and payments; balances add up', async () => {
		const { statement, lines } = await detail('2026-09-30')
		expect(statement.dateStatement).toBe('2026-09-30')
		expect(lines.length).toBeGreaterThan(0)
		const total = lines.reduce((sum, l) => sum + l.balanceAmount, 0)
		expect(total).toBe(statement.dueBalance)
		for (const l of lines) {
			expect(l.transactionDate <= '2026-09-30').toBe(true)
			if (l.balanceAmount === 0) expect(l.transactionDate.startsWith('2026-09')).toBe(true)
		}
		const payments = lines.filter((l) => l.displayType === 'Payment')
		expect(payments).toHaveLength(1)
		expect(payments[0]).toMatchObject({ transactionDate: '2026-09-25', balanceAmount: 0 })
		expect(payments[0]!.displayAmount).toBeLessThan(0)
		// An invoice line names the invoice as the tables have it.
		const invoice = lines.find((l) => l.displayType === 'Invoice')!
		const row = one(
			`SELECT invoiceDate, transactionTotalAmountIncGST, customerOrderNumber, jobName FROM transactions
			 WHERE transactionNumber = ? AND transactionSuffix = ?`,
			invoice.transactionNumber,
			invoice.transactionSuffix,
		)
		expect(invoice).toMatchObject({
			transactionDate: row.invoiceDate,
			displayAmount: cents(Number(row.transactionTotalAmountIncGST)),
			custOrdNo: row.customerOrderNumber,
			jobName: row.jobName,
		})
	})

	test('a date that is not one of the customer’s statements is no records', async () => {
		await fails(detail('2026-10-30'), 'no-records')
		await fails(detail('2026-11-30'), 'no-records')
		await fails(detail('2020-01-31'), 'no-records')
	})
})

describe('streamCustomerStatement and emailStatement', () => {
	test('the PDF is statement-{date}.pdf with the lines and the aging row', async () => {
		const { statement, lines } = await detail('2026-09-30')
		const res = await stream(statements.streamCustomerStatement, {
			idCust: 10001,
			idCompany: COMPANY_ID,
			statementDate: '2026-09-30',
		})
		expect(res.headers.get('content-type')).toBe('application/pdf')
		expect(res.headers.get('content-disposition')).toBe(
			'attachment; filename="statement-2026-09-30.pdf"',
		)
		const file = Buffer.from(await res.arrayBuffer())
		expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-')
		const text = pdfText(file).split('\n')
		expect(text).toContain('Statement 30/09/2026')
		expect(text).toContain(`Reference: ${statementReference(sandbox.db, 10001, '2026-09-30')}`)
		for (const label of ['Current', '30 Days', '60 Days', '90 Days', '120+ Days', 'Balance Due'])
			expect(text).toContain(label)
		for (const l of lines) expect(text).toContain(`${l.transactionNumber}-${l.transactionSuffix}`)
		expect(text).toContain(formatMoney(statement.dueBalance))
	})

	test('emailing puts the statement’s PDF in the outbox', async () => {
		const before = (await outbox()).length
		const reply = await call(statements.emailStatement, {
			customerID: 10001,
			emailAddress: 'accounts@example.com',
			statementDate: '2026-08-31',
		})
		expect(reply).toEqual({ msg: 'Statement sent successfully' })
		const sent = await outbox()
		expect(sent).toHaveLength(before + 1)
		const email = sent.at(-1)!
		expect(email.to_address).toBe('accounts@example.com')
		expect(email.subject).toBe('Statement 31/08/2026 from Southern Cross Building Supplies')
		expect(email.attachments).toHaveLength(1)
		expect(email.attachments[0]?.filename).toBe('statement-2026-08-31.pdf')
		expect(pdfText(Buffer.from(email.attachments[0]!.content, 'base64'))).toContain(
			'Statement 31/08/2026',
		)
	})
})

describe('getCustomerInvoices', () => {
	const invoiceList = (fromDate: string, toDate: string) =>
		call(invoices.getCustomerInvoices, {
			customerID: 10001,
			deviceID: 'test',
			userName: 'demo',
			fromDate,
			toDate,
		}).then((r) => r.dataset.InvoiceTP)

	test('the invoices dated within the range, both ends included, newest first', async () => {
		const rows = await invoiceList('2026-08-20', '2026-10-31')
		const expected = all(
			`SELECT transactionNumber FROM transactions WHERE id_cust = 10001 AND transactionType = 'Invoice'
			 AND invoiceDate BETWEEN '2026-08-20' AND '2026-10-31'`,
		)
		expect(rows).toHaveLength(expected.length)
		expect(rows.length).toBeGreaterThan(10)
		const dates = rows.map((r) => r.invoiceDate)
		expect([...dates].sort().reverse()).toEqual(dates)
		expect(dates.every((d) => d >= '2026-08-20' && d <= '2026-10-31')).toBe(true)
		expect(rows.every((r) => r.transactionType === 'Invoice')).toBe(true)
	})

	test('open ends, and the comment saved on an invoice', async () => {
		const everything = await invoiceList('', '')
		expect(everything).toHaveLength(
			all(`SELECT 1 FROM transactions WHERE id_cust = 10001 AND transactionType = 'Invoice'`)
				.length,
		)
		const target = everything[3]!
		await call(saveUserComment, {
			userName: 'demo',
			customerID: 10001,
			transactionNumber: target.transactionNumber,
			transactionSuffix: target.transactionSuffix,
			userComment: 'Checked against delivery docket 5531',
		})
		const again = await invoiceList(target.invoiceDate, target.invoiceDate)
		expect(
			again.find(
				(r) =>
					r.transactionNumber === target.transactionNumber &&
					r.transactionSuffix === target.transactionSuffix,
			)?.userComment,
		).toBe('Checked against delivery docket 5531')
	})
})

describe('emailTransactions', () => {
	const refs = (n: number, customerID = 10001) =>
		all(
			`SELECT transactionNumber, transactionSuffix FROM transactions
			 WHERE id_cust = ? AND transactionType = 'Invoice' AND transactionAmount > 0
			 ORDER BY invoiceDate DESC LIMIT ?`,
			customerID,
			n,
		).map((r) => ({
			id_company: COMPANY_ID,
			id_customer: customerID,
			num_tran: Number(r.transactionNumber),
			num_suffix: Number(r.transactionSuffix),
		}))
	const send = (
		transactionList: ReturnType<typeof refs>,
		emailDetails: EmailDetail[] = [{ email_address: 'accounts@example.com' }],
	) =>
		call(invoices.emailTransactions, {
			device: 'test',
			typedoc: 'Invoice',
			format: 'pdf',
			emailDetails,
			transactionList,
		})

	test('one message per recipient, each with every invoice’s PDF', async () => {
		const before = (await outbox()).length
		const chosen = refs(7)
		const reply = await send(chosen, [
			{ email_address: 'accounts@example.com' },
			{ email_address: 'site@example.com', email_address_cc: 'boss@example.com' },
		])
		expect(reply).toEqual({ msg: "Invoice's sent successfully" })
		const sent = (await outbox()).slice(before)
		expect(sent.map((e) => [e.to_address, e.cc])).toEqual([
			['accounts@example.com', ''],
			['site@example.com', 'boss@example.com'],
		])
		for (const email of sent) {
			expect(email.attachments.map((a) => a.filename)).toEqual(
				chosen.map((c) => `invoice-${c.num_tran}-${c.num_suffix}.pdf`),
			)
			const first = Buffer.from(email.attachments[0]!.content, 'base64')
			expect(pdfText(first)).toContain(
				`Tax Invoice ${chosen[0]!.num_tran}-${chosen[0]!.num_suffix}`,
			)
			expect(email.body).toContain('Please find attached 7 invoices (PDF)')
		}
	})

	test(`more than ${BULK_EMAIL_QUEUE_THRESHOLD} invoices: sent, but answered as queued`, async () => {
		const before = (await outbox()).length
		await fails(send(refs(BULK_EMAIL_QUEUE_THRESHOLD + 1)), 'queued')
		const sent = (await outbox()).slice(before)
		expect(sent).toHaveLength(1)
		expect(sent[0]!.attachments).toHaveLength(BULK_EMAIL_QUEUE_THRESHOLD + 1)
	})

	test('only the customer’s own invoices; nothing is sent otherwise', async () => {
		const before = (await outbox()).length
		await fails(send([...refs(2), ...refs(1, 10002)]), 'field', 'transactionList.2.id_customer')
		const order = one(
			`SELECT transactionNumber, transactionSuffix FROM transactions WHERE id_cust = 10001 AND transactionType = 'Order' LIMIT 1`,
		)
		await fails(
			send([
				{
					id_company: COMPANY_ID,
					id_customer: 10001,
					num_tran: Number(order.transactionNumber),
					num_suffix: Number(order.transactionSuffix),
				},
			]),
			'field',
			'transactionList.0',
		)
		expect(await outbox()).toHaveLength(before)
	})
})
