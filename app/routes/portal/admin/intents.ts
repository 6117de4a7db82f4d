/** The intents of the account form (see account.tsx). */
export const ACCOUNT_INTENTS = { save: 'save', delete: 'delete-user' } as const
