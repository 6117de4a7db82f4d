import { type useForm } from '@conform-to/react'
import { type AccountForm, type AccountValues } from './account.forms.ts'
import { CheckboxField, SelectField, TextField } from '#app/components/form-fields.tsx'

/** Each field's label, also what the error summary calls it. */
export const LABELS = {
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
 * The account form's fields: sign-in (username, role, passwords, and when `editing` whether the
 * account is active), ordering limits and contact details.
 */
export function AccountFields({
	fields,
	editing,
}: {
	fields: ReturnType<typeof useForm<AccountForm, AccountValues>>[1]
	/** An existing account: its password may stay unchanged, and it may be switched off. */
	editing: boolean
}) {
	return (
		<>
			<fieldset>
				<legend>Sign-in</legend>
				<TextField meta={fields.tpauserID} label={LABELS.tpauserID} autoComplete="off" required />
				<SelectField meta={fields.roleID} label={LABELS.roleID} options={ROLES} hint={ROLE_HINT} />
				{/* On update both passwords may stay empty (the current one is kept). */}
				<TextField
					meta={fields.tpaUserPassword}
					label={LABELS.tpaUserPassword}
					type="password"
					autoComplete="new-password"
					required={!editing}
					hint={
						editing ? 'Leave both password fields empty to keep the current password.' : undefined
					}
				/>
				<TextField
					meta={fields.confirmPassword}
					label={LABELS.confirmPassword}
					type="password"
					autoComplete="new-password"
					required={!editing}
				/>
				{editing ? (
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
				<TextField meta={fields.phoneHome} label={LABELS.phoneHome} type="tel" autoComplete="off" />
				<TextField meta={fields.faxNumber} label={LABELS.faxNumber} type="tel" autoComplete="off" />
			</fieldset>
		</>
	)
}
