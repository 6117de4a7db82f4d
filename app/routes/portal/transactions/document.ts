import { data } from 'react-router'
import { type Route } from './+types/document'
import { parseRef, TYPE_PATHS, typeOfRequest } from './detail.server.ts'
import { startCustomer } from '#app/.server/request/context.ts'
import { pdfDownload } from '#app/.server/request/files.ts'

/**
 * The transaction's PDF, named {type}-{number}-{suffix}.pdf. A failed download is logged and
 * the browser goes back to the detail page without a message.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { presenter } = startCustomer(context)
	const type = typeOfRequest(request)
	const ref = parseRef(params.ref)
	if (!ref || (ref.number === 0 && ref.suffix === 0)) throw data('Not Found', { status: 404 })
	return pdfDownload(
		() => presenter.transactions.document({ type, ...ref }),
		`${type.toLowerCase()}-${ref.number}-${ref.suffix}.pdf`,
		`/${TYPE_PATHS[type]}/${ref.number}-${ref.suffix}`,
	)
}
