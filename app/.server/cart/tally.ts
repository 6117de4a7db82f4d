import { type Submission, type SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import { z } from 'zod'
import { failureMessage, presenterFailure } from '../request/forms.ts'
import { isPresenterError } from '../presenter/index.ts'
import { coerceTallyQty, MAX_TALLY_LINES, TALLY_PICK } from '#app/utils/product.ts'

/** A tally row's quantity: coerced to a whole number of at least 0, and sane. */
const TallyQty = z.preprocess(
	coerceTallyQty,
	z.number().max(100_000, 'Enter at most 100000 pieces'),
)

/**
 * One row. A row left wholly empty is no row (the form starts with one); a row with only a length
 * or only a quantity is refused on that row, never dropped: 'Added to cart' with fewer pieces than
 * typed is worse than a message.
 */
const TallyRow = z
	.object({
		length: z.coerce
			.number({ error: 'Enter a length' })
			.positive('Enter a length above 0')
			.max(100, 'Enter a length of at most 100 m')
			.multipleOf(0.01, 'Use at most two decimals')
			.optional(),
		qty: TallyQty.optional(),
	})
	.superRefine((row, ctx) => {
		if (row.length === undefined && row.qty === undefined) return
		if (row.length === undefined) {
			ctx.addIssue({ code: 'custom', path: ['length'], message: 'Enter a length' })
		}
		if (row.qty === undefined) {
			ctx.addIssue({ code: 'custom', path: ['qty'], message: 'Enter a quantity' })
		} else if (row.qty < 1) {
			ctx.addIssue({ code: 'custom', path: ['qty'], message: 'Enter a quantity of at least 1' })
		}
	})

/**
 * The rows of a tally form (the catalogue's tally dialog, the cart's tally edit, a reorder's
 * tally): every row filled or wholly empty, and a total of length × qty above 0.
 */
export const TallyLinesSchema = z
	.array(TallyRow)
	.max(MAX_TALLY_LINES)
	.default([])
	.superRefine((lines, ctx) => {
		// A filled row is above 0 m or refused on its row; this is the form with none filled.
		if (lines.every((l) => l.length === undefined && l.qty === undefined)) {
			ctx.addIssue({ code: 'custom', message: 'The total of length × qty must be more than 0' })
		}
	})

/** The rows the presenter is sent: the filled ones (the schema refused any half-filled). */
export function storedTally(lines: z.output<typeof TallyLinesSchema>) {
	return lines.flatMap((l) =>
		l.length !== undefined && l.qty !== undefined ? [{ length: l.length, qty: l.qty }] : [],
	)
}

/**
 * A stock length tapped without JS (the `pick` button) fills the first row without a length as
 * posted, or adds a row when every row has one. The server decides from the rows as typed, so
 * nothing typed since the page was rendered is overwritten. It becomes conform's own update or
 * insert intent (the `__intent__` field its row buttons post), so the form comes back with the
 * rows like any other row button's round trip. Call before parsing the form.
 */
export function applyTallyPick(formData: FormData) {
	const pick = formData.get(TALLY_PICK)
	formData.delete(TALLY_PICK)
	if (typeof pick !== 'string' || formData.has('__intent__')) return
	const value = pick.trim().slice(0, 20)
	const rows = Math.max(
		0,
		...[...formData.keys()].map((name) => Number(/^lines\[(\d+)\]\./.exec(name)?.[1] ?? -1) + 1),
	)
	const empty = Array.from({ length: rows }, (_, i) => i).find(
		(i) => !String(formData.get(`lines[${i}].length`) ?? '').trim(),
	)
	const intent =
		empty === undefined
			? { type: 'insert', payload: { name: 'lines', defaultValue: { length: value, qty: '' } } }
			: { type: 'update', payload: { name: `lines[${empty}].length`, value } }
	formData.set('__intent__', JSON.stringify(intent))
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
