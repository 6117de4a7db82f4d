import { z } from 'zod'
import { STATEMENT_INTENTS } from './intents.ts'
import { Email } from '#app/routes/portal/transactions/detail.forms.ts'

/** The statement page's one form, 'Email Statement' (detail.tsx): checked in the browser and by the action. */
export const EmailStatementSchema = z.object({
	intent: z.literal(STATEMENT_INTENTS.email),
	emailAddress: Email,
})
