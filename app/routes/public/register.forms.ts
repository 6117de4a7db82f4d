import { z } from 'zod'
import { HONEYPOT } from './honeypot.tsx'
import { inputDate } from '#app/utils/input-date.ts'
import { ONE_LINE, ONE_LINE_MESSAGE } from '#app/utils/one-line.ts'

const required = (message: string, max = 60) =>
	z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`)

/** The registration form's rules. Visitors have no locale setting: the supplier's default, en-AU. */
export const RegisterSchema = z
	.object({
		customerID: z.coerce
			.number({ error: 'Enter your current Account Number' })
			.int('Enter your current Account Number')
			.positive('Enter your current Account Number')
			.max(2_147_483_647, 'Enter your current Account Number'),
		statementDate: inputDate('en-AU', 'Enter your latest statement date'),
		statementReference: required('Enter your latest statement reference', 40),
		userName: required('Enter a new username').regex(ONE_LINE, ONE_LINE_MESSAGE),
		nameFirst: required('Required').regex(ONE_LINE, ONE_LINE_MESSAGE),
		nameLast: required('Required').regex(ONE_LINE, ONE_LINE_MESSAGE),
		emailAddress: z
			.string({ error: 'Required' })
			.trim()
			.min(1, 'Required')
			.pipe(z.email('Invalid email address').max(200)),
		password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
		confirmPassword: z.string({ error: 'Required' }).min(1, 'Required').max(200),
		[HONEYPOT]: z.string().max(200).optional(),
	})
	.refine((v) => v.password === v.confirmPassword, {
		message: 'Passwords must match',
		path: ['confirmPassword'],
		// Checked as soon as both passwords are there, whatever else is still wrong.
		when: ({ value }) => {
			const v = value as { password?: unknown; confirmPassword?: unknown }
			return typeof v.password === 'string' && typeof v.confirmPassword === 'string'
		},
	})
