import { Link } from 'react-router'
import { type Route } from './+types/orders'
import { ORDERS_LIST } from './lists.ts'
import { loadOrders } from './orders.server.ts'
import { getCustomer } from '#app/.server/context.ts'
import { applyList } from '#app/.server/list.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { DataTable, ListControls, ListPager } from '#app/components/list.tsx'
import { listHref } from '#app/utils/list.ts'

const TABS = [
	['', 'All'],
	['Order', 'Orders'],
	['Quote', 'Quotes'],
] as const

/**
 * Orders & Quotes (spec part 1 §2) on the list kit: tabs, search over every field, sort, columns
 * saved per user, paging on the server, CSV export; every control a GET form or link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = pageUrl(request)
	const { list, rows, pageSize } = await loadOrders(context, url)
	const { settings } = getCustomer(context)
	return {
		...applyList(rows, list, pageSize),
		search: url.search,
		reorder: !settings.shopping_cart_disabled,
	}
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
	const { state, rows, matched, total, pages, columnsError, search, reorder } = loaderData
	const columns = ORDERS_LIST.columns.filter((c) => state.columns.includes(c.key))
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
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Orders & Quotes | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
