import { z } from 'zod'
import { LIST_INTENTS } from './intents.ts'

/** A custom list's forms (detail.tsx): one button each, so the action alone checks them. */

export const ListIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal(LIST_INTENTS.removeLine),
		lineID: z.coerce.number().int(),
		productID: z.string().min(1).max(64),
	}),
	z.object({ intent: z.literal(LIST_INTENTS.copyToCart) }),
	z.object({ intent: z.literal(LIST_INTENTS.delete) }),
])
