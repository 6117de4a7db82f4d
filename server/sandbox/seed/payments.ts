/**
 * The demo customers' payment history, so statements and balances follow from real ledger
 * entries: on trade terms (30 days end of month) each customer pays a statement's invoices by
 * EFT around the 25th of the next month, holding back a disputed invoice now and then for a few
 * months. `demo` still disputes its largest invoices of July and September 2026, `onhold` stopped
 * paying in August 2026 and `suspended` in May 2026. The customers' balances (current, 30-day,
 * overdue) are read from this ledger on the day they are asked for (statements.ts).
 */
import { type Db } from '../db.ts'
import { openItems, type LedgerAllocation, type LedgerInvoice } from '../ledger.ts'
import { statementDates } from '../statements-calendar.ts'
import { CUSTOMERS } from './company.ts'
import { mulberry32 } from './products.ts'
import { SEED_TODAY, transactionSeed } from './transactions.ts'

/** The first receipt number; receipts number on across customers. */
const FIRST_RECEIPT = 880_101
const DAY = 86_400_000

const POLICIES: Record<
	number,
	{ disputeChance: number; lastRun: string; disputedMonths?: readonly string[] }
> = {
	10001: { disputeChance: 0.07, lastRun: SEED_TODAY, disputedMonths: ['2026-07', '2026-09'] },
	10002: { disputeChance: 0.1, lastRun: '2026-08-31' },
	10003: { disputeChance: 0.05, lastRun: '2026-05-31' },
}

/** The payment run for a statement: the 25th of the next month, or the Monday after a weekend. */
function paymentRun(statementDate: string) {
	const [year, month] = statementDate.split('-').map(Number) as [number, number]
	let ms = Date.UTC(year, month, 25)
	const weekday = new Date(ms).getUTCDay()
	if (weekday === 6) ms += 2 * DAY
	if (weekday === 0) ms += DAY
	return new Date(ms).toISOString().slice(0, 10)
}

type SeedPayment = {
	id_cust: number
	paidOn: string
	allocations: Array<{ invoiceId: number; cents: number }>
}

/** Every customer's payments, oldest first, from the seeded invoices. */
function buildPayments(): SeedPayment[] {
	const r = mulberry32(0x9a7e11)
	const history = transactionSeed()
	// Statements oldest first, up to the seed's today.
	const statements = statementDates(new Date(`${SEED_TODAY}T00:00:00Z`)).reverse()
	const payments: SeedPayment[] = []
	for (const customer of CUSTOMERS) {
		const policy = POLICIES[customer.id_cust]!
		// Database ids follow the seed's order (seedTransactions numbers them from 1).
		const invoices: LedgerInvoice[] = history.flatMap((t, i) =>
			t.id_cust === customer.id_cust && t.transactionType === 'Invoice'
				? [{ id: i + 1, date: t.invoiceDate, cents: t.exCents + t.gstCents }]
				: [],
		)
		// A disputed invoice waits this many payment runs more before it is paid.
		const heldRuns = new Map(
			invoices.map((i) => [i.id, r() < policy.disputeChance ? 1 + Math.floor(r() * 5) : 0]),
		)
		for (const month of policy.disputedMonths ?? []) {
			const largest = invoices
				.filter((i) => i.date.startsWith(month))
				.reduce((a, b) => (b.cents > a.cents ? b : a))
			heldRuns.set(largest.id, Infinity)
		}
		const allocations: LedgerAllocation[] = []
		for (const statement of statements) {
			const run = paymentRun(statement)
			if (run > SEED_TODAY || run > policy.lastRun) break
			const due = openItems(invoices, allocations, statement).filter((i) => {
				const held = heldRuns.get(i.id) ?? 0
				heldRuns.set(i.id, held - 1)
				return held <= 0 && i.open > 0
			})
			if (!due.length) continue
			const paid = due.map((i) => ({ invoiceId: i.id, cents: i.open }))
			allocations.push(...paid.map((a) => ({ ...a, paidOn: run })))
			payments.push({ id_cust: customer.id_cust, paidOn: run, allocations: paid })
		}
	}
	return payments.sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.id_cust - b.id_cust)
}

let built: SeedPayment[] | undefined

export function seedPayments(db: Db) {
	const payment = db.prepare(
		'INSERT INTO payments (id, id_cust, receiptNumber, paid_on, amount, reference) VALUES (?, ?, ?, ?, ?, ?)',
	)
	const allocation = db.prepare('INSERT INTO payment_allocations VALUES (?, ?, ?)')
	// The same every time: built once per process.
	built ??= buildPayments()
	built.forEach((p, i) => {
		const total = p.allocations.reduce((sum, a) => sum + a.cents, 0)
		payment.run(
			i + 1,
			p.id_cust,
			FIRST_RECEIPT + i,
			p.paidOn,
			total / 100,
			'EFT payment – thank you',
		)
		for (const a of p.allocations) allocation.run(i + 1, a.invoiceId, a.cents / 100)
	})
}
