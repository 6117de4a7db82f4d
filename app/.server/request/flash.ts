import { z } from 'zod'

/** A one-time message the next page shows (toasts), rendered by the server so it shows without JS. */
export const FlashSchema = z.object({
	type: z.enum(['success', 'error']),
	message: z.string().min(1),
	/** Lines under the message (e.g. the prices a copy to the cart changed). */
	details: z.array(z.string()).optional(),
	/** Where to go next ('Review Cart'): such a message stays until the next page. */
	link: z.object({ href: z.string(), label: z.string() }).optional(),
	/**
	 * The id of what the message is about, where a page without JS comes back to (a product's
	 * card): the page says it there too (FlashHere), in view, not only at its top.
	 */
	at: z.string().optional(),
})
export type Flash = z.infer<typeof FlashSchema>
