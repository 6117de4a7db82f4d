import { getFormProps, useForm } from '@conform-to/react'
import { data, Form, Link, type RouterContextProvider } from 'react-router'
import { type Route } from './+types/account'
import { ACCOUNT_INTENTS } from './intents.ts'
import { accountIntentSchema, type AccountForm, type AccountValues } from './account.forms.ts'
import { AccountFields, LABELS } from './account-fields.tsx'
import { requireAdmin, usersListFailure } from './admin.server.ts'
import { limitsOf, rememberAdmins, setLimits, toLimits } from '#app/.server/orders/index.ts'
import { getSession, startCustomer } from '#app/.server/request/context.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { invalid, parseForm, presenterFailure } from '#app/.server/request/forms.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	ErrorSummary,
	FormErrorDialog,
	StatusButton,
	SubmissionKey,
} from '#app/components/forms.tsx'
import { RequiredLegend } from '#app/components/form-fields.tsx'

/**
 * The account being added (`/admin/account/new`) or updated (`/admin/account/{custContactID}`),
 * once the user may administer accounts; one parallel round.
 */
async function loadAccount(context: Readonly<RouterContextProvider>, id: string) {
	const { presenter, identity } = startCustomer(context)
	if (id === 'new') {
		await requireAdmin(context)
		return null
	}
	if (!/^\d{1,9}$/.test(id)) throw data('Not Found', { status: 404 })
	const [, users] = await Promise.all([
		requireAdmin(context),
		presenter.users.listMobileUsers().catch(usersListFailure),
	])
	const user = users.find((u) => u.custContactID === Number(id))
	if (!user) throw data('Not Found', { status: 404 })
	// Whom approval requests are emailed to (decision 059).
	await rememberAdmins(identity.customerId, users)
	return user
}

/** The user's limits as the form shows them: dollars, blank for none. */
async function formLimits(customerId: number, username: string) {
	const limits = await limitsOf(customerId, username)
	const dollars = (cents: number | null | undefined) =>
		cents === null || cents === undefined ? undefined : String(cents / 100)
	return {
		mayOrder: limits?.mayOrder === false ? 'quotes' : 'yes',
		orderLimit: dollars(limits?.orderLimit),
		monthlyLimit: dollars(limits?.monthlyLimit),
	} as const
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const user = await loadAccount(context, params.id)
	const here = pageUrl(request).pathname
	if (!user) return { here, user: null, confirmDelete: false }
	const detail = user.MobileUserDetail[0]!
	const limits = await formLimits(startCustomer(context).identity.customerId, user.tpauserID)
	return {
		here,
		user: {
			username: user.tpauserID,
			name: `${detail.firstName} ${detail.lastName}`,
			defaults: {
				tpauserID: user.tpauserID,
				firstName: detail.firstName,
				lastName: detail.lastName,
				emailAddress: detail.emailAddress,
				phoneMobile: detail.phoneMobile,
				phoneBusiness: detail.phoneBusiness,
				phoneHome: detail.phoneHome,
				faxNumber: detail.faxNumber,
				roleID: user.roleID,
				active: user.canAccessTPWeb,
				...limits,
			} satisfies Partial<AccountForm>,
		},
		confirmDelete: pageUrl(request).searchParams.get('dialog') === 'delete',
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const { presenter, identity } = startCustomer(context)
	// Only 'new' has no account yet (loadAccount).
	const [current, submission] = await Promise.all([
		loadAccount(context, params.id),
		parseForm(request, accountIntentSchema(params.id === 'new' ? 'add' : 'update')),
	])
	const done = (message: string) => redirectWithFlash(getSession(context), '/admin', message)
	if (submission.status !== 'success') return invalid(submission, passwordsBack(submission.error))
	if (submission.value.intent === ACCOUNT_INTENTS.delete) {
		if (!current) throw data('Not Found', { status: 404 })
		try {
			await presenter.users.deleteMobileUser(current)
		} catch (error) {
			return presenterFailure(submission, error, 'Unable to send request')
		}
		return done('User deleted')
	}
	const {
		tpauserID,
		roleID,
		tpaUserPassword = '',
		active,
		mayOrder,
		orderLimit,
		monthlyLimit,
		...form
	} = submission.value
	const user = {
		tpauserID,
		roleID,
		password: tpaUserPassword,
		detail: {
			firstName: form.firstName,
			lastName: form.lastName,
			emailAddress: form.emailAddress,
			phoneMobile: form.phoneMobile,
			phoneBusiness: form.phoneBusiness,
			phoneHome: form.phoneHome,
			faxNumber: form.faxNumber,
		},
	}
	try {
		if (current)
			await presenter.users.updateMobileUser(current, { ...user, active: Boolean(active) })
		else await presenter.users.addMobileUser(user)
	} catch (error) {
		return presenterFailure(submission, error, 'Unable to send request', passwordsBack(null))
	}
	if (mayOrder)
		await setLimits(
			identity.customerId,
			tpauserID,
			toLimits({ mayOrder, orderLimit, monthlyLimit }),
		)
	// A role or access changed: approval emails go to the administrators as they are now.
	await presenter.users
		.listMobileUsers()
		.then((users) => rememberAdmins(identity.customerId, users))
		.catch(() => {})
	return done(current ? 'User updated' : 'User added')
}

const PASSWORDS = ['tpaUserPassword', 'confirmPassword']

/**
 * What a refusal sends back of the passwords (docs/decisions/019-account-admin.md): refused for
 * another field, the administrator's own typing comes back into this form's page (no-store), so
 * they are not typed again; refused themselves (missing, not matching), they are emptied.
 */
function passwordsBack(errors: Record<string, unknown> | null | undefined) {
	return { hideFields: PASSWORDS.some((name) => errors?.[name]) ? PASSWORDS : [] }
}

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { here, user, confirmDelete } = loaderData
	const title = user ? `Edit ${user.name}` : 'Add New Account'
	const mode = user ? 'update' : 'add'
	const check = useBrowserCheck(() =>
		import('./account.forms.ts').then((m) => m.accountSchema(mode)),
	)
	const [form, fields] = useForm<AccountForm, AccountValues>({
		id: 'account',
		lastResult: actionData?.initialValue?.intent === ACCOUNT_INTENTS.save ? actionData : undefined,
		// A new user starts with the least privilege (docs/decisions/043-trust-in-account-forms.md).
		defaultValue: user?.defaults ?? { roleID: 'sales' },
		...check,
		// Checked in the browser when sent, then as each field changes: a check when a field is left
		// moved the buttons under the pointer (a message came or went), and the click was lost.
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<div className="account-area account-form">
			<Breadcrumbs
				crumbs={[
					{ label: 'Account Admin', to: '/admin' },
					{ label: title, to: here },
				]}
			/>
			<h1>{title}</h1>
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo={here} />
			<Form
				// Another user's page starts afresh: the password fields keep only what was typed here.
				key={here}
				method="post"
				action={here}
				{...getFormProps(form)}
				className="account-form__form"
			>
				<ErrorSummary form={form} labels={LABELS} />
				<SubmissionKey />
				<input type="hidden" name="intent" value={ACCOUNT_INTENTS.save} />
				<RequiredLegend />
				<AccountFields fields={fields} editing={Boolean(user)} />
				<div className="account-area__actions">
					<StatusButton className="button button--primary" intent={ACCOUNT_INTENTS.save}>
						{user ? 'Save Changes' : 'Add Account'}
					</StatusButton>
					<Link className="button" to="/admin">
						Cancel
					</Link>
					{user ? (
						<Link className="button button--danger" to={`${here}?dialog=delete`} preventScrollReset>
							Delete User
						</Link>
					) : null}
				</div>
			</Form>
			{user && confirmDelete ? (
				<ConfirmDialog
					title="Delete User"
					here={here}
					intent={ACCOUNT_INTENTS.delete}
					confirm="Delete User"
				>
					<p>
						Delete the user account ‘{user.username}’ ({user.name})? They will no longer be able to
						sign in.
					</p>
				</ConfirmDialog>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.user ? 'Edit Account' : 'Add New Account'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
