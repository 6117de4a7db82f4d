import { getFormProps, useForm } from '@conform-to/react'
import { Form, Link, redirect } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/trade-account'
import { HONEYPOT, HoneypotField } from './honeypot.tsx'
import { RequestSchema } from './trade-account.forms.ts'
import { getSession } from '#app/.server/request/context.ts'
import { formError, invalid, parseForm, presenterFailure } from '#app/.server/request/forms.ts'
import { getPresenter, requireConfiguration } from '#app/.server/presenter/index.ts'
import { identityOf, redirectWithFlash } from '#app/.server/request/session.ts'
import { accountRequestLimit, clientAddress, sendRefusalMessage } from '#app/.server/guard/throttle.ts'
import { newSubmissionKey } from '#app/.server/request/submissions.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { RequiredLegend, TextareaField, TextField } from '#app/components/form-fields.tsx'

const SENT = 'Your request has been sent. We will be in touch by email.'
export function loader({ context }: Route.LoaderArgs) {
	if (identityOf(getSession(context).current)) throw redirect('/')
	// The form's key (<SubmissionKey />): sent twice, it asks once.
	return { submissionKey: newSubmissionKey() }
}

export async function action({ request, context }: Route.ActionArgs) {
	const config = requireConfiguration()
	const submission = await parseForm(request, RequestSchema, { maxFields: 10 })
	if (submission.status !== 'success') return invalid(submission)
	const { [HONEYPOT]: trap, ...details } = submission.value
	const done = (message: string) => redirectWithFlash(getSession(context), '/login', message)
	// A bot is told it worked, and nothing is sent.
	if (trap) return done(SENT)
	try {
		const sent = await accountRequestLimit.run(clientAddress(request), () =>
			getPresenter(request, { config }).support.requestTradeAccount(details),
		)
		if (sent.refused) return formError(submission, sendRefusalMessage(sent.retryAfterSeconds), 429)
		return done(sent.result || SENT)
	} catch (error) {
		return presenterFailure(submission, error, 'Unable to send request')
	}
}

export default function TradeAccountRoute({ actionData }: Route.ComponentProps) {
	const check = useBrowserCheck(() => import('./trade-account.forms.ts').then((m) => m.RequestSchema))
	const [form, fields] = useForm<z.input<typeof RequestSchema>>({
		id: 'trade-account',
		lastResult: actionData,
		...check,
		// Checked in the browser when sent, then as each field changes: a check when a field is left
		// moved the buttons under the pointer (a message came or went), and the click was lost.
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<main id="main" className="login">
			<section className="login__card register" aria-labelledby="trade-account-title">
				<h1 id="trade-account-title">Ask for a trade account</h1>
				<p>
					Tell us about your business and we will contact you about opening an account. Already
					have an account? <Link to="/register">Register for the portal</Link>.
				</p>
				<Form method="post" {...getFormProps(form)}>
					<SubmissionKey />
					<RequiredLegend />
					<TextField
						meta={fields.businessName}
						label="Business name"
						autoComplete="organization"
						required
					/>
					<TextField meta={fields.contactName} label="Your name" autoComplete="name" required />
					<TextField
						meta={fields.emailAddress}
						label="Email address"
						type="email"
						autoComplete="email"
						required
					/>
					<TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
					<TextareaField
						meta={fields.message}
						label="Message"
						rows={5}
						maxLength={2000}
						hint="What you build and buy, your ABN, and how you would like to be contacted."
					/>
					<HoneypotField id="trade-account-website" />
					<ErrorList id={form.errorId} errors={form.errors} />
					<div className="register__buttons">
						<Link className="button" to="/register">
							Back
						</Link>
						<StatusButton className="button button--primary" pendingLabel="Sending...">
							Send request
						</StatusButton>
					</div>
				</Form>
			</section>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Ask for a trade account | Trade Portal' }]

export function ErrorBoundary() {
	return (
		<main id="main" className="page page--narrow">
			<GeneralErrorBoundary />
		</main>
	)
}
