import { getFormProps, useForm } from '@conform-to/react'
import { data, Form, Link, type RouterContextProvider } from 'react-router'
import { type Route } from './+types/account'
import { ACCOUNT_INTENTS } from './intents.ts'
import { accountIntentSchema, type AccountForm, type AccountValues } from './account.forms.ts'
import { requireAdmin, usersListFailure } from './admin.server.ts'
import { limitsOf, rememberAdmins, setLimits, toLimits } from '#app/.server/orders/index.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
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
import {
	CheckboxField,
	RequiredLegend,
	SelectField,
	TextField,
} from '#app/components/form-fields.tsx'

/** Each field's label, also what the error summary calls it. */
const LABELS = {
	tpauserID: 'Username',
	roleID: 'Role',
	tpaUserPassword: 'Password',
	confirmPassword: 'Confirm password',
	active: 'Active',
	mayOrder: 'May place orders',
	orderLimit: 'Order limit (inc. GST, $)',
	monthlyLimit: 'Monthly limit (inc. GST, $)',
	firstName: 'First name',
	lastName: 'Last name',
	emailAddress: 'Email address',
	phoneMobile: 'Mobile phone',
	phoneBusiness: 'Business phone',
	phoneHome: 'Home phone',
	faxNumber: 'Fax number',
} satisfies Partial<Record<keyof AccountForm, string>>

const ORDERING = [
	{ value: 'yes', label: 'Orders and quotes' },
	{ value: 'quotes', label: 'Quotes only (orders need approval)' },
]

const ROLES = [
	{ value: 'admin', label: 'Admin' },
	{ value: 'sales', label: 'Sales' },
]

/**
 * What each role may do, as the portal enforces it: Account Admin is refused to sales users
 * (admin.server.ts, nav.ts); every other area is the same for both.
 */
const ROLE_HINT = (
	<>
		<span className="field__hint-line">
			<strong>Admin:</strong> everything Sales can, and managing user accounts (Account Admin).
		</span>{' '}
		<span className="field__hint-line">
			<strong>Sales:</strong> products, cart, orders, quotes, invoices, statements, payments and
			everything else, except Account Admin.
		</span>
	</>
)

/**
 * The account being added (`/admin/account/new`) or updated (`/admin/account/{custContactID}`),
 * once the user may administer accounts; one parallel round.
 */
async function loadAccount(context: Readonly<RouterContextProvider>, id: string) {
	const { presenter, identity } = getCustomer(context)
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
	const limits = await formLimits(getCustomer(context).identity.customerId, user.tpauserID)
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
	const { presenter, identity } = getCustomer(context)
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
				<fieldset>
					<legend>Sign-in</legend>
					<TextField meta={fields.tpauserID} label={LABELS.tpauserID} autoComplete="off" required />
					<SelectField
						meta={fields.roleID}
						label={LABELS.roleID}
						options={ROLES}
						hint={ROLE_HINT}
					/>
					{/* On update both passwords may stay empty (the current one is kept). */}
					<TextField
						meta={fields.tpaUserPassword}
						label={LABELS.tpaUserPassword}
						type="password"
						autoComplete="new-password"
						required={!user}
						hint={
							user ? 'Leave both password fields empty to keep the current password.' : undefined
						}
					/>
					<TextField
						meta={fields.confirmPassword}
						label={LABELS.confirmPassword}
						type="password"
						autoComplete="new-password"
						required={!user}
					/>
					{user ? (
						<CheckboxField meta={fields.active} label={LABELS.active} className="switch" />
					) : null}
				</fieldset>
				<fieldset>
					<legend>Ordering</legend>
					<p className="field__hint">
						Orders over a limit are sent to an administrator for approval. Administrators have no
						limit. Leave a limit blank for none.
					</p>
					<SelectField meta={fields.mayOrder} label={LABELS.mayOrder} options={ORDERING} />
					<TextField
						meta={fields.orderLimit}
						label={LABELS.orderLimit}
						inputMode="decimal"
						autoComplete="off"
					/>
					<TextField
						meta={fields.monthlyLimit}
						label={LABELS.monthlyLimit}
						inputMode="decimal"
						autoComplete="off"
						hint="Orders placed this calendar month, and orders awaiting approval."
					/>
				</fieldset>
				<fieldset>
					<legend>Contact details</legend>
					<TextField meta={fields.firstName} label={LABELS.firstName} autoComplete="off" required />
					<TextField meta={fields.lastName} label={LABELS.lastName} autoComplete="off" required />
					<TextField
						meta={fields.emailAddress}
						label={LABELS.emailAddress}
						type="email"
						autoComplete="off"
						required
					/>
					<TextField
						meta={fields.phoneMobile}
						label={LABELS.phoneMobile}
						type="tel"
						autoComplete="off"
					/>
					<TextField
						meta={fields.phoneBusiness}
						label={LABELS.phoneBusiness}
						type="tel"
						autoComplete="off"
					/>
					<TextField
						meta={fields.phoneHome}
						label={LABELS.phoneHome}
						type="tel"
						autoComplete="off"
					/>
					<TextField
						meta={fields.faxNumber}
						label={LABELS.faxNumber}
						type="tel"
						autoComplete="off"
					/>
				</fieldset>
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
