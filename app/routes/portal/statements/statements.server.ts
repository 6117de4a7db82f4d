import { data, redirect, type RouterContextProvider } from 'react-router'
import { getSession, startCustomer } from '#app/.server/request/context.ts'
import { formError, invalid, presenterFailure, parseForm } from '#app/.server/request/forms.ts'
import { isPresenterError, toRouteError } from '#app/.server/presenter/index.ts'
import { EmailStatementSchema } from './statements.forms.ts'
import { mailLimit, mailRefusalMessage } from '#app/.server/guard/send-limits.ts'

/** A statement's date from the route: yyyy-mm-dd, or 404. */
export function statementDate(param: string | undefined) {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(param ?? '')) throw data('Not Found', { status: 404 })
	return param!
}

/**
 * The customer's statements (newest first), with a 403 for `date` when it is the latest one:
 * the page disables its download and email, and the server keeps to that.
 */
export async function requireOlderStatement(
	context: Readonly<RouterContextProvider>,
	date: string,
) {
	const { presenter } = startCustomer(context)
	const list = await presenter.statements.list().catch(toRouteError)
	if (list[0]?.dateStatement === date)
		throw data('The latest statement cannot be downloaded or emailed yet', { status: 403 })
	if (!list.some((s) => s.dateStatement === date)) throw data('Not Found', { status: 404 })
}

/** Turns a statement that the presenter does not know into a 404; other failures as usual. */
export function notFoundOr(error: unknown): never {
	if (isPresenterError(error, 'no-records')) throw data('Not Found', { status: 404 })
	toRouteError(error)
}

/** 'Email Statement': the statement's PDF to an address ('Statement sent successfully'). */
export async function statementAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
	date: string,
) {
	const { presenter, identity } = startCustomer(context)
	const submission = await parseForm(request, EmailStatementSchema)
	if (submission.status !== 'success') {
		if (submission.error?.intent) throw data('Unknown action', { status: 400 })
		return invalid(submission)
	}
	await requireOlderStatement(context, date)
	try {
		const sent = await mailLimit.run(identity, 1, () =>
			presenter.statements.email(date, submission.value.emailAddress),
		)
		if (sent.refused) return formError(submission, mailRefusalMessage(sent), 429)
	} catch (error) {
		return presenterFailure(submission, error, 'Something went wrong.')
	}
	getSession(context).flash({ type: 'success', message: 'Statement sent successfully' })
	return redirect(`/statements/${date}`)
}
