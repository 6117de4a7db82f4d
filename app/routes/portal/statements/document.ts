import { redirect } from 'react-router'
import { type Route } from './+types/document'
import { requireOlderStatement, statementDate } from './statements.server.ts'
import { getCustomer } from '#app/.server/context.ts'

/**
 * The statement's PDF, named statement-{date}.pdf; not for the latest statement (403). A failed
 * download is logged and the browser goes back to the statement without a message (spec part 2 §8).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const { presenter } = getCustomer(context)
	const date = statementDate(params.date)
	await requireOlderStatement(context, date)
	const filename = `statement-${date}.pdf`
	try {
		const file = await presenter.statements.document(date)
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
		return redirect(`/statements/${date}`)
	}
}
