import { type Route } from './+types/orders-export'
import { ORDERS_LIST } from './lists.ts'
import { loadOrders } from './orders.server.ts'
import { listCsv } from '#app/.server/list.ts'
import { pageUrl } from '#app/.server/redirect.ts'

/** /orders/export: the orders and quotes the list shows (tab, search, sort, columns) as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { list, rows } = await loadOrders(context, pageUrl(request))
	return listCsv(ORDERS_LIST, rows, list.state)
}
