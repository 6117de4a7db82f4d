import { type Route } from './+types/invoices-export'
import { loadInvoices } from './invoices.server.ts'
import { INVOICES_LIST } from './lists.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { listCsv } from '#app/.server/catalogue/list.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'

/** /invoices/export: the invoices the list shows (dates, search, sort, columns) as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { list, rows } = await loadInvoices(context, pageUrl(request))
	const { fileDate } = displayFormat((await getCustomer(context)).settings)
	return listCsv(INVOICES_LIST, rows, list.state, fileDate)
}
