import { z } from 'zod'
import { QUICK_ORDER_INTENTS } from './quick-order-intents.ts'

/**
 * The quick order's forms (quick-order.tsx): their rules, read by the action
 * (quick-order.server.ts), which parses the lines and matches them with the catalogue. The intents
 * are in quick-order-intents.ts.
 */
const I = QUICK_ORDER_INTENTS

/** A pasted order or a CSV of 1000 lines fits; the form alone may be this large. */
export const MAX_BYTES = 256 * 1024
const Lines = z
	.string({ error: 'Enter at least one line' })
	.max(MAX_BYTES, 'That is too much text for one quick order')

export const QuickOrderSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal(I.check), lines: Lines }),
	z.object({
		intent: z.literal(I.upload),
		file: z.instanceof(File, { error: 'Choose a CSV file' }),
	}),
	z.object({ intent: z.literal(I.add), lines: Lines }),
])
