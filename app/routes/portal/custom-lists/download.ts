import { data } from 'react-router'
import { type Route } from './+types/download'
import { listCsv, loadList } from './lists.server.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { attachment } from '#app/.server/request/files.ts'

/** 'Download List': the list as CSV, named after the list. */
export async function loader({ params, context }: Route.LoaderArgs) {
	const { settings } = await getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('Not available', { status: 403 })
	const list = await loadList(context, params.id)
	return new Response(listCsv(list), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': attachment(`${list.name}.csv`),
			'Cache-Control': 'private, no-store',
		},
	})
}
