import { Link } from 'react-router'
import { type Route } from './+types/orders'
import { ORDERS_LIST } from './lists.ts'
import { loadOrders } from './orders.server.ts'
import { APPROVAL_INTENTS } from '../approvals/intents.ts'
import { getCustomer, getSession, startCustomer } from '#app/.server/request/context.ts'
import {
	cancelQueued,
	confirmQueued,
	queuedOf,
	queuedView,
	requestsOf,
	requestView,
} from '#app/.server/orders/index.ts'
import { invalid, parseForm } from '#app/.server/request/forms.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { WAITING_INTENTS } from './intents.ts'
import { waitingIntentSchema } from './waiting.forms.ts'
import { KeptOrders } from './waiting.tsx'
import { applyList, readListState } from '#app/.server/catalogue/list.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ListControls, ListFilter, ListPager } from '#app/components/list.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { listHref } from '#app/utils/list.ts'
import { RowAction } from './row-action.tsx'

const TABS = [
	['', 'All'],
	['Order', 'Orders'],
	['Quote', 'Quotes'],
	['approval', 'Awaiting approval'],
	['waiting', 'Waiting to be sent'],
] as const

/**
 * Orders & Quotes on the list kit: tabs, search over every field, sort, columns
 * saved per user, paging on the server, CSV export; every control a GET form or link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = pageUrl(request)
	const { identity, ...customer } = startCustomer(context)
	const type = url.searchParams.get('type')
	const [{ list, rows, pageSize, jobs }, requests, kept, settings] = await Promise.all([
		// The orders sent while the system was down are the portal's: that tab needs no presenter.
		type === 'waiting'
			? Promise.all([readListState(ORDERS_LIST, url, identity.username), customer.settings]).then(
					([list, settings]) => ({ list, rows: [], pageSize: settings.pagesize, jobs: [] }),
				)
			: loadOrders(context, url),
		// The user's own orders sent for approval, with what became of each (decision 059).
		type === 'approval' ? requestsOf(identity.customerId, identity.username) : null,
		queuedOf(identity),
		customer.settings,
	])
	return {
		requests: requests?.map((r) => requestView(settings, r)) ?? null,
		/** Orders sent while the system was down (its tab shows only once there are some). */
		kept: type === 'waiting' ? kept.map((o) => queuedView(settings, o)) : null,
		hasKept: kept.length > 0,
		/** The request whose Withdraw was pressed: it asks first (a link, so no JS is needed). */
		withdrawing: url.searchParams.get('withdraw'),
		...applyList(rows, list, pageSize),
		...(jobs.length ? { jobs } : {}),
		search: url.search,
		reorder: !settings.shopping_cart_disabled,
	}
}

/**
 * The 'Waiting to be sent' tab's buttons: place an order kept while the system was down at its
 * new total, or cancel it. Each is done once, under the order's lock; the tab says what happened.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const submission = await parseForm(request, waitingIntentSchema)
	if (submission.status !== 'success') return invalid(submission)
	const customer = await getCustomer(context)
	const session = getSession(context)
	const { value } = submission
	const back = '/orders?type=waiting'
	const result =
		value.intent === WAITING_INTENTS.confirm
			? await confirmQueued(customer, value.id, value.seen)
			: await cancelQueued(customer, value.id)
	switch (result.kind) {
		case 'placed':
			return redirectWithFlash(session, back, `Placed as order ${result.number}.`)
		case 'queued':
			return redirectWithFlash(session, back, 'Cancelled: nothing was placed.')
		case 'sent-for-approval':
			return redirectWithFlash(
				session,
				'/orders?type=approval',
				`Sent for approval: ${result.reason}`,
			)
		case 'accepted':
			throw new Error('A kept order accepts no quote')
		default:
			return redirectWithFlash(session, back, { type: 'error', message: result.message })
	}
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
	const { state, requests, kept, hasKept } = loaderData
	const type = state.filters.type ?? ''
	return (
		<div className="list-page">
			<h1>Orders &amp; Quotes</h1>
			<nav aria-label="Transaction type" className="tabs">
				{TABS.filter(([value]) => value !== 'waiting' || hasKept || type === value).map(
					([value, label]) => (
						<Link
							key={label}
							to={listHref('/orders', state, { filters: { type: value }, page: 1 })}
							aria-current={type === value ? 'page' : undefined}
							className="tabs__tab"
						>
							{label}
						</Link>
					),
				)}
			</nav>
			{kept ? (
				<KeptOrders orders={kept} />
			) : requests ? (
				<ApprovalRequests requests={requests} withdrawing={loaderData.withdrawing} />
			) : (
				<OrdersList {...loaderData} />
			)}
		</div>
	)
}

type Requests = NonNullable<Route.ComponentProps['loaderData']['requests']>

/**
 * The user's orders and quote acceptances sent for approval, newest first, each with what became
 * of it: a pending one can be withdrawn (after saying so once more), a declined or withdrawn
 * order's lines put back in the cart, an approved one links to its order or quote.
 */
function ApprovalRequests({
	requests,
	withdrawing,
}: {
	requests: Requests
	withdrawing: string | null
}) {
	if (!requests.length) return <p className="empty-state">No orders sent for approval.</p>
	return (
		<ul className="approvals__mine" aria-label="Orders sent for approval">
			{requests.map((r) => (
				<li key={r.id} className="approval">
					<h2>
						{r.title === 'Order' ? '' : `${r.title}, `}
						{r.sent}
						{r.total ? ` · ${r.total}` : ''}
					</h2>
					<p>
						<strong>{r.statusLabel}</strong>
						{r.status === 'pending' ? ` (${r.reason})` : ''}
						{r.transaction ? (
							<>
								{': '}
								<Link to={r.transaction}>
									{r.title === 'Order' ? `order ${r.orderNumber}` : `quote ${r.orderNumber}`}
								</Link>
							</>
						) : null}
						{r.declineReason ? `: ${r.declineReason}` : ''}
					</p>
					<p className="approval__summary">
						{r.lines.map((l) => `${l.quantity} ${l.productID} ${l.description}`).join(', ')}
					</p>
					{r.status === 'pending' && withdrawing !== r.id ? (
						<Link
							to={`/orders?type=approval&withdraw=${r.id}#withdraw-${r.id}`}
							className="button"
							aria-label={`Withdraw the request sent ${r.sent}`}
						>
							Withdraw
						</Link>
					) : null}
					{r.status === 'pending' && withdrawing === r.id ? (
						<RowAction
							action="/approvals"
							id={r.id}
							intent={APPROVAL_INTENTS.withdraw}
							label="Withdraw"
						>
							<p id={`withdraw-${r.id}`} tabIndex={-1}>
								Withdraw this request?{' '}
								{r.title === 'Order'
									? 'Its lines go back in your cart.'
									: 'The quote stays as it is.'}
							</p>
							<Link to="/orders?type=approval">Keep it</Link>
						</RowAction>
					) : null}
					{r.canPutBack ? (
						<RowAction
							action="/approvals"
							id={r.id}
							intent={APPROVAL_INTENTS.putBack}
							label="Put back in cart"
						/>
					) : null}
				</li>
			))}
		</ul>
	)
}

function OrdersList({
	state,
	rows,
	matched,
	total,
	pages,
	columnsError,
	search,
	reorder,
	jobs,
}: Route.ComponentProps['loaderData']) {
	const columns = ORDERS_LIST.columns.filter((c) => state.columns.includes(c.key))
	return (
		<>
			{jobs ? (
				<ListFilter
					name="job"
					label="Job"
					all="All jobs"
					options={jobs}
					state={state}
					pathname="/orders"
				/>
			) : null}
			<ListControls
				spec={ORDERS_LIST}
				state={state}
				pathname="/orders"
				searchLabel="Search orders and quotes"
				columnsError={columnsError}
				exportHref={`/orders/export${search}`}
			/>
			{rows.length === 0 ? (
				<p className="empty-state">No Results Found</p>
			) : (
				<>
					<p className="list-count">
						{matched === total ? `${total} orders and quotes` : `${matched} of ${total} match`}
					</p>
					<DataTable
						caption={`Orders and quotes, page ${state.page} of ${pages}`}
						columns={columns}
						rows={rows}
						cell={
							reorder
								? (key, row) =>
										key === 'transactionNumber' && row.href ? (
											<span className="row-with-action">
												<Link to={row.href} prefetch="intent">
													{row.cells.transactionNumber}
												</Link>
												<Link
													to={`${row.href}#reorder`}
													aria-label={`Reorder ${row.cells.transactionType ?? ''} ${row.cells.transactionNumber ?? ''}`}
													className="row-action"
												>
													Reorder
												</Link>
											</span>
										) : undefined
								: undefined
						}
					/>
					<ListPager state={state} pages={pages} pathname="/orders" />
				</>
			)}
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Orders & Quotes | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
