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

/**
 * The time zone of the supplier's branches, where a day starts and ends: the presenter names no
 * time zone for a branch, and every branch keeps Sydney's time.
 */
export const BRANCH_TIME_ZONE = 'Australia/Sydney'

/**
 * Today (yyyy-mm-dd) at the branches. It uses Intl, so the server works it out and gives it to the
 * browser (docs/decisions/035-no-intl-while-hydrating.md).
 */
export function branchToday(at = Date.now()) {
	// en-CA writes yyyy-mm-dd. One formatter, made on first use: making one costs more than using it,
	// and every portal page asks (the layout's today).
	branchDay ??= new Intl.DateTimeFormat('en-CA', {
		timeZone: BRANCH_TIME_ZONE,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	})
	return branchDay.format(at)
}
let branchDay: Intl.DateTimeFormat | undefined

/**
 * A required date field (see inputDate) that refuses a day before `today` (yyyy-mm-dd, the
 * branches' today when not given) with the message `past`.
 */
export function dateFromToday(
	locale: 'en-AU' | 'en-US',
	messages: { required: string; past: string },
	today?: string,
) {
	return inputDate(locale, messages.required).refine(
		(date) => format(date, 'yyyy-MM-dd') >= (today ?? branchToday()),
		messages.past,
	)
}
