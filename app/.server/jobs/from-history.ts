import { format, parseISO, subMonths } from 'date-fns'
import pLimit from 'p-limit'
import { LINE_CONCURRENCY } from '../cart/add-lines.ts'
import { siteAddressOf, type SiteAddress } from '../orders/site-addresses.ts'
import { type Presenter } from '../presenter/index.ts'
import { jobKey, jobOfRow, type JobRefs } from './match.ts'

/**
 * A job the customer's history names (docs/decisions/067-jobs.md): a reference on their orders,
 * quotes and invoices of the last 12 months that is not one of their jobs yet, with the site of
 * its most recent delivery when one is known.
 */
export type HistoryJob = {
	/** The reference as jobs are matched (jobKey): the offer's value. */
	key: string
	name: string
	number: string | null
	site: SiteAddress | null
	/** How many of the window's transactions carry it (an invoiced order once). */
	transactions: number
	/** The most recent one's date (yyyy-mm-dd). */
	last: string
}

/** The most references offered, most recent first. */
const MAX_OFFERED = 30
/** The most transactions of one reference read in full to find its site. */
const SITE_READS = 3

/** What a row of the order or invoice list says of its job and when. */
type Row = {
	transactionNumber: number
	transactionSuffix: number
	customerOrderNumber: string
	jobName: string
	shipAddress1: string
	date: string
}

/**
 * The references of the customer's transactions of the last 12 months before `today` that are no
 * job of `jobs` yet, most recent first: each with its name (the Job Name, else the Order Ref), its
 * number (an Order Ref other than the name) and its most recent delivery site. One round of lists,
 * then the newest transactions of each reference read in full for its site (the references in
 * parallel, bounded).
 */
export async function jobsFromHistory(
	presenter: Presenter,
	jobs: readonly JobRefs[],
	today: string,
): Promise<HistoryJob[]> {
	const from = format(subMonths(parseISO(today), 12), 'yyyy-MM-dd')
	const [orders, invoices, states] = await Promise.all([
		presenter.transactions.listOrders(),
		presenter.invoices.list({ from, to: today }),
		presenter.auth.getStates(),
	])
	const rows: Row[] = [
		...orders.map((o) => ({ ...o, date: o.invoiceDate || o.deliveryDate })),
		...invoices.map((i) => ({ ...i, date: i.invoiceDate })),
	].filter((r) => r.date >= from && r.date <= today)
	const groups = new Map<string, Row[]>()
	for (const row of rows) {
		const key = jobKey(row.jobName || row.customerOrderNumber)
		if (!key || jobOfRow(row, jobs)) continue
		groups.set(key, [...(groups.get(key) ?? []), row])
	}
	const newest = (a: Row, b: Row) =>
		b.date.localeCompare(a.date) || b.transactionNumber - a.transactionNumber
	const offered = [...groups]
		.map(([key, group]) => ({ key, group: group.sort(newest) }))
		.sort((a, b) => newest(a.group[0]!, b.group[0]!))
		.slice(0, MAX_OFFERED)
	const stateIds = states.map((s) => s.stateID)
	const limit = pLimit(LINE_CONCURRENCY)
	return Promise.all(
		offered.map(async ({ key, group }) => {
			const last = group[0]!
			const name = (last.jobName || last.customerOrderNumber).trim()
			const ref = last.customerOrderNumber.trim()
			// The newest delivery with a site address: a pickup's ship lines name no site, so up to
			// SITE_READS of the newest are read in turn until one does.
			let site: SiteAddress | null = null
			for (const row of group.filter((r) => r.shipAddress1.trim()).slice(0, SITE_READS)) {
				const detail = await limit(() =>
					presenter.transactions.get(row.transactionNumber, row.transactionSuffix),
				)
				site = detail && siteAddressOf(detail, stateIds)
				if (site) break
			}
			return {
				key,
				name,
				number: ref && jobKey(ref) !== jobKey(name) ? ref : null,
				site,
				transactions: new Set(group.map((r) => `${r.transactionNumber}-${r.transactionSuffix}`))
					.size,
				last: last.date,
			}
		}),
	)
}
