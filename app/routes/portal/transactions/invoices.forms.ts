import { z } from 'zod'
import { Email } from './detail.forms.ts'
import { INVOICE_INTENTS } from './intents.ts'

/**
 * The invoices list's forms (invoices.tsx and its dialogs): their rules, checked in the browser
 * and again by the action (invoices.server.ts, which adds the email format and the selection).
 */

/** An invoice as the list names it (its row id and its selection value): {number}-{suffix}. */
export const InvoiceRef = z.string().regex(/^\d{1,9}-\d{1,3}$/)

/** Emailing the selected invoices: the selection is the page's, checked by the action. */
export const EmailInvoicesFields = z.object({
	intent: z.literal(INVOICE_INTENTS.email),
	emailAddress: Email,
})
export const InvoiceCommentSchema = z.object({
	intent: z.literal(INVOICE_INTENTS.comment),
	invoice: InvoiceRef,
	userComment: z.string().trim().max(2000, 'Use at most 2000 characters').default(''),
})
