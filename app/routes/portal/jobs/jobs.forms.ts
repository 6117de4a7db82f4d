/**
 * The Jobs forms' rules (index.tsx, edit.tsx), checked in the browser as they are filled in and
 * again by the actions. Their intents are in ./intents.ts, which the pages load without zod.
 */
import { z } from 'zod'
import { JOB_INTENTS } from './intents.ts'
import { ONE_LINE, ONE_LINE_MESSAGE } from '#app/utils/one-line.ts'
import { readMoney } from '#app/utils/typed-money.ts'

/** The largest budget, in cents: $100,000,000. */
const MAX_BUDGET = 10_000_000_000
export const BUDGET_MESSAGES = {
	'not-money': 'Enter the budget in dollars, e.g. 250000',
	negative: 'Enter an amount above $0',
	fraction: 'Use at most two decimal places',
	tooLarge: 'Enter an amount below $100,000,000',
} as const

const line = (max: number) =>
	z.string().trim().max(max, `Use at most ${max} characters`).regex(ONE_LINE, ONE_LINE_MESSAGE)
const required = (message: string, max: number) =>
	z.string({ error: message }).trim().min(1, message).pipe(line(max))
/** Blank is none (null). */
const optional = (max: number) =>
	line(max)
		.optional()
		.transform((v) => v || null)

/**
 * A budget inc. GST as people type money ('250000', '250,000', '$250,000.00'), in cents; blank
 * for none.
 */
const Budget = z
	.string()
	.optional()
	.transform((text, ctx) => {
		const read = readMoney(text ?? '')
		if ('error' in read) {
			if (read.error === 'empty') return null
			ctx.addIssue({ code: 'custom', message: BUDGET_MESSAGES[read.error] })
			return z.NEVER
		}
		if (read.cents <= 0) {
			ctx.addIssue({ code: 'custom', message: BUDGET_MESSAGES.negative })
			return z.NEVER
		}
		if (read.cents >= MAX_BUDGET) {
			ctx.addIssue({ code: 'custom', message: BUDGET_MESSAGES.tooLarge })
			return z.NEVER
		}
		return read.cents as number
	})

/**
 * A job as an administrator writes it: a name, the street, suburb, state (one of `states`) and
 * postcode (4 digits) are required; the job or PO number, the site contact and the budget are not.
 */
export function jobSchema(states: readonly string[]) {
	return z.object({
		intent: z.literal(JOB_INTENTS.save),
		name: required('Enter a job name', 100),
		number: optional(30),
		street: required('Enter the street address', 200),
		suburb: required('Enter the suburb', 100),
		state: z
			.string({ error: 'Select a state' })
			.refine((s) => states.includes(s), 'Select a state'),
		postcode: z
			.string({ error: 'Enter the postcode' })
			.trim()
			.regex(/^\d{4}$/, 'Enter a 4-digit postcode'),
		contactName: optional(100),
		contactPhone: optional(30).refine(
			(v) => v === null || /^[\d +()-]+$/.test(v),
			'Use digits, spaces and + ( ) - only',
		),
		budget: Budget,
	})
}
export type JobForm = z.input<ReturnType<typeof jobSchema>>
export type JobValues = z.output<ReturnType<typeof jobSchema>>

/** Whatever the edit page may post: save, close or reopen. */
export function jobIntentSchema(states: readonly string[]) {
	return z.discriminatedUnion('intent', [
		jobSchema(states),
		z.object({ intent: z.literal(JOB_INTENTS.close) }),
		z.object({ intent: z.literal(JOB_INTENTS.reopen) }),
	])
}

/**
 * The Jobs page's settings: whether sales users may add jobs, whether every order and quote needs
 * a job, and whether a Reference must be one of the jobs (an unchecked box sends nothing).
 */
export const JobSettingsSchema = z.object({
	intent: z.literal(JOB_INTENTS.settings),
	salesMayAdd: z.boolean().default(false),
	jobRequired: z.boolean().default(false),
	onlyListedJobs: z.boolean().default(false),
})

/** The jobs an administrator picked from those the customer's history names (their keys). */
export const JobsFromHistorySchema = z.object({
	intent: z.literal(JOB_INTENTS.fromHistory),
	key: z
		.array(z.string().max(200), { error: 'Choose the jobs to add' })
		.min(1, 'Choose the jobs to add')
		.max(30),
})

/** Whatever the Jobs page may post: its settings, or jobs from the history. */
export const JobsPageSchema = z.discriminatedUnion('intent', [
	JobSettingsSchema,
	JobsFromHistorySchema,
])
