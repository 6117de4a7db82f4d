import { type RouterContextProvider } from 'react-router'
import { getSession } from '#app/.server/request/context.ts'
import { formError } from '#app/.server/request/forms.ts'
import { statusOf, type Settled } from '#app/.server/orders/index.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'

/**
 * The answer to settling a request: done, back to `path` saying so (and which emails could not
 * be sent: what they tell of has happened); refused, the reason in the form's error.
 */
export function settledAnswer(
	context: Readonly<RouterContextProvider>,
	submission: Parameters<typeof formError>[0],
	settled: Settled,
	path: string,
	message: string,
) {
	if (!settled.ok) return formError(submission, settled.message, statusOf(settled))
	const unsent = settled.unsent.map((u) => u.to)
	if (!unsent.length) return redirectWithFlash(getSession(context), path, message)
	return redirectWithFlash(getSession(context), path, {
		type: 'error',
		message: `${message}, but the email to ${unsent.join(' and ')} could not be sent.`,
	})
}
