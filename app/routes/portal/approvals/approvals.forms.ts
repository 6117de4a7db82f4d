import { z } from 'zod'
import { APPROVAL_INTENTS } from './intents.ts'

/** What the approvals page (and the requester's Withdraw) may post: a request's id and intent. */
const Id = z.string({ error: 'Required' }).trim().min(1, 'Required').max(64)

export const DeclineSchema = z.object({
	intent: z.literal(APPROVAL_INTENTS.decline),
	id: Id,
	reason: z
		.string({ error: 'Give a reason' })
		.trim()
		.min(1, 'Give a reason')
		.max(500, 'Use at most 500 characters'),
})

export const approvalIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal(APPROVAL_INTENTS.approve),
		id: Id,
		/** The total (inc. GST, cents) the page showed at today's prices: what the admin approves. */
		seen: z.coerce.number({ error: 'Required' }).int().min(0),
	}),
	DeclineSchema,
	z.object({ intent: z.literal(APPROVAL_INTENTS.withdraw), id: Id }),
	z.object({ intent: z.literal(APPROVAL_INTENTS.putBack), id: Id }),
])
