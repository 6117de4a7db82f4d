import { data, redirect } from 'react-router'
import { type Route } from './+types/document'
import { parseRef, TYPE_PATHS, typeOfRequest } from './detail.server.ts'
import { getCustomer } from '#app/.server/context.ts'

/**
 * The transaction's PDF, named {type}-{number}-{suffix}.pdf. A failed download is logged and
 * the browser goes back to the detail page without a message (spec part 2 §8).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { presenter } = getCustomer(context)
	const type = typeOfRequest(request)
	const ref = parseRef(params.ref)
	if (!ref || (ref.number === 0 && ref.suffix === 0)) throw data('Not Found', { status: 404 })
	const filename = `${type.toLowerCase()}-${ref.number}-${ref.suffix}.pdf`
	try {
		const file = await presenter.transactions.document({ type, ...ref })
		if (!file.headers.get('Content-Type')?.includes('application/pdf')) {
			const reply = await file.text()
			throw new Error(`Not a PDF: ${reply.slice(0, 200)}`)
		}
		return new Response(file.body, {
			headers: {
				'Content-Type': 'application/pdf',
				'Content-Disposition': `attachment; filename="${filename}"`,
				'Cache-Control': 'private, no-store',
			},
		})
	} catch (error) {
		if (error instanceof Response) throw error
		console.error(`Download of ${filename} failed:`, error)
		return redirect(`/${TYPE_PATHS[type]}/${ref.number}-${ref.suffix}`)
	}
}
