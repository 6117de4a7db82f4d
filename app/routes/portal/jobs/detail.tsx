import { Link } from 'react-router'
import { type Route } from './+types/detail'
import {
	jobSpend,
	jobTransactions,
	listJobs,
	requireJob,
	requireJobs,
	siteLine,
} from '#app/.server/jobs/index.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { branchToday } from '#app/utils/input-date.ts'
import { minus, ZERO } from '#app/utils/money.ts'

/**
 * A job's page (docs/decisions/067-jobs.md): its details, what it has cost this month and to date
 * (invoiced, inc. GST), what is coming (orders not yet invoiced, open quotes), its budget with
 * what is left, and its orders, quotes and invoices, each linked, with their CSV. For those who
 * may open Jobs; another customer's job is not found.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const customer = await getCustomer(context)
	const { customerId } = customer.identity
	const [access, job, jobs] = await Promise.all([
		requireJobs(customer),
		requireJob(customerId, params.id),
		listJobs(customerId),
	])
	const transactions = await jobTransactions(customer.presenter, job, jobs).catch(toRouteError)
	const spend = jobSpend(transactions, branchToday(), job.budget)
	const { money, date } = displayFormat(customer.settings)
	const over = spend.budget && spend.budget.left < 0
	return {
		here: pageUrl(request).pathname,
		job: {
			id: job.id,
			name: job.name,
			number: job.number,
			site: siteLine(job.street, job.suburb, job.state, job.postcode),
			contact: [job.contactName, job.contactPhone].filter(Boolean).join(', '),
			open: job.open,
		},
		edit: access.admin,
		// A closed job takes no new orders; nor does a customer without a cart.
		order: job.open && !customer.settings.shopping_cart_disabled,
		spend: {
			thisMonth: money(spend.invoicedThisMonth),
			toDate: money(spend.invoicedToDate),
			notInvoiced: money(spend.notInvoiced),
			openQuotes: money(spend.openQuotes),
			budget: spend.budget && {
				amount: money(spend.budget.amount),
				spent: `${Math.round((spend.invoicedToDate / spend.budget.amount) * 100)}%`,
				left: over ? null : money(spend.budget.left),
				over: over ? money(minus(ZERO, spend.budget.left)) : null,
			},
		},
		rows: transactions.map((t) => {
			const number = t.suffix ? `${t.number}-${t.suffix}` : String(t.number)
			const path = t.type === 'Invoice' ? 'invoices' : t.type === 'Quote' ? 'quotes' : 'orders'
			return {
				id: `${t.type}-${t.number}-${t.suffix}`,
				href: `/${path}/${t.number}-${t.suffix}`,
				cells: {
					number,
					type: t.type,
					date: date(t.date),
					orderRef: t.orderRef,
					amount: money(t.amount),
					status:
						t.type === 'Order'
							? t.invoiced
								? 'Invoiced'
								: 'Not invoiced yet'
							: t.type === 'Quote'
								? 'Open'
								: '',
				},
			}
		}),
	}
}

const COLUMNS = [
	{ key: 'number', label: 'Number', card: 'title' },
	{ key: 'type', label: 'Type', card: 'summary' },
	{ key: 'date', label: 'Date', card: 'summary' },
	{ key: 'orderRef', label: 'Order Ref' },
	{ key: 'amount', label: 'Amount', numeric: true, card: 'summary' },
	{ key: 'status', label: 'Status' },
] as const

export default function JobRoute({ loaderData }: Route.ComponentProps) {
	const { here, job, edit, order, spend, rows } = loaderData
	return (
		<div className="account-area job">
			<Breadcrumbs
				crumbs={[
					{ label: 'Jobs', to: '/jobs' },
					{ label: job.name, to: here },
				]}
			/>
			<div className="admin__users-header">
				<h1>
					{job.name} {job.open ? null : <span className="badge">Closed</span>}
				</h1>
				{order ? (
					<Link className="button button--primary" to={`/checkout?job=${job.id}`}>
						Order for this job
					</Link>
				) : null}
			</div>
			<dl className="job__details">
				{job.number ? (
					<div>
						<dt>Job/PO number</dt>
						<dd>{job.number}</dd>
					</div>
				) : null}
				<div>
					<dt>Site address</dt>
					<dd>{job.site}</dd>
				</div>
				{job.contact ? (
					<div>
						<dt>Site contact</dt>
						<dd>{job.contact}</dd>
					</div>
				) : null}
			</dl>
			{edit ? (
				<p>
					<Link to={`/jobs/${job.id}/edit`}>Edit job</Link>
				</p>
			) : null}
			<section aria-labelledby="job-spend" className="card job__spend">
				<h2 id="job-spend">What it has cost (inc. GST)</h2>
				<dl className="order-summary__totals">
					<div>
						<dt>Invoiced this month</dt>
						<dd>{spend.thisMonth}</dd>
					</div>
					<div>
						<dt>Invoiced to date</dt>
						<dd>{spend.toDate}</dd>
					</div>
					<div>
						<dt>Orders not invoiced yet</dt>
						<dd>{spend.notInvoiced}</dd>
					</div>
					<div>
						<dt>Open quotes</dt>
						<dd>{spend.openQuotes}</dd>
					</div>
					{spend.budget ? (
						<>
							<div>
								<dt>Budget</dt>
								<dd>{spend.budget.amount}</dd>
							</div>
							<div>
								<dt>Spent of budget</dt>
								<dd>{spend.budget.spent}</dd>
							</div>
							<div>
								<dt>{spend.budget.over ? 'Over budget by' : 'Left'}</dt>
								<dd>{spend.budget.over ?? spend.budget.left}</dd>
							</div>
						</>
					) : null}
				</dl>
			</section>
			<h2>Orders, quotes and invoices</h2>
			{rows.length ? (
				<>
					<DataTable caption={`Transactions of ${job.name}`} columns={COLUMNS} rows={rows} />
					<p className="job__exports">
						<a href={`/orders/export?job=${job.id}`}>Export orders and quotes (CSV)</a>{' '}
						<a href={`/invoices/export?job=${job.id}&from=`}>Export invoices (CSV)</a>
					</p>
				</>
			) : (
				<p className="empty-state">
					No orders, quotes or invoices name this job yet: their Order Ref or Job Name is the
					job&rsquo;s number or name.
				</p>
			)}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.job.name ?? 'Job'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
