/** The intent of the statement page's one form, 'Email Statement' (see statements.forms.ts). */
export const STATEMENT_INTENTS = { email: 'email' } as const
