import { z } from 'zod'
import { ONE_LINE, ONE_LINE_MESSAGE } from '#app/utils/one-line.ts'

/** The support message (support.tsx), checked in the browser as it is filled in and by the action. */
export const SupportSchema = z.object({
	subject: z
		.string({ error: 'Please enter subject' })
		.trim()
		.min(1, 'Please enter subject')
		.max(200, 'Use at most 200 characters')
		.regex(ONE_LINE, ONE_LINE_MESSAGE),
	message: z
		.string({ error: 'Please enter message' })
		.trim()
		.min(1, 'Please enter message')
		.max(5000, 'Use at most 5000 characters'),
})
