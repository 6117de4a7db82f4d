import { z } from 'zod'

/** A one-time message the next page shows (spec: toasts), rendered by the server so it shows without JS. */
export const FlashSchema = z.object({
	type: z.enum(['success', 'error']),
	message: z.string().min(1),
})
export type Flash = z.infer<typeof FlashSchema>
