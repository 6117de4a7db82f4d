import { z } from 'zod'
import { HOME_INTENTS } from './home-intents.ts'

/** The home page's one form (home.tsx), checked by the action. */

export const HomeIntentSchema = z.object({ intent: z.literal(HOME_INTENTS.acknowledgeStatus) })
