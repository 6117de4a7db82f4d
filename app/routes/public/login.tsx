import { getFormProps, useForm } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { Form, redirect, redirectDocument, useSearchParams } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/login'
import { LoginSchema } from './login.forms.ts'
import { getSession } from '#app/.server/request/context.ts'
import { rememberDevice, trustedDevice } from '#app/.server/guard/device.ts'
import { formError, invalid, parseForm, presenterFailure } from '#app/.server/request/forms.ts'
import { isOutage, presenterState } from '#app/.server/presenter/breaker.ts'
import { getPresenter, ownSession, requireConfiguration } from '#app/.server/presenter/index.ts'
import { startRecentlyOrdered } from '#app/.server/cart/recently-ordered.ts'
import { logFailure } from '#app/.server/config/log.ts'
import { signedIn } from '#app/.server/orders/index.ts'
import { formatOutageTime } from '#app/.server/presenter/stale.ts'
import { safeRedirect } from '#app/.server/request/redirect.ts'
import { sanitizeHtml } from '#app/.server/request/sanitize.ts'
import { identityOf } from '#app/.server/request/session.ts'
import { clientAddress, refusalMessage, signInThrottle } from '#app/.server/guard/throttle.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FlashMessage } from '#app/components/flash-message.tsx'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { ErrorList, ErrorSummary, StatusButton } from '#app/components/forms.tsx'
import { CheckboxField, TextField } from '#app/components/form-fields.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
	if (identityOf(getSession(context).current)) throw redirect('/')
	const config = requireConfiguration()
	// login_text is optional decoration: a presenter hiccup must not block signing in.
	const loginText = await getPresenter(request, { config })
		.config.getLoginText()
		.catch(() => '')
	const state = presenterState()
	return {
		loginText: sanitizeHtml(loginText),
		companyName: config.company_name,
		unavailable: state.up ? null : signInUnavailable(state.since),
	}
}

/** What the sign-in page says while the ordering system is down (decision 064). */
function signInUnavailable(since: number) {
	return `Signing in is unavailable until our ordering system is back. It has been unavailable since ${formatOutageTime(since, 'en-AU')}.`
}

export async function action({ request, context }: Route.ActionArgs) {
	const config = requireConfiguration()
	const submission = await parseForm(request, LoginSchema)
	if (submission.status !== 'success') return invalid(submission, { hideFields: ['password'] })
	const { username, password, rememberMe, redirectTo } = submission.value
	// A failed sign-in shows the presenter's text and resets the form.
	const reset = { hideFields: ['username', 'password'] }
	try {
		// Failed sign-ins are limited per username and per address (throttle.ts). This is the
		// action itself, so every URL that reaches it (/LOGIN, /login.data) is covered.
		// A browser the user has signed in from before counts its own failures instead (device.ts).
		const device = await trustedDevice(request, username)
		const attempt = await signInThrottle.run(
			{ username, address: clientAddress(request), device },
			() => getPresenter(request, { config }).auth.login(username, password),
			(outcome) => !outcome.ok,
		)
		if (attempt.refused) {
			return formError(submission, refusalMessage(attempt.retryAfterSeconds), 429, reset)
		}
		const outcome = attempt.result
		if (!outcome.ok) return formError(submission, outcome.message, 401, reset)
		// The customer id is not known until the user details arrive; they only need the username.
		// The cart is started by the first page that needs it (request context).
		const presenter = getPresenter(request, {
			config,
			identity: { sessionId: outcome.sessionId, username, customerId: 0 },
		})
		const user = await presenter.users.getDetails()
		// Cached under customer 0 until now: a demotion of the real customer's user must reach it.
		ownSession(outcome.sessionId, user.id_cust, username)
		// Home's recently ordered needs two round trips of order history: read now, beside the
		// redirect and the first page's own reads (a page without JS waits a moment for it).
		startRecentlyOrdered(
			getPresenter(request, {
				config,
				identity: { sessionId: outcome.sessionId, username, customerId: user.id_cust },
				detached: true,
			}),
		)
		// Orders kept while the system was down, waiting for this user's session, are sent with it.
		void signedIn({ sessionId: outcome.sessionId, username, customerId: user.id_cust }).catch(
			(error: unknown) => logFailure('Orders kept for a new sign-in', error),
		)
		// A new portal session (a new id: nothing from before signing in carries over).
		const session = getSession(context).renew()
		session.set('sessionId', outcome.sessionId)
		session.set('username', username)
		session.set('customerId', user.id_cust)
		session.set('rememberMe', rememberMe)
		// A whole new page: the signed-in shell is rendered by the server (see product-menu.tsx).
		return redirectDocument(safeRedirect(redirectTo), {
			headers: { 'Set-Cookie': await rememberDevice(request, username) },
		})
	} catch (error) {
		// The breaker is open: the system is away, not one call failing.
		const state = presenterState()
		if (isOutage(error) && !state.up) {
			return formError(submission, signInUnavailable(state.since), 503, reset)
		}
		return presenterFailure(submission, error, 'Unable to send request', reset)
	}
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	// Each reply starts the form again, emptied (its inputs are uncontrolled).
	const [seen, setSeen] = useState(actionData)
	const [attempt, setAttempt] = useState(0)
	if (actionData !== seen) {
		setSeen(actionData)
		setAttempt((n) => n + 1)
	}
	const check = useBrowserCheck(() => import('./login.forms.ts').then((m) => m.LoginSchema))
	const [form, fields] = useForm<z.input<typeof LoginSchema>>({
		id: 'login',
		lastResult: actionData,
		// Checked when sent, never while typing (the earlier rule, kept): in the browser with JS, by
		// the server without; the answer of a post starts the form again, wiping the password.
		...check,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onSubmit',
	})
	// A refused sign-in's message takes the focus: the form is drawn anew with each reply, the
	// focused button with it. Without JS the page opens on it (autofocus).
	const refusal = form.errors?.join('\n')
	useEffect(() => {
		if (refusal) document.getElementById(form.errorId)?.focus()
	}, [attempt, refusal, form.errorId])
	return (
		<main id="main" className="login">
			<section className="login__card" aria-labelledby="login-title">
				<FlashMessage />
				<img
					className="login__logo"
					src="/logo.svg"
					alt={loaderData.companyName}
					width="220"
					height="56"
				/>
				<h1 id="login-title">Welcome to your Trade Portal</h1>
				{loaderData.unavailable && !form.errors?.length ? (
					<p className="notice notice--error" role="status">
						{loaderData.unavailable}
					</p>
				) : null}
				{loaderData.loginText ? (
					<div className="login__text" dangerouslySetInnerHTML={{ __html: loaderData.loginText }} />
				) : null}
				<Form method="post" {...getFormProps(form)} key={attempt}>
					{/* Its messages name their fields ('Enter your username'). */}
					<ErrorSummary form={form} />
					<input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
					<TextField meta={fields.username} label="Username" autoComplete="username" />
					<TextField
						meta={fields.password}
						label="Password"
						type="password"
						autoComplete="current-password"
					/>
					<CheckboxField meta={fields.rememberMe} label="Remember Me" />
					<ErrorList
						id={form.errorId}
						errors={form.errors}
						tabIndex={-1}
						// eslint-disable-next-line jsx-a11y/no-autofocus -- a refused sign-in opens on why
						autoFocus
					/>
					<StatusButton className="button button--primary button--block">Sign in</StatusButton>
				</Form>
				<p className="login__register">
					New to the portal? <a href="/register">Register</a>
				</p>
			</section>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign in | Trade Portal' }]

export function ErrorBoundary() {
	return (
		<main id="main" className="page page--narrow">
			<GeneralErrorBoundary />
		</main>
	)
}
