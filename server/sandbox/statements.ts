/**
 * Monthly statements, read from the ledger (invoices and the payments allocated to them) on the
 * statement calendar's dates: the summary with its aging, the lines, the PDF and the email text.
 * Nothing is stored per statement, so a statement always agrees with the invoices it lists.
 */
import { type z } from 'zod'
import {
	type StatementLineSchema,
	type StatementSchema,
} from '#app/.server/presenter/contract/statements.ts'

/** Money in dollars, as the sandbox sends it. */
type Dollars<T, K extends keyof T> = Omit<T, K> & Record<K, number>
/** A statement and its lines as the sandbox sends them. */
type Statement = Dollars<
	z.input<typeof StatementSchema>,
	| 'currentBalance'
	| 'day30Balance'
	| 'day60Balance'
	| 'day90Balance'
	| 'day120Balance'
	| 'dueBalance'
>
type StatementLine = Dollars<
	Required<z.input<typeof StatementLineSchema>>,
	'displayAmount' | 'balanceAmount'
>
import { type Db } from './db.ts'
import { companyOf, display, money } from './documents.ts'
import { SandboxFault } from './implement.ts'
import { ageBalance, openItems } from './ledger.ts'
import { renderPdf, type PdfLine } from './pdf.ts'
import { statementDates, statementReference } from './statements-calendar.ts'

type InvoiceRow = {
	id: number
	transactionNumber: number
	transactionSuffix: number
	invoiceDate: string
	transactionTotalAmountIncGST: number
	customerOrderNumber: string
	jobName: string
}
type PaymentRow = { receiptNumber: number; paid_on: string; amount: number; reference: string }

const cents = (dollars: number) => Math.round(dollars * 100)

/** The customer's ledger as stored: invoices (inc GST) and payment allocations, in cents. */
function ledgerOf(db: Db, customerID: number) {
	const invoices = db
		.prepare(
			`SELECT id, transactionNumber, transactionSuffix, invoiceDate, transactionTotalAmountIncGST,
			 customerOrderNumber, jobName
			 FROM transactions WHERE id_cust = ? AND transactionType = 'Invoice' AND invoiceDate != ''`,
		)
		.all(customerID) as InvoiceRow[]
	const allocations = (
		db
			.prepare(
				`SELECT a.transaction_id AS invoiceId, p.paid_on AS paidOn, a.amount FROM payment_allocations a
				 JOIN payments p ON p.id = a.payment_id WHERE p.id_cust = ?`,
			)
			.all(customerID) as Array<{ invoiceId: number; paidOn: string; amount: number }>
	).map((a) => ({ invoiceId: a.invoiceId, paidOn: a.paidOn, cents: cents(a.amount) }))
	return {
		invoices: invoices.map((i) => ({
			...i,
			date: i.invoiceDate,
			cents: cents(i.transactionTotalAmountIncGST),
		})),
		allocations,
	}
}

/** The customer's open balance on `asOf` (yyyy-mm-dd), aged; amounts in cents. */
export function accountBalance(db: Db, customerID: number, asOf: string) {
	const { invoices, allocations } = ledgerOf(db, customerID)
	return ageBalance(openItems(invoices, allocations, asOf), asOf)
}

/**
 * The customer's balances as the user details carry them (home, Account Admin), from the ledger on
 * `asOf` and aged as Pay Account ages it: current_balance is the Current part (this month's
 * invoices, not yet due), balance_30_day last month's, balance_overdue 60 days and older; together
 * they are the whole open balance (decision 045). A balance the control API set stands instead.
 */
export function customerBalances(db: Db, customerID: number, asOf: string) {
	const aged = accountBalance(db, customerID, asOf)
	const set = db
		.prepare(
			'SELECT current_balance, balance_30_day, balance_overdue FROM customers WHERE id_cust = ?',
		)
		.get(customerID) as Record<
		'current_balance' | 'balance_30_day' | 'balance_overdue',
		number | null
	>
	return {
		current_balance: set.current_balance ?? aged.current / 100,
		balance_30_day: set.balance_30_day ?? aged.day30 / 100,
		balance_overdue: set.balance_overdue ?? (aged.day60 + aged.day90 + aged.day120) / 100,
	}
}

/**
 * A payment received on `paidOn` (a card payment through the hosted page): a ledger entry with the
 * next receipt number, allocated to the open invoices oldest first; what is left over stays an
 * unallocated credit. The balances follow, being read from the ledger.
 */
export function recordPayment(
	db: Db,
	customerID: number,
	payment: { amount: number; paidOn: string; reference: string },
) {
	const { receipt } = db
		.prepare('SELECT COALESCE(MAX(receiptNumber), 880100) + 1 AS receipt FROM payments')
		.get() as { receipt: number }
	const id = Number(
		db
			.prepare(
				'INSERT INTO payments (id_cust, receiptNumber, paid_on, amount, reference) VALUES (?, ?, ?, ?, ?)',
			)
			.run(customerID, receipt, payment.paidOn, payment.amount, payment.reference).lastInsertRowid,
	)
	const { invoices, allocations } = ledgerOf(db, customerID)
	const open = openItems(invoices, allocations, payment.paidOn)
		.filter((i) => i.open > 0)
		.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
	const allocate = db.prepare('INSERT INTO payment_allocations VALUES (?, ?, ?)')
	let left = cents(payment.amount)
	for (const item of open) {
		if (left <= 0) break
		const paid = Math.min(item.open, left)
		allocate.run(id, item.id, paid / 100)
		left -= paid
	}
	return receipt
}

function customerOf(db: Db, customerID: number) {
	return db
		.prepare(
			`SELECT id_cust, company_id, customerName, billAddress, billSuburb, billState, billPostCode
			 FROM customers WHERE id_cust = ?`,
		)
		.get(customerID) as {
		id_cust: number
		company_id: string
		customerName: string
		billAddress: string
		billSuburb: string
		billState: string
		billPostCode: string
	}
}

/** The statement of `dateStatement` (one of the calendar's dates up to `now`) with its lines. */
export function customerStatement(
	db: Db,
	customerID: number,
	dateStatement: string,
	now: Date,
): { statement: Statement; lines: StatementLine[] } {
	if (!statementDates(now).includes(dateStatement))
		throw new SandboxFault(`No matching records found for statement ${dateStatement}`)
	const { invoices, allocations } = ledgerOf(db, customerID)
	const open = openItems(invoices, allocations, dateStatement)
	const aging = ageBalance(open, dateStatement)
	const month = dateStatement.slice(0, 7)
	const openById = new Map(open.map((i) => [i.id, i.open]))
	// Every invoice still open, and everything of the statement's month (paid or not).
	const invoiceLines: StatementLine[] = invoices
		.filter((i) => openById.has(i.id) || i.date.startsWith(month))
		.filter((i) => i.date <= dateStatement)
		.map((i) => ({
			transactionNumber: i.transactionNumber,
			transactionSuffix: i.transactionSuffix,
			displayType: 'Invoice',
			transactionDate: i.date,
			displayAmount: i.cents / 100,
			balanceAmount: (openById.get(i.id) ?? 0) / 100,
			transactionRef: `INV ${i.transactionNumber}-${i.transactionSuffix}`,
			custOrdNo: i.customerOrderNumber,
			jobName: i.jobName,
		}))
	const payments = db
		.prepare(
			`SELECT receiptNumber, paid_on, amount, reference FROM payments
			 WHERE id_cust = ? AND paid_on BETWEEN ? AND ?`,
		)
		.all(customerID, `${month}-01`, dateStatement) as PaymentRow[]
	const paymentLines: StatementLine[] = payments.map((p) => ({
		transactionNumber: p.receiptNumber,
		transactionSuffix: 0,
		displayType: 'Payment',
		transactionDate: p.paid_on,
		displayAmount: -p.amount,
		balanceAmount: 0,
		transactionRef: p.reference,
		custOrdNo: '',
		jobName: '',
	}))
	const customer = customerOf(db, customerID)
	return {
		statement: {
			dateStatement,
			customerId: customerID,
			companyId: customer.company_id,
			customerName: customer.customerName,
			currentBalance: aging.current / 100,
			day30Balance: aging.day30 / 100,
			day60Balance: aging.day60 / 100,
			day90Balance: aging.day90 / 100,
			day120Balance: aging.day120 / 100,
			dueBalance: aging.total / 100,
		},
		lines: [...invoiceLines, ...paymentLines].sort(
			(a, b) =>
				a.transactionDate.localeCompare(b.transactionDate) ||
				a.transactionNumber - b.transactionNumber ||
				a.transactionSuffix - b.transactionSuffix,
		),
	}
}

/** statement-{date}.pdf. */
export const statementFileName = (dateStatement: string) => `statement-${dateStatement}.pdf`

/** The statement as a PDF: the customer, a table of its lines and the aging row. */
export function statementPdf(
	db: Db,
	{ statement, lines }: ReturnType<typeof customerStatement>,
): Promise<Buffer> {
	const company = companyOf(db, statement.customerId)
	const customer = customerOf(db, statement.customerId)
	const reference = statementReference(db, statement.customerId, statement.dateStatement)
	const title = `Statement ${display(statement.dateStatement)}`
	const widths = [1.1, 0.9, 1.2, 2.4, 1.2, 1.2]
	const body: PdfLine[] = [
		company.email,
		{ rule: true },
		{
			columns: [
				{
					text: [
						customer.customerName,
						customer.billAddress,
						`${customer.billSuburb} ${customer.billState} ${customer.billPostCode}`,
					].join('\n'),
					width: 1.4,
				},
				{
					text: [
						`Account: ${statement.customerId}`,
						`Statement date: ${display(statement.dateStatement)}`,
						`Reference: ${reference}`,
					].join('\n'),
				},
			],
		},
		'',
		{
			size: 9,
			shade: true,
			columns: [
				{ text: 'Date', bold: true, width: widths[0] },
				{ text: 'Type', bold: true, width: widths[1] },
				{ text: 'Number', bold: true, width: widths[2] },
				{ text: 'Reference', bold: true, width: widths[3] },
				{ text: 'Amount', bold: true, width: widths[4], align: 'right' },
				{ text: 'Balance', bold: true, width: widths[5], align: 'right' },
			],
		},
		...lines.map((l): PdfLine => ({
			size: 9,
			columns: [
				{ text: display(l.transactionDate), width: widths[0] },
				{ text: l.displayType, width: widths[1] },
				{ text: `${l.transactionNumber}-${l.transactionSuffix}`, width: widths[2] },
				{
					text: [l.custOrdNo, l.jobName].filter(Boolean).join(' · ') || l.transactionRef,
					width: widths[3],
				},
				{ text: money(l.displayAmount), width: widths[4], align: 'right' },
				{ text: money(l.balanceAmount), width: widths[5], align: 'right' },
			],
		})),
	]
	if (!lines.length) body.push({ text: 'No transactions this month', size: 9 })
	const buckets: Array<[string, number]> = [
		['Current', statement.currentBalance],
		['30 Days', statement.day30Balance],
		['60 Days', statement.day60Balance],
		['90 Days', statement.day90Balance],
		['120+ Days', statement.day120Balance],
		['Balance Due', statement.dueBalance],
	]
	body.push(
		{ rule: true },
		'',
		{
			size: 9,
			shade: true,
			columns: buckets.map(([label]) => ({ text: label, bold: true, align: 'right' as const })),
		},
		{
			size: 9,
			columns: buckets.map(([, amount], i) => ({
				text: money(amount),
				align: 'right' as const,
				bold: i === buckets.length - 1,
			})),
		},
		'',
		{
			text: `Terms: 30 days end of month. Please quote ${reference} with your payment.`,
			size: 8,
		},
		{ text: 'All amounts are in Australian dollars and include GST.', size: 8 },
	)
	return renderPdf({
		title,
		subtitle: `${company.name} · ABN ${company.abn}`,
		lines: body,
		footer: `${company.name} · ${title} · ${customer.customerName}`,
		author: company.name,
		createdAt: new Date(`${statement.dateStatement}T00:00:00Z`),
	})
}
