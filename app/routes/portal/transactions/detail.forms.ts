import { format } from 'date-fns'
import { z } from 'zod'
import { type Locale } from '#app/utils/format.ts'
import { dateFromToday } from '#app/utils/input-date.ts'
import { DETAIL_INTENTS } from './intents.ts'

/**
 * The transaction detail page's forms (detail.tsx, its dialogs and its reorder form): their rules,
 * checked in the browser where a dialog has conform, and again by the action (detail.server.ts,
 * which adds the email format and the reordered tally's rows). The intents are in intents.ts.
 */

/** Email fields are required ('Required') and valid ('Invalid email address'). */
export const Email = z
	.string({ error: 'Required' })
	.trim()
	.min(1, 'Required')
	.max(254, 'Invalid email address')
	.pipe(z.email('Invalid email address'))
const Required = z.string({ error: 'Required' }).trim().min(1, 'Required')

/** Email a document: the format is the presenter's to name, the server adds it (detail.server.ts). */
export const EmailFields = z.object({
	intent: z.literal(DETAIL_INTENTS.email),
	emailAddress: Email,
})
export const CommentSchema = z.object({
	intent: z.literal(DETAIL_INTENTS.comment),
	userComment: z.string().trim().max(2000, 'Use at most 2000 characters').default(''),
})
export const RequestChangeSchema = z.object({
	intent: z.literal(DETAIL_INTENTS.requestChange),
	emailAddress: Email,
	message: Required.pipe(z.string().max(5000, 'Use at most 5000 characters')),
})
/**
 * Quote acceptance: both fields required, the date today or later at the branches
 * (`today`, yyyy-mm-dd: given to the browser, worked out on the server), as the presenter wants it.
 */
export const acceptSchema = (locale: Locale, today?: string) =>
	z.object({
		intent: z.literal(DETAIL_INTENTS.accept),
		deliveryDate: dateFromToday(
			locale,
			{ required: 'Required', past: 'The delivery date cannot be in the past' },
			today,
		).transform((d) => format(d, 'yyyy-MM-dd')),
		comment: Required.pipe(z.string().max(2000, 'Use at most 2000 characters')),
		/** 'Send for approval' pressed: accepting is over the user's limits (decision 060). */
		send: z.literal('approval').optional(),
	})
export const CopySchema = z.object({ intent: z.literal(DETAIL_INTENTS.copyToCart) })
/** The most lines a reorder form may carry (the form's own maximum). */
export const MAX_REORDER_LINES = 500
export const ReorderSchema = z.object({
	intent: z.literal(DETAIL_INTENTS.reorder),
	lines: z
		.array(
			z.object({
				lineNum: z.coerce.number().int(),
				selected: z.literal('on').optional(),
				quantity: z.coerce
					.number({ error: 'Enter a quantity' })
					.positive('Enter a quantity above 0')
					.max(100_000, 'That quantity is too large'),
			}),
		)
		.max(MAX_REORDER_LINES)
		.refine((lines) => lines.some((l) => l.selected), 'Select at least one line'),
})
export const ReorderDismissSchema = z.object({
	intent: z.literal(DETAIL_INTENTS.reorderDismiss),
	lineNum: z.coerce.number().int(),
})
