import { type Submission, type SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import { z } from 'zod'
import { failureMessage, presenterFailure } from './forms.ts'
import { isPresenterError } from './presenter/index.ts'
import { coerceTallyQty, MAX_TALLY_LINES, tallyTotal } from '#app/utils/product.ts'

/** A tally row's quantity: coerced to a whole number of at least 0 (spec part 1 §2), and sane. */
const TallyQty = z.preprocess(
	coerceTallyQty,
	z.number().max(100_000, 'Enter at most 100000 pieces'),
)

/**
 * The rows of a tally form (the catalogue's tally dialog and the cart's tally edit): lengths and
 * quantities whose total of length × qty is above 0.
 */
export const TallyLinesSchema = z
	.array(
		z.object({
			length: z.coerce
				.number({ error: 'Enter a length' })
				.positive('Enter a length above 0')
				.max(100, 'Enter a length of at most 100 m')
				.multipleOf(0.01, 'Use at most two decimals')
				.optional(),
			qty: TallyQty,
		}),
	)
	.max(MAX_TALLY_LINES)
	.default([])
	.superRefine((lines, ctx) => {
		if (tallyTotal(lines.map((l) => ({ length: l.length ?? 0, qty: l.qty }))) <= 0) {
			ctx.addIssue({ code: 'custom', message: 'The total of length × qty must be more than 0' })
		}
	})

/** The rows the presenter is sent: those with a length and a quantity. */
export function storedTally(lines: z.output<typeof TallyLinesSchema>) {
	return lines
		.filter((l) => (l.length ?? 0) > 0 && l.qty > 0)
		.map((l) => ({ length: l.length!, qty: l.qty }))
}

/** The length a refusal names ('2.4 m is not a stock length of this product (…)'), if any. */
export function refusedLength(message: string) {
	const match = /^(\d+(?:\.\d+)?) ?m is not a stock length/.exec(message)
	return match ? Number(match[1]) : null
}

type AnySubmission = Submission<unknown, string[], unknown>

/**
 * A presenter refusal of a tally as the form's reply (400): a length it does not stock is shown
 * next to each row with that length; anything else is the form's error. The rows typed stay.
 */
export function tallyFailure(
	submission: AnySubmission,
	error: unknown,
	lines: z.output<typeof TallyLinesSchema>,
) {
	const message = isPresenterError(error, 'field') ? failureMessage(error, '') : ''
	const length = message ? refusedLength(message) : null
	const rows = lines.flatMap((l, i) =>
		length !== null && l.length !== undefined && Math.abs(l.length - length) < 1e-6 ? [i] : [],
	)
	if (!rows.length) return presenterFailure(submission, error, 'Something went wrong.')
	const fieldErrors = Object.fromEntries(rows.map((i) => [`lines[${i}].length`, [message]]))
	return data(submission.reply({ fieldErrors }) as SubmissionResult<string[]>, { status: 400 })
}
