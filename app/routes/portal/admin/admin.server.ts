import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { requireArea } from '#app/.server/access.ts'
import { getCustomer } from '#app/.server/context.ts'
import { RoleSchema } from '#app/.server/presenter/contract/users.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { ACCOUNT_INTENTS } from './intents.ts'

/**
 * Account Admin is for administrators where the menu shows it: refused (403) when
 * account_admin_button_disabled or the top button bar hides it, and for sales users (spec
 * part 2 §6), whatever links the page showed.
 */
export async function requireAdmin(context: Readonly<RouterContextProvider>) {
	const { presenter } = getCustomer(context)
	const [, user] = await Promise.all([
		requireArea(context, 'accountAdmin'),
		presenter.users.getDetails(),
	]).catch(toRouteError)
	if (user.roleID !== 'admin')
		throw data('Only an administrator can manage user accounts', { status: 403 })
	return user
}

const Required = z.string({ error: 'Required' }).trim().min(1, 'Required')
const Optional = z.string().trim().max(30, 'Use at most 30 characters').default('')
/** Passwords are taken as typed (spaces count); only an empty one is missing. */
const Password = z
	.string({ error: 'Required' })
	.min(1, 'Required')
	.max(128, 'Use at most 128 characters')

/**
 * The add and update forms (spec part 2 §5): username, first and last name, email, password and
 * its confirmation are required ('Required'), the email valid ('Invalid email address'), the
 * confirmation equal ('Passwords must match'). The presenter keeps only a password hash, so an
 * update cannot show the current password: there both may stay empty to keep it
 * (docs/decisions/019-account-admin.md). The active switch is only on update.
 */
export function accountSchema(mode: 'add' | 'update') {
	return z
		.object({
			intent: z.literal(ACCOUNT_INTENTS.save),
			tpauserID: Required.pipe(
				z
					.string()
					.max(50, 'Use at most 50 characters')
					.regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, numbers and . _ @ - only'),
			),
			firstName: Required.pipe(z.string().max(50, 'Use at most 50 characters')),
			lastName: Required.pipe(z.string().max(50, 'Use at most 50 characters')),
			emailAddress: Required.pipe(
				z.string().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
			),
			phoneMobile: Optional,
			phoneBusiness: Optional,
			phoneHome: Optional,
			faxNumber: Optional,
			// Least privilege when none is sent (docs/decisions/043-trust-in-account-forms.md).
			roleID: RoleSchema.default('sales'),
			tpaUserPassword: mode === 'add' ? Password : Password.optional(),
			confirmPassword: mode === 'add' ? Password : Password.optional(),
			// The active switch (update only): unchecked sends nothing.
			active: z.boolean().optional(),
		})
		.superRefine(
			(value, ctx) => {
				const { tpaUserPassword: password, confirmPassword: confirm } = value
				if (password && !confirm)
					ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Required' })
				else if (!password && confirm)
					ctx.addIssue({ code: 'custom', path: ['tpaUserPassword'], message: 'Required' })
				else if (password !== confirm)
					ctx.addIssue({
						code: 'custom',
						path: ['confirmPassword'],
						message: 'Passwords must match',
					})
			},
			// Shown with the other fields' errors, unless a password field has its own already.
			{ when: ({ issues }) => !issues.some((i) => PASSWORD_FIELDS.includes(String(i.path?.[0]))) },
		)
}
const PASSWORD_FIELDS = ['tpaUserPassword', 'confirmPassword']
export type AccountForm = z.input<ReturnType<typeof accountSchema>>
