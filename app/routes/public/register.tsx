import { getFormProps, useForm } from '@conform-to/react'
import { format } from 'date-fns'
import { Form, Link, redirect } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/register'
import { HONEYPOT, HoneypotField } from './honeypot.tsx'
import { RegisterSchema } from './register.forms.ts'
import { getSession } from '#app/.server/request/context.ts'
import { formError, invalid, parseForm, presenterFailure } from '#app/.server/request/forms.ts'
import {
	getPresenter,
	isPresenterError,
	requireConfiguration,
} from '#app/.server/presenter/index.ts'
import { registrationLimit, registrationRefusalMessage } from '#app/.server/guard/send-limits.ts'
import { identityOf, redirectWithFlash } from '#app/.server/request/session.ts'
import { clientAddress, refusalMessage, signInThrottle } from '#app/.server/guard/throttle.ts'
import { newSubmissionKey } from '#app/.server/request/submissions.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FlashMessage } from '#app/components/flash-message.tsx'
import { ErrorList, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { DateField, RequiredLegend, TextField } from '#app/components/form-fields.tsx'

const SUCCESS = 'Account registration has been sent successfully'
export function loader({ context }: Route.LoaderArgs) {
	if (identityOf(getSession(context).current)) throw redirect('/')
	// The form's key (<SubmissionKey />): sent twice, it registers once.
	return { submissionKey: newSubmissionKey() }
}

export async function action({ request, context }: Route.ActionArgs) {
	const config = requireConfiguration()
	const submission = await parseForm(request, RegisterSchema, { maxFields: 20 })
	const hidden = { hideFields: ['password', 'confirmPassword'] }
	if (submission.status !== 'success') return invalid(submission, hidden)
	const { confirmPassword: _, [HONEYPOT]: trap, statementDate, ...registration } = submission.value
	const done = () => redirectWithFlash(getSession(context), '/login', SUCCESS)
	// A bot is told it worked, and nothing is sent.
	if (trap) return done()
	try {
		const address = clientAddress(request)
		// Wrong account details count like failed sign-ins (throttle.ts): per address, so the
		// statement reference cannot be guessed at speed. Accepted ones are limited on their own,
		// per address and per account (send-limits.ts).
		const attempt = await signInThrottle.run(
			{ address },
			() =>
				registrationLimit
					.run({ address, account: registration.customerID }, () =>
						getPresenter(request, { config }).support.register({
							...registration,
							statementDate: format(statementDate, 'yyyy-MM-dd'),
						}),
					)
					.catch((error: unknown) => ({ error })),
			// A presenter that is down or answers nonsense counts nothing.
			(r) =>
				'error' in r &&
				isPresenterError(r.error) &&
				r.error.kind !== 'transport' &&
				r.error.kind !== 'invalid-reply',
		)
		if (attempt.refused) {
			return formError(submission, refusalMessage(attempt.retryAfterSeconds), 429, hidden)
		}
		const registered = attempt.result
		if ('error' in registered) throw registered.error
		if (registered.refused) {
			return formError(submission, registrationRefusalMessage(registered), 429, hidden)
		}
		return done()
	} catch (error) {
		return presenterFailure(submission, error, 'Unable to send request', hidden)
	}
}

export default function RegisterRoute({ actionData }: Route.ComponentProps) {
	const check = useBrowserCheck(() => import('./register.forms.ts').then((m) => m.RegisterSchema))
	const [form, fields] = useForm<z.input<typeof RegisterSchema>, z.output<typeof RegisterSchema>>({
		id: 'register',
		lastResult: actionData,
		...check,
		// Checked in the browser when sent, then as each field changes: a check when a field is left
		// moved the buttons under the pointer (a message came or went), and the click was lost.
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<main id="main" className="login">
			<section className="login__card register" aria-labelledby="register-title">
				<FlashMessage />
				<h1 id="register-title">Register your account</h1>
				<p className="register__new">
					New to us? <Link to="/register/ask">Ask for a trade account</Link>
				</p>
				<Form method="post" {...getFormProps(form)}>
					<SubmissionKey />
					<RequiredLegend />
					<fieldset>
						<legend>Business Account</legend>
						<p className="field__hint">
							You need the details from a recent monthly statement to register.
						</p>
						{/* Where the sandbox presenter's statement shows them (server/sandbox/statements.ts). */}
						<TextField
							meta={fields.customerID}
							label="Account Number"
							inputMode="numeric"
							autoComplete="off"
							required
							hint="‘Account’ at the top right of your monthly statement."
						/>
						<DateField
							meta={fields.statementDate}
							label="Statement Date"
							locale="en-AU"
							required
							hint="‘Statement date’, under the account number."
						/>
						<TextField
							meta={fields.statementReference}
							label="Statement Reference"
							required
							hint="‘Reference’, under the statement date; also quoted in the payment terms."
						/>
					</fieldset>
					<fieldset>
						<legend>Your Profile</legend>
						<TextField meta={fields.userName} label="Username" autoComplete="username" required />
						<TextField
							meta={fields.nameFirst}
							label="First Name"
							autoComplete="given-name"
							required
						/>
						<TextField
							meta={fields.nameLast}
							label="Last Name"
							autoComplete="family-name"
							required
						/>
						<TextField
							meta={fields.emailAddress}
							label="Email Address"
							type="email"
							autoComplete="email"
							required
						/>
					</fieldset>
					<fieldset>
						<legend>Password</legend>
						<TextField
							meta={fields.password}
							label="Password"
							type="password"
							autoComplete="new-password"
							required
						/>
						<TextField
							meta={fields.confirmPassword}
							label="Confirm Password"
							type="password"
							autoComplete="new-password"
							required
						/>
					</fieldset>
					<HoneypotField id="register-website" />
					<ErrorList id={form.errorId} errors={form.errors} />
					<div className="register__buttons">
						<Link className="button" to="/login">
							Back
						</Link>
						<StatusButton className="button button--primary">Register</StatusButton>
					</div>
				</Form>
			</section>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Register | Trade Portal' }]

export function ErrorBoundary() {
	return (
		<main id="main" className="page page--narrow">
			<GeneralErrorBoundary />
		</main>
	)
}
