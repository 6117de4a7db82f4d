import { type Route } from './+types/document'
import { requireOlderStatement, statementDate } from './statements.server.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { pdfDownload } from '#app/.server/request/files.ts'
import { displayFormat } from '#app/.server/display/format.ts'

/**
 * The statement's PDF, named statement-{date}.pdf with the date as the customer writes dates
 * (statement-10-31-2026.pdf in en-US, statement-31-10-2026.pdf in en-AU); not for the latest
 * statement (403). A failed download is logged and the browser goes back to the statement without
 * a message.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const { presenter, settings } = await getCustomer(context)
	const date = statementDate(params.date)
	await requireOlderStatement(context, date)
	return pdfDownload(
		() => presenter.statements.document(date),
		`statement-${displayFormat(settings).fileDate(date)}.pdf`,
		`/statements/${date}`,
	)
}
