import { z } from 'zod'
import { type Locale } from '#app/utils/format.ts'
import { inputDate } from '#app/utils/input-date.ts'

/** The playground's form (playground.tsx): checked in the browser as a route's is, and by its action. */
export const playgroundSchema = (locale: Locale) =>
	z.object({
		name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(60),
		email: z.email('Invalid email address'),
		branch: z.enum(['1', '2'], { error: 'Please select a Branch' }),
		date: inputDate(locale, 'Required'),
		note: z.string().max(200).optional(),
		agree: z.boolean({ error: 'Required' }),
		outcome: z.enum(['ok', 'fail']).default('ok'),
	})
