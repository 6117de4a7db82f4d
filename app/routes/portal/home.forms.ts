import { z } from 'zod'

/** The home page's one form: OK on the account-status notice (home.tsx). */
export const HOME_INTENTS = { acknowledgeStatus: 'acknowledge-status' } as const

export const HomeIntentSchema = z.object({ intent: z.literal(HOME_INTENTS.acknowledgeStatus) })
