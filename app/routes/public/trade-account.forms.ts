import { z } from 'zod'
import { HONEYPOT } from './honeypot.tsx'
import { ONE_LINE, ONE_LINE_MESSAGE } from '#app/utils/one-line.ts'

const required = (max: number) =>
	z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `Use at most ${max} characters`)

/**
 * 'New to us? Ask for a trade account': a business without an account asks the supplier for one
 * (docs/decisions/043-trust-in-account-forms.md). No session, so the presenter's anonymous
 * requestTradeAccount sends it; a few per address an hour.
 */
export const RequestSchema = z.object({
	businessName: required(100).regex(ONE_LINE, ONE_LINE_MESSAGE),
	contactName: required(100).regex(ONE_LINE, ONE_LINE_MESSAGE),
	emailAddress: z
		.string({ error: 'Required' })
		.trim()
		.min(1, 'Required')
		.pipe(z.email('Invalid email address').max(200)),
	phone: z.string().trim().max(30, 'Use at most 30 characters').default(''),
	message: z.string().trim().max(2000, 'Use at most 2000 characters').default(''),
	[HONEYPOT]: z.string().max(200).optional(),
})
