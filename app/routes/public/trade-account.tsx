import { getFormProps, useForm } from '@conform-to/react'
import { Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/trade-account'
import { getSession } from '#app/.server/context.ts'
import { formError, invalid, parseForm, presenterFailure } from '#app/.server/forms.ts'
import { getPresenter, requireConfiguration } from '#app/.server/presenter/index.ts'
import { identityOf } from '#app/.server/session.ts'
import { accountRequestLimit, clientAddress, sendRefusalMessage } from '#app/.server/throttle.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	ErrorList,
	RequiredLegend,
	StatusButton,
	TextareaField,
	TextField,
} from '#app/components/forms.tsx'

const SENT = 'Your request has been sent. We will be in touch by email.'
/** The honeypot: invisible to people, filled in by form-filling bots (as on /register). */
const HONEYPOT = 'website'

const required = (max: number) =>
	z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `Use at most ${max} characters`)

/**
 * 'New to us? Ask for a trade account': a business without an account asks the supplier for one
 * (docs/decisions/043-trust-in-account-forms.md). No session, so the presenter's anonymous
 * requestTradeAccount sends it; a few per address an hour.
 */
const RequestSchema = z.object({
	businessName: required(100),
	contactName: required(100),
	emailAddress: z
		.string({ error: 'Required' })
		.trim()
		.min(1, 'Required')
		.pipe(z.email('Invalid email address').max(200)),
	phone: z.string().trim().max(30, 'Use at most 30 characters').default(''),
	message: z.string().trim().max(2000, 'Use at most 2000 characters').default(''),
	[HONEYPOT]: z.string().max(200).optional(),
})

export function loader({ context }: Route.LoaderArgs) {
	if (identityOf(getSession(context).current)) throw redirect('/')
	return null
}

export async function action({ request, context }: Route.ActionArgs) {
	const config = requireConfiguration()
	const submission = await parseForm(request, RequestSchema, { maxFields: 10 })
	if (submission.status !== 'success') return invalid(submission)
	const { [HONEYPOT]: trap, ...details } = submission.value
	const done = (message: string) => {
		getSession(context).flash({ type: 'success', message })
		return redirect('/login')
	}
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
	const [form, fields] = useForm<z.input<typeof RequestSchema>>({
		id: 'trade-account',
		lastResult: actionData,
		shouldRevalidate: 'onBlur',
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
					<div className="visually-hidden" aria-hidden="true">
						<label htmlFor="trade-account-website">Leave this empty</label>
						<input id="trade-account-website" name={HONEYPOT} tabIndex={-1} autoComplete="off" />
					</div>
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
