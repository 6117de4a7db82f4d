import { type Job } from '../store/index.ts'
import { type Presenter } from '../presenter/index.ts'
import { jobOfRow, type TransactionRow } from './match.ts'
import { minus, storedCents, sumCents, type Cents } from '#app/utils/money.ts'

/** A transaction of a job as its page lists it. */
export type JobTransaction = {
	type: 'Order' | 'Quote' | 'Invoice'
	number: number
	suffix: number
	/** The invoice's date, else the order's or quote's delivery date (yyyy-mm-dd or ''). */
	date: string
	orderRef: string
	jobName: string
	amount: Cents
	/** An order the presenter has invoiced (its invoice is listed as well). */
	invoiced: boolean
}

/** What a job has cost and has coming, inc. GST, in cents. */
export type JobSpend = {
	/** Invoiced in the month of `today`, and in all. */
	invoicedThisMonth: Cents
	invoicedToDate: Cents
	/** Orders placed and not invoiced yet: what is coming. */
	notInvoiced: Cents
	/** Quotes not turned into orders. */
	openQuotes: Cents
	/** With a budget: what is left of it after what was invoiced (below zero when over). */
	budget: { amount: Cents; left: Cents } | null
}

/**
 * What the job's transactions add up to (docs/decisions/067-jobs.md): its invoices this month (the
 * month of `today`, yyyy-mm-dd at the branches) and to date, its orders not yet invoiced and its
 * quotes, and with a budget what is left. Pure, so the page, its test and the budget's approval
 * rule add up the same way.
 */
export function jobSpend(
	transactions: readonly JobTransaction[],
	today: string,
	budget: number | null,
): JobSpend {
	const invoices = transactions.filter((t) => t.type === 'Invoice')
	const invoicedToDate = sumCents(invoices.map((t) => t.amount))
	return {
		invoicedThisMonth: sumCents(
			invoices.filter((t) => t.date.slice(0, 7) === today.slice(0, 7)).map((t) => t.amount),
		),
		invoicedToDate,
		notInvoiced: sumCents(
			transactions.filter((t) => t.type === 'Order' && !t.invoiced).map((t) => t.amount),
		),
		openQuotes: sumCents(transactions.filter((t) => t.type === 'Quote').map((t) => t.amount)),
		budget:
			budget === null
				? null
				: { amount: storedCents(budget), left: minus(storedCents(budget), invoicedToDate) },
	}
}

/**
 * The transactions of `job` among the customer's (one presenter round: the orders and quotes, and
 * every invoice), newest first: each matched against all the customer's `jobs`, as the lists'
 * job filter matches them.
 */
export async function jobTransactions(
	presenter: Presenter,
	job: Job,
	jobs: readonly Job[],
): Promise<JobTransaction[]> {
	const [orders, invoices] = await Promise.all([
		presenter.transactions.listOrders(),
		presenter.invoices.list({ from: '', to: '' }),
	])
	const mine = (t: TransactionRow) => jobOfRow(t, jobs)?.id === job.id
	const of = (
		t: (typeof orders)[number] | (typeof invoices)[number],
		type: JobTransaction['type'],
	): JobTransaction => ({
		type,
		number: t.transactionNumber,
		suffix: t.transactionSuffix,
		date: (type === 'Invoice' ? t.invoiceDate : t.invoiceDate || t.deliveryDate) ?? '',
		orderRef: t.customerOrderNumber,
		jobName: t.jobName,
		amount: t.transactionAmount,
		invoiced: type !== 'Invoice' && Boolean(t.invoiceDate),
	})
	return [
		...orders.filter(mine).map((o) => of(o, o.transactionType)),
		...invoices.filter(mine).map((i) => of(i, 'Invoice')),
	].sort((a, b) => b.date.localeCompare(a.date) || b.number - a.number)
}
