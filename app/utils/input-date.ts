import { format, isValid, parse, parseISO } from 'date-fns'
import { z } from 'zod'
import { dateInputFormat } from './format.ts'

/*
 * Date and time fields as forms type them: shared by the browser's and the server's checks of the
 * same schema (docs/guides/forms-and-intents.md).
 */

/** Time inputs are 24-hour H:i, e.g. 7:30 or 14:05. */
export const TIME_PATTERN = /^([01]?\d|2[0-3]):([0-5]\d)$/

/**
 * A date from a date input: yyyy-mm-dd from the browser's date picker, or typed in the customer's
 * format where there is no picker; null when it is not a real date.
 */
export function parseInputDate(text: string, locale: 'en-AU' | 'en-US') {
	const value = text.trim()
	if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
		const date = parseISO(value)
		return isValid(date) && format(date, 'yyyy-MM-dd') === value ? date : null
	}
	if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(value)) return null
	const date = parse(value, dateInputFormat(locale), new Date(2000, 0, 1))
	return isValid(date) ? date : null
}

/** A required date field (see parseInputDate), with `required` as its message when empty. */
export function inputDate(locale: 'en-AU' | 'en-US', required: string) {
	const shown = dateInputFormat(locale).toLowerCase()
	return z
		.string({ error: required })
		.trim()
		.min(1, required)
		.transform((text, ctx) => {
			const date = parseInputDate(text, locale)
			if (date) return date
			ctx.addIssue({ code: 'custom', message: `Enter the date as ${shown}` })
			return z.NEVER
		})
}
