import { z } from 'zod'
import { WAITING_INTENTS } from './intents.ts'

/** What the 'Waiting to be sent' buttons post (waiting.tsx): an order kept, and its intent. */
const Id = z.uuid()

export const waitingIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal(WAITING_INTENTS.confirm),
		id: Id,
		/** The new total (inc. GST, cents) the page showed: what the customer confirms. */
		seen: z.coerce.number({ error: 'Required' }).int().min(0),
	}),
	z.object({ intent: z.literal(WAITING_INTENTS.cancel), id: Id }),
])
