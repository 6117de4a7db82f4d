import { type Route } from './+types/orders-export'
import { ORDERS_LIST } from './lists.ts'
import { loadOrders } from './orders.server.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { listCsv } from '#app/.server/catalogue/list.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'

/** /orders/export: the orders and quotes the list shows (tab, search, sort, columns) as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { list, rows } = await loadOrders(context, pageUrl(request))
	const { fileDate } = displayFormat((await getCustomer(context)).settings)
	return listCsv(ORDERS_LIST, rows, list.state, fileDate)
}
