import { z } from 'zod'
import { PRICEBOOK_INTENTS } from './intents.ts'

/**
 * The price book page's forms (index.tsx, its history and its 'Request Changes' dialog): their
 * rules, checked in the browser by the dialog and again by the action (pricebook.server.ts, which
 * narrows the choices to the presenter's contract). The intents are in intents.ts.
 */

/**
 * The change request: only the recipient is checked, a required email. The
 * type, format and frequency are choices of a select; the action knows which exist.
 */
export const RequestChangesFields = z.object({
	intent: z.literal(PRICEBOOK_INTENTS.requestChanges),
	type: z.string(),
	deliveryFormat: z.string(),
	frequency: z.string(),
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

/** Resend the chosen price books (at most a page's worth). */
export const ResendSchema = z.object({
	intent: z.literal(PRICEBOOK_INTENTS.resend),
	historyID: z.array(z.coerce.number().int().positive()).max(200).default([]),
})
export const RequestNewSchema = z.object({ intent: z.literal(PRICEBOOK_INTENTS.requestNew) })
