import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, useSearchParams } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/login'
import { getIdentity } from '#app/.server/auth.ts'
import { getPresenter, isPresenterError, requireConfiguration } from '#app/.server/presenter/index.ts'
import { safeRedirect } from '#app/.server/redirect.ts'
import { sanitizeHtml } from '#app/.server/sanitize.ts'
import { commitSession, getSession } from '#app/.server/session.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList, Field } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'

const LoginSchema = z.object({
	username: z.string({ error: 'Enter your username' }).trim().min(1, 'Enter your username'),
	password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password'),
	rememberMe: z.boolean().default(false),
	redirectTo: z.string().optional(),
})

export async function loader({ request }: Route.LoaderArgs) {
	if (await getIdentity(request)) throw redirect('/')
	const config = requireConfiguration()
	// login_text is optional decoration: a presenter hiccup must not block signing in.
	const loginText = await getPresenter(request, { config })
		.config.getLoginText()
		.catch(() => '')
	return { loginText: sanitizeHtml(loginText), companyName: config.company_name }
}

export async function action({ request }: Route.ActionArgs) {
	const config = requireConfiguration()
	const submission = parseWithZod(await request.formData(), { schema: LoginSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: ['password'] }), loginError: null }, { status: 400 })
	}
	const { username, password, rememberMe, redirectTo } = submission.value
	const refuse = (loginError: string, status: number) =>
		data({ result: submission.reply({ resetForm: true }), loginError }, { status })
	try {
		const outcome = await getPresenter(request, { config }).auth.login(username, password)
		if (!outcome.ok) return refuse(outcome.message, 401)
		// The customer id is not known until the user details arrive; they only need the username.
		const presenter = getPresenter(request, {
			config,
			identity: { sessionId: outcome.sessionId, username, customerId: 0 },
		})
		const user = await presenter.users.getDetails()
		const cartSessionId = await presenter.cart.create(user.id_cust)
		const session = await getSession(request)
		session.set('sessionId', outcome.sessionId)
		session.set('username', username)
		session.set('customerId', user.id_cust)
		session.set('cartSessionId', cartSessionId)
		session.set('rememberMe', rememberMe)
		return redirect(safeRedirect(redirectTo), {
			headers: { 'Set-Cookie': await commitSession(session) },
		})
	} catch (error) {
		if (!isPresenterError(error)) throw error
		return refuse(error.firstMessage ?? 'Unable to send request', 503)
	}
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
	const [searchParams] = useSearchParams()
	const [form, fields] = useForm<z.input<typeof LoginSchema>>({
		id: 'login',
		lastResult: actionData?.result,
		shouldRevalidate: 'onBlur',
	})
	return (
		<main id="main" className="login">
			<section className="login__card" aria-labelledby="login-title">
				<img className="login__logo" src="/logo.svg" alt={loaderData.companyName} width="220" height="56" />
				<h1 id="login-title">Welcome to your Trade Portal</h1>
				{loaderData.loginText ? (
					<div className="login__text" dangerouslySetInnerHTML={{ __html: loaderData.loginText }} />
				) : null}
				<Form method="post" {...getFormProps(form)} noValidate>
					<input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
					<Field
						label="Username"
						inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }}
						errors={fields.username.errors}
					/>
					<Field
						label="Password"
						inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
						errors={fields.password.errors}
					/>
					<label className="checkbox">
						<input {...getInputProps(fields.rememberMe, { type: 'checkbox' })} />
						Remember Me
					</label>
					{actionData?.loginError ? (
						<ErrorList id="login-error" errors={[actionData.loginError]} />
					) : null}
					<StatusButton className="button button--primary button--block" type="submit">
						Sign in
					</StatusButton>
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
