/** The account form's intents (account.tsx); its rules are in account.forms.ts (decision 050). */
export const ACCOUNT_INTENTS = { save: 'save', delete: 'delete-user' } as const
