import { Form, Link } from 'react-router'
import { type Route } from './+types/orders'
import { ORDERS_LIST } from './lists.ts'
import { loadOrders } from './orders.server.ts'
import { APPROVAL_INTENTS } from '../approvals/intents.ts'
import { startCustomer } from '#app/.server/request/context.ts'
import { requestsOf, requestView } from '#app/.server/orders/index.ts'
import { StatusButton } from '#app/components/forms.tsx'
import { applyList } from '#app/.server/catalogue/list.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ListControls, ListPager } from '#app/components/list.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { listHref } from '#app/utils/list.ts'

const TABS = [
	['', 'All'],
	['Order', 'Orders'],
	['Quote', 'Quotes'],
	['approval', 'Awaiting approval'],
] as const

/**
 * Orders & Quotes on the list kit: tabs, search over every field, sort, columns
 * saved per user, paging on the server, CSV export; every control a GET form or link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = pageUrl(request)
	const { identity, ...customer } = startCustomer(context)
	const [{ list, rows, pageSize }, requests, settings] = await Promise.all([
		loadOrders(context, url),
		// The user's own orders sent for approval, with what became of each (decision 059).
		url.searchParams.get('type') === 'approval'
			? requestsOf(identity.customerId, identity.username)
			: null,
		customer.settings,
	])
	return {
		requests: requests?.map((r) => requestView(settings, r)) ?? null,
		/** The request whose Withdraw was pressed: it asks first (a link, so no JS is needed). */
		withdrawing: url.searchParams.get('withdraw'),
		...applyList(rows, list, pageSize),
		search: url.search,
		reorder: !settings.shopping_cart_disabled,
	}
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
	const { state, requests } = loaderData
	const type = state.filters.type ?? ''
	return (
		<div className="list-page">
			<h1>Orders &amp; Quotes</h1>
			<nav aria-label="Transaction type" className="tabs">
				{TABS.map(([value, label]) => (
					<Link
						key={label}
						to={listHref('/orders', state, { filters: { type: value }, page: 1 })}
						aria-current={type === value ? 'page' : undefined}
						className="tabs__tab"
					>
						{label}
					</Link>
				))}
			</nav>
			{requests ? (
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
						<RequestAction id={r.id} intent={APPROVAL_INTENTS.withdraw} label="Withdraw">
							<p id={`withdraw-${r.id}`} tabIndex={-1}>
								Withdraw this request?{' '}
								{r.title === 'Order'
									? 'Its lines go back in your cart.'
									: 'The quote stays as it is.'}
							</p>
							<Link to="/orders?type=approval">Keep it</Link>
						</RequestAction>
					) : null}
					{r.canPutBack ? (
						<RequestAction id={r.id} intent={APPROVAL_INTENTS.putBack} label="Put back in cart" />
					) : null}
				</li>
			))}
		</ul>
	)
}

/** A request's button, posted to the approvals page's action. */
function RequestAction({
	id,
	intent,
	label,
	children,
}: {
	id: string
	intent: string
	label: string
	children?: React.ReactNode
}) {
	return (
		<Form method="post" action="/approvals" className="approval__action">
			{children}
			<input type="hidden" name="id" value={id} />
			<StatusButton name="intent" value={intent} match={{ id }}>
				{label}
			</StatusButton>
		</Form>
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
}: Route.ComponentProps['loaderData']) {
	const columns = ORDERS_LIST.columns.filter((c) => state.columns.includes(c.key))
	return (
		<>
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
