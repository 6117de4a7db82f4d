import { z } from 'zod'
import { ONE_LINE, ONE_LINE_MESSAGE } from '#app/utils/one-line.ts'
import { ACCOUNT_INTENTS } from './intents.ts'

/**
 * The account form's rules (account.tsx), checked in the browser as it is filled in and again by
 * the action.
 */

const Required = z.string({ error: 'Required' }).trim().min(1, 'Required')
const Optional = z.string().trim().max(30, 'Use at most 30 characters').default('')
/** Passwords are taken as typed (spaces count); only an empty one is missing. */
const Password = z
	.string({ error: 'Required' })
	.min(1, 'Required')
	.max(128, 'Use at most 128 characters')

/**
 * The add and update forms: username, first and last name, email, password and
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
			// Names go into email subjects: one line each, as registration has them.
			firstName: Required.pipe(
				z.string().max(50, 'Use at most 50 characters').regex(ONE_LINE, ONE_LINE_MESSAGE),
			),
			lastName: Required.pipe(
				z.string().max(50, 'Use at most 50 characters').regex(ONE_LINE, ONE_LINE_MESSAGE),
			),
			emailAddress: Required.pipe(
				z.string().max(254, 'Invalid email address').pipe(z.email('Invalid email address')),
			),
			phoneMobile: Optional,
			phoneBusiness: Optional,
			phoneHome: Optional,
			faxNumber: Optional,
			// Least privilege when none is sent (docs/decisions/043-trust-in-account-forms.md).
			roleID: z.enum(['admin', 'sales']).default('sales'),
			tpaUserPassword: mode === 'add' ? Password : Password.optional(),
			confirmPassword: mode === 'add' ? Password : Password.optional(),
			// The active switch (update only): unchecked sends nothing.
			active: z.boolean().optional(),
			...limitFields,
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
const NOT_AN_AMOUNT = 'Enter an amount in dollars, e.g. 2000'
/**
 * A limit in dollars inc. GST, to the cent; blank for none. Typed as people write money: '2500',
 * '2,500', '$2,500.00'.
 */
const Limit = z
	.string({ error: NOT_AN_AMOUNT })
	.transform((text) => text.replace(/[\s$,]/g, ''))
	.pipe(
		z.coerce
			.number<string>({ error: NOT_AN_AMOUNT })
			.positive('Enter an amount above $0')
			.max(9_999_999, 'Enter an amount below $10,000,000')
			.refine((n) => Number.isInteger(Math.round(n * 1e6) / 1e4), 'Use at most two decimal places'),
	)
	.optional()

/**
 * A user's order limits (docs/decisions/059-order-limits-and-approvals.md): whether they may
 * place orders or quotes only, an order limit and a monthly limit. None by default.
 */
export const limitFields = {
	// Its select always posts a value: a post without it (an older page, a script) leaves the
	// limits as they are rather than clearing them.
	mayOrder: z.enum(['yes', 'quotes']).optional(),
	orderLimit: Limit,
	monthlyLimit: Limit,
}

const PASSWORD_FIELDS = ['tpaUserPassword', 'confirmPassword']
export type AccountForm = z.input<ReturnType<typeof accountSchema>>
export type AccountValues = z.output<ReturnType<typeof accountSchema>>

export const DeleteSchema = z.object({ intent: z.literal(ACCOUNT_INTENTS.delete) })

/** Whatever the page may post: save (add or update) or delete. */
export function accountIntentSchema(mode: 'add' | 'update') {
	return z.discriminatedUnion('intent', [accountSchema(mode), DeleteSchema])
}
