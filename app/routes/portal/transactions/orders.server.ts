import { type RouterContextProvider } from 'react-router'
import { ORDERS_LIST } from './lists.ts'
import { startCustomer } from '#app/.server/request/context.ts'
import { readListState, rowsOnce, type ListRow } from '#app/.server/catalogue/list.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { idsOfJob, jobFilter } from '#app/.server/jobs/index.ts'

type OrderColumn = (typeof ORDERS_LIST)['columns'][number]['key']

/**
 * The customer's orders and quotes as list rows (one presenter round: the rows and the branch
 * names; the customer's jobs read alongside), with the list's state for this request: its type
 * tab and its job. The page and its CSV export both use it.
 */
export async function loadOrders(context: Readonly<RouterContextProvider>, url: URL) {
	const { presenter, identity, ...customer } = startCustomer(context)
	const [orders, branches, jobs, settings] = await Promise.all([
		presenter.transactions.listOrders(),
		presenter.transactions.getBranches(),
		jobFilter(identity.customerId),
		customer.settings,
	]).catch(toRouteError)
	const list = await readListState(
		ORDERS_LIST,
		url,
		identity.username,
		undefined,
		// Offered only to a customer with jobs: no filter's state on the page of one without.
		jobs.jobs.length ? { job: jobs.values } : {},
	)
	const type = list.state.filters.type
	const { locale, currency } = settings
	const rows = rowsOnce([orders, branches], `${type}|${locale}|${currency}`, () => {
		const branchName = new Map(branches.map((b) => [b.branchID, b.branchName]))
		const shown = displayFormat(settings)
		return orders
			.filter((o) => !type || o.transactionType === type)
			.map((o): ListRow<OrderColumn> => ({
				id: `${o.transactionType}-${o.transactionNumber}-${o.transactionSuffix}`,
				href: `/${o.transactionType === 'Quote' ? 'quotes' : 'orders'}/${o.transactionNumber}-${o.transactionSuffix}`,
				cells: {
					transactionNumber: o.transactionSuffix
						? `${o.transactionNumber}-${o.transactionSuffix}`
						: String(o.transactionNumber),
					transactionType: o.transactionType,
					deliveryDate: shown.date(o.deliveryDate),
					// Branch shows the name, falling back to the id.
					branchID: branchName.get(o.branchID) ?? String(o.branchID),
					customerOrderNumber: o.customerOrderNumber,
					shipAddress1: o.shipAddress1,
					jobName: o.jobName || '-',
					transactionAmount: shown.money(o.transactionAmount),
				},
				sortKeys: {
					transactionNumber: o.transactionNumber * 1000 + o.transactionSuffix,
					deliveryDate: o.deliveryDate,
					transactionAmount: o.transactionAmount,
				},
				// Fields no column shows are searched too.
				searchText: `${o.invoiceDate} ${shown.date(o.invoiceDate)}`,
			}))
	})
	// The job filter: the rows whose Order Ref or Job Name is the job's (decision 067).
	const job = list.state.filters.job
	const ofJob =
		job &&
		idsOfJob(
			orders,
			(o) => `${o.transactionType}-${o.transactionNumber}-${o.transactionSuffix}`,
			job,
			jobs.jobs,
		)
	return {
		list,
		rows: ofJob ? rows.filter((r) => ofJob.has(r.id)) : rows,
		pageSize: settings.pagesize,
		/** The job filter's choices. */
		jobs: jobs.options,
	}
}
