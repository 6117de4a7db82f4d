import { z } from 'zod'
import { type Locale } from '#app/utils/format.ts'
import { dateFromToday, TIME_PATTERN } from '#app/utils/input-date.ts'
import { jobKey } from '#app/utils/job-key.ts'

/**
 * The checkout form (index.tsx): its intents and its rules, checked in the browser as it is filled
 * in and again by the action (checkout.server.ts), which has the despatch methods at hand too.
 */

/** What the rules depend on: the despatch methods, the customer's tax mode and locale, the choice. */
export type CheckoutRules = {
	methods: Array<{ methodName: string; delivery: boolean }>
	settings: { tax_mode: boolean; locale: Locale }
	/** The despatch method this submission chose. */
	despatchType: string
	/** Today at the branches (yyyy-mm-dd): the browser is given it; the server works it out. */
	today?: string
	/** The customer's open jobs and their rules for them (none: no job is asked for). */
	jobs?: JobRules
}

/** The customer's open jobs as the checkout's rules need them, and the customer's rules. */
export type JobRules = {
	open: Array<{ id: string; name: string; number: string | null }>
	/** Every order and quote names one of the open jobs. */
	required: boolean
	/** A Reference is one of the open jobs' numbers or names (ignoring case and spacing). */
	onlyListed: boolean
}

/** The Job field's messages. */
export const JOB_MESSAGES = {
	required: 'Choose a job for this order.',
	unknown: 'Choose one of your open jobs.',
	notListed: 'Enter one of your jobs: ask your administrator to add a new one.',
} as const

/**
 * The Job choice: one of the customer's open jobs (an id of another customer's, or of a closed
 * job, is refused), required when the customer says so.
 */
function jobField(jobs: JobRules | undefined) {
	const ids = new Set(jobs?.open.map((j) => j.id))
	const known = (id: string | undefined) => !id || ids.has(id)
	return jobs?.required
		? z.string({ error: JOB_MESSAGES.required }).refine(known, JOB_MESSAGES.unknown)
		: z.string().optional().refine(known, JOB_MESSAGES.unknown)
}

/**
 * The Reference: free text, or, when the customer allows only listed jobs, empty or one of the
 * open jobs' numbers or names (ignoring case and spacing, as transactions are matched to jobs).
 */
function referenceField(jobs: JobRules | undefined) {
	if (!jobs?.onlyListed) return optional
	const listed = new Set(jobs.open.flatMap((j) => [j.name, j.number ?? '']).map(jobKey))
	listed.delete('')
	return optional.refine((ref) => !ref || listed.has(jobKey(ref)), JOB_MESSAGES.notListed)
}

const TOO_LONG = 'Use at most 200 characters'
const required = (message: string) =>
	z.string({ error: message }).trim().min(1, message).max(200, TOO_LONG)
const optional = z.string().trim().max(200, TOO_LONG).optional()
/** A select's id: required (`message` when missing) or optional, as the despatch method needs. */
const choice = (needed: boolean, message: string) =>
	needed
		? z.coerce.number({ error: message }).int().positive(message)
		: z.coerce.number().int().optional()

/** The despatch method chosen and whether it is a delivery or a pickup (neither when unknown). */
function modeOf(methods: CheckoutRules['methods'], despatchType: string) {
	const method = methods.find((m) => m.methodName === despatchType)
	return { delivery: method?.delivery === true, pickup: method?.delivery === false }
}

/** The fields a delivery is priced from: despatch method, address and vehicle type. */
function deliveryFields({ methods, settings, despatchType }: CheckoutRules) {
	// taxWording's word (tax mode says Dispatch).
	const despatch = settings.tax_mode ? 'Dispatch' : 'Despatch'
	const { delivery } = modeOf(methods, despatchType)
	return {
		shipping: {
			despatchType: required(`Please select a ${despatch} type`).refine(
				(v) => methods.some((m) => m.methodName === v),
				'Unable to find selected despatch method',
			),
			address: delivery ? required('Address is required') : optional,
			suburb: delivery ? required('Suburb is required') : optional,
			state: delivery ? required('State is required') : optional,
			zipCode: settings.tax_mode ? required('Zip Code is required') : optional,
		},
		delivery: { vehicleType: choice(delivery, 'Please select a Vehicle type') },
	}
}

/**
 * The checkout form's rules, for the despatch method chosen in this submission:
 * address, suburb, state and vehicle are required for a delivery; the branch for a pickup; the zip
 * code only in tax mode.
 */
export function checkoutSchema(rules: CheckoutRules) {
	const { settings } = rules
	const fields = deliveryFields(rules)
	const { pickup } = modeOf(rules.methods, rules.despatchType)
	return z.object({
		attempt: z.string().min(16).max(64),
		/** The Total the Order Summary showed, in cents: what the customer confirms. */
		shownTotal: z.coerce.number().int().min(0).optional(),
		/**
		 * The button pressed: Confirm Order, Send for approval (an order over a limit), Create Quote,
		 * or Send when the system is back (the ordering system is down: the order is kept to send).
		 */
		transactionType: z.enum(['Order', 'Approval', 'Quote', 'Queue'], {
			error: 'Choose Confirm Order or Create Quote',
		}),
		/** The job chosen (its id): it fills in the fields below and is offered first next time. */
		job: jobField(rules.jobs),
		shipping: z.object({
			...fields.shipping,
			deliveryTo: required('Delivery To is required'),
			notes: z.string().trim().max(1000, 'Use at most 1000 characters').optional(),
			reference: referenceField(rules.jobs),
		}),
		delivery: z.object({
			...fields.delivery,
			branch: choice(pickup, 'Please select a Branch'),
			onsite: z.boolean({ error: 'Please select an onsite or offsite delivery' }).default(false),
			contactName: required('Please enter a Contact name'),
			contactPhone: required('Please enter a Contact phone'),
			contactMobile: optional,
			clientEmail: z.email('Invalid email address').optional(),
			requiredDate: dateFromToday(
				settings.locale,
				{
					required: 'Please enter a Required date',
					past: 'The required date cannot be in the past',
				},
				rules.today,
			),
			requiredTime: required('Please enter a Required time').refine(
				(t) => TIME_PATTERN.test(t),
				'Enter the time as 24-hour H:mm, e.g. 14:30',
			),
		}),
	})
}

/** 'Calculate delivery': only the fields a delivery is priced from, the rest may still be empty. */
export function deliveryPreviewSchema(rules: CheckoutRules) {
	const fields = deliveryFields(rules)
	return z.object({
		shipping: z.object(fields.shipping),
		delivery: z.object(fields.delivery),
	})
}
