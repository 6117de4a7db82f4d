import { type Route } from './+types/document'
import { requireOlderStatement, statementDate } from './statements.server.ts'
import { getCustomer } from '#app/.server/context.ts'
import { pdfDownload } from '#app/.server/files.ts'

/**
 * The statement's PDF, named statement-{date}.pdf; not for the latest statement (403). A failed
 * download is logged and the browser goes back to the statement without a message (spec part 2 §8).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const { presenter } = getCustomer(context)
	const date = statementDate(params.date)
	await requireOlderStatement(context, date)
	return pdfDownload(
		() => presenter.statements.document(date),
		`statement-${date}.pdf`,
		`/statements/${date}`,
	)
}
