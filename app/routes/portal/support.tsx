import { getFormProps, useForm } from '@conform-to/react'
import { Form, useLocation } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/support'
import { SupportSchema } from './support.forms.ts'
import { getCustomer, startCustomer, getSession } from '#app/.server/request/context.ts'
import { formError, invalid, parseForm, presenterFailure } from '#app/.server/request/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { sanitizeHtml } from '#app/.server/request/sanitize.ts'
import { mailLimit, mailRefusalMessage } from '#app/.server/guard/send-limits.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { RequiredLegend, TextareaField, TextField } from '#app/components/form-fields.tsx'

/** /support and /contact-a-representative: the same form under two headings. */
function pageOf(request: Request) {
	return pageUrl(request).pathname.toLowerCase() === '/contact-a-representative'
		? { here: '/contact-a-representative', heading: 'Contact a Representative' }
		: { here: '/support', heading: 'Support' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const { settings } = await getCustomer(context)
	return { ...pageOf(request), helpText: sanitizeHtml(settings.help_text) }
}

/**
 * The to-address is the Support Email entry of the bottom link bar with any prefix up to and
 * including a colon removed ('mailto:help@…' → 'help@…').
 */
function supportAddress(entries: Array<{ type_object: string; object_value: string }>) {
	const entry = entries.find((e) => e.type_object.trim().toLowerCase() === 'support email')
	return (entry?.object_value ?? '').replace(/^[^:]*:/, '').trim()
}

export async function action({ request, context }: Route.ActionArgs) {
	const { presenter, identity } = startCustomer(context)
	const submission = await parseForm(request, SupportSchema, { maxFields: 10 })
	if (submission.status !== 'success') return invalid(submission)
	const [user, bottombar] = await Promise.all([
		presenter.users.getDetails(),
		presenter.content.getObjectSet('bottomlinkbar'),
	]).catch(toRouteError)
	try {
		const sent = await mailLimit.run(identity, 1, () =>
			presenter.support.sendMessage({
				userId: user.id_user,
				from: user.userEmailAddress,
				to: supportAddress(bottombar),
				subject: submission.value.subject,
				body: submission.value.message,
			}),
		)
		if (sent.refused) return formError(submission, mailRefusalMessage(sent), 429)
		return redirectWithFlash(
			getSession(context),
			pageOf(request).here,
			sent.result || 'Email sent successfully',
		)
	} catch (error) {
		return presenterFailure(submission, error, 'Unable to send request')
	}
}

export default function SupportRoute({ loaderData, actionData }: Route.ComponentProps) {
	// A sent message redirects here, a new location: the form starts again, empty and without the
	// last errors, so nothing invites sending it twice. A refused one stays, typing kept.
	const location = useLocation()
	return (
		<section className="panel" aria-labelledby="support-title">
			<h1 id="support-title">{loaderData.heading}</h1>
			{loaderData.helpText ? (
				<div className="support__help" dangerouslySetInnerHTML={{ __html: loaderData.helpText }} />
			) : null}
			<SupportForm key={location.key} here={loaderData.here} lastResult={actionData} />
		</section>
	)
}

function SupportForm({
	here,
	lastResult,
}: {
	here: string
	lastResult: Route.ComponentProps['actionData']
}) {
	const check = useBrowserCheck(() => import('./support.forms.ts').then((m) => m.SupportSchema))
	const [form, fields] = useForm<z.input<typeof SupportSchema>>({
		id: 'support',
		lastResult,
		...check,
		// Checked in the browser when sent, then as each field changes: a check when a field is left
		// moved the buttons under the pointer (a message came or went), and the click was lost.
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<>
			<FormErrorDialog result={lastResult} errors={form.errors} closeTo={here} />
			<Form method="post" {...getFormProps(form)}>
				<SubmissionKey />
				<RequiredLegend />
				<TextField meta={fields.subject} label="Subject" maxLength={200} required />
				<TextareaField meta={fields.message} label="Message" rows={6} maxLength={5000} required />
				<StatusButton className="button button--primary">Submit</StatusButton>
			</Form>
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.heading ?? 'Support'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
