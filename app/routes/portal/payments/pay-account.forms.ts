import { z } from 'zod'
import { PAYMENT_MESSAGES, readAmount } from '#app/utils/payment.ts'

/**
 * The Pay Account form's rules, run by its action (pay-account.tsx); which applies is the payment
 * provider's. The page checks the same reading (readAmount, zod-free) as the fields are typed in,
 * so 'Proceed to Payment' dims from the first paint without loading zod (decision 050).
 */

/** The windriver form: its checkout asks for the amount itself. */
export const ReferenceSchema = z.object({
	reference: z
		.string({ error: PAYMENT_MESSAGES.reference })
		.trim()
		.min(1, PAYMENT_MESSAGES.reference)
		.max(64, 'Use at most 64 characters'),
})

/**
 * The windcave form: valid only with a reference and an amount above 0. The
 * amount is a plain decimal of at most two places, or money as the page shows it and prefills it
 * ($22,007.58, USD 1,250.50); nothing a number parser would also read (0x10, 1e2, +5, Infinity).
 */
export const PaymentSchema = ReferenceSchema.extend({
	amount: z.string({ error: PAYMENT_MESSAGES.amount }).transform((text, ctx) => {
		const read = readAmount(text)
		if ('amount' in read) return read.amount
		ctx.addIssue({ code: 'custom', message: read.error })
		return z.NEVER
	}),
	/** The amount the page said was above the balance, as it was typed: paid all the same. */
	aboveBalance: z.string().max(40).optional(),
})
