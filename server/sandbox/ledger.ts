/**
 * The customer's account ledger, as statements and balances read it: invoices are debits,
 * payments are allocated to the invoices they pay (remittance), and what an invoice still owes
 * on a date is its amount less the allocations of payments made by then. Aging is by calendar
 * month (trade terms of 30 days end of month): an invoice of the statement's month is Current,
 * of the month before 30 days, then 60, 90, and 120+ for anything older. All amounts in cents.
 */

export type LedgerInvoice = { id: number; date: string; cents: number }
export type LedgerAllocation = { invoiceId: number; paidOn: string; cents: number }

export type Aging = {
	current: number
	day30: number
	day60: number
	day90: number
	day120: number
	/** The whole open balance: the sum of the buckets. */
	total: number
}

/** Months from `from` to `to` (yyyy-mm-dd), counting calendar months only. */
function monthsBetween(from: string, to: string) {
	const month = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1
	return month(to) - month(from)
}

/** The aging bucket of an invoice dated `invoiceDate` on `asOf`: 0 Current … 4 for 120+ days. */
export function agingBucket(invoiceDate: string, asOf: string): 0 | 1 | 2 | 3 | 4 {
	return Math.min(4, Math.max(0, monthsBetween(invoiceDate, asOf))) as 0 | 1 | 2 | 3 | 4
}

/** What each invoice dated by `asOf` still owes then (invoices paid off are left out). */
export function openItems(
	invoices: readonly LedgerInvoice[],
	allocations: readonly LedgerAllocation[],
	asOf: string,
): Array<LedgerInvoice & { open: number }> {
	const paid = new Map<number, number>()
	for (const a of allocations) {
		if (a.paidOn <= asOf) paid.set(a.invoiceId, (paid.get(a.invoiceId) ?? 0) + a.cents)
	}
	return invoices
		.filter((i) => i.date <= asOf)
		.map((i) => ({ ...i, open: i.cents - (paid.get(i.id) ?? 0) }))
		.filter((i) => i.open !== 0)
}

/** The open balance on `asOf`, aged into Current, 30, 60, 90 and 120+ days. */
export function ageBalance(items: ReadonlyArray<{ date: string; open: number }>, asOf: string) {
	const buckets = [0, 0, 0, 0, 0]
	for (const i of items) buckets[agingBucket(i.date, asOf)]! += i.open
	const [current = 0, day30 = 0, day60 = 0, day90 = 0, day120 = 0] = buckets
	return {
		current,
		day30,
		day60,
		day90,
		day120,
		total: current + day30 + day60 + day90 + day120,
	} satisfies Aging
}
