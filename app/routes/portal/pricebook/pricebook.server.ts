import { z } from 'zod'
import { PRICEBOOK_INTENTS } from './intents.ts'
import {
	PriceBookFormatSchema,
	PriceBookFrequencySchema,
	PriceBookTypeSchema,
} from '#app/.server/presenter/contract/pricebook.ts'

/** The change request (spec part 2 §5): only the recipient is checked, a required email. */
export const RequestChangesSchema = z.object({
	intent: z.literal(PRICEBOOK_INTENTS.requestChanges),
	type: PriceBookTypeSchema,
	deliveryFormat: PriceBookFormatSchema,
	frequency: PriceBookFrequencySchema,
	recipient: z
		.string({ error: 'Required' })
		.trim()
		.min(1, 'Required')
		.max(254, 'Invalid email address')
		.pipe(z.email('Invalid email address')),
	showNewProductCodes: z.boolean().default(false),
	showCoreProductsOnly: z.boolean().default(false),
	isRequiredQuarterly: z.boolean().default(false),
	isPricebookZipped: z.boolean().default(false),
	emailText: z.string().trim().max(5000, 'Use at most 5000 characters').default(''),
})

export const PriceBookIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal(PRICEBOOK_INTENTS.resend),
		historyID: z.array(z.coerce.number().int().positive()).max(200).default([]),
	}),
	z.object({ intent: z.literal(PRICEBOOK_INTENTS.requestNew) }),
	RequestChangesSchema,
])
