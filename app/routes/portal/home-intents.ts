/** The home page's one form, OK on the account-status notice (home.tsx); its rule is in home.forms.ts. */
export const HOME_INTENTS = { acknowledgeStatus: 'acknowledge-status' } as const
