import { randomUUID } from 'node:crypto'
import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { CHECKOUT_INTENTS } from './intents.ts'
import { checkoutSchema, deliveryPreviewSchema } from './checkout.forms.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { canDefer, startDeferred } from '#app/.server/request/deferred.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { taxWording } from '#app/.server/display/wording.ts'
import { cartTotals } from '#app/utils/money.ts'
import { formError, invalid, readForm } from '#app/.server/request/forms.ts'
import {
	ADDRESS_NOT_FOUND,
	checkout,
	limitRules,
	previewDelivery,
	QUEUED,
	queueOrder,
	statusOf,
	type DeliveryPreview,
	type QueueResult,
} from '#app/.server/orders/index.ts'
import { presenterState } from '#app/.server/presenter/breaker.ts'
import { presenterFailed } from '#app/.server/orders/result.ts'
import { redirectWithFlash, type PortalSession } from '#app/.server/request/session.ts'
import { loadSiteAddresses } from '#app/.server/orders/site-addresses.ts'
import { checkoutJobs, rememberJob, type CheckoutJob } from '#app/.server/jobs/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { branchToday } from '#app/utils/input-date.ts'

/** The most placed transactions a session remembers for /checkout/complete. */
const PLACED_KEPT = 20

/** The confirmation of what this session placed (only it may show the transaction there). */
function complete(session: PortalSession, outcome: { type: string; number: number }) {
	const placed = session.get('placed') ?? []
	if (!placed.includes(outcome.number))
		session.set('placed', [outcome.number, ...placed].slice(0, PLACED_KEPT))
	return redirect(`/checkout/complete?type=${outcome.type}&number=${outcome.number}`)
}

/** The action's answer: the form's result, with the delivery 'Calculate delivery' found. */
type CheckoutReply = SubmissionResult<string[]> & { delivery?: DeliveryPreview; down?: boolean }

/**
 * What a job fills in at checkout: its site address and Reference, and its site contact where it
 * has one ('Use job', and the checkout its page's 'Order for this job' opens).
 */
function filledBy(job: CheckoutJob) {
	return {
		shipping: {
			address: job.address,
			suburb: job.suburb,
			state: job.state,
			zipCode: job.postcode,
			reference: job.reference,
		},
		delivery: {
			...(job.contactName ? { contactName: job.contactName } : {}),
			...(job.contactPhone ? { contactPhone: job.contactPhone } : {}),
		},
	}
}

/** The customer's open jobs (the user's last first) and rules, as the checkout form takes them. */
async function jobsFor({ identity }: { identity: { customerId: number; username: string } }) {
	const { jobs, last, rules } = await checkoutJobs(identity.customerId, identity.username)
	return { open: jobs, last, ...rules }
}

/** The form as it was typed, with `error` instead of its own (the form is not refused). */
function keep(submission: { reply: () => SubmissionResult<string[]> }) {
	const reply: SubmissionResult<string[]> = { ...submission.reply(), error: {} }
	return { reply, values: reply.initialValue as Record<string, Record<string, string>> | null }
}

/**
 * What the checkout page shows: the cart's totals, the customer's details and limits, the despatch
 * methods, vehicles, branches and states, and the addresses used before (deferred with JS).
 */
export async function checkoutData(request: Request, context: Readonly<RouterContextProvider>) {
	const customer = await getCustomer(context)
	const { presenter, settings, cart, identity } = customer
	if (settings.shopping_cart_disabled) throw data('Not Found', { status: 404 })
	const jobs = jobsFor(customer)
	// A convenience the checkout works without; deferred with JS, as it reads the order history
	// (list, then details: docs/decisions/024).
	const siteAddresses = startDeferred(request, () => loadSiteAddresses(presenter)).catch(() => [])
	const [lines, user, methods, vehicles, branches, states] = await Promise.all([
		cart.lines(),
		presenter.users.getDetails(),
		presenter.checkout.getDespatchMethods(),
		presenter.checkout.getVehicleTypes(),
		presenter.checkout.getOrderBranches(),
		presenter.auth.getStates(),
	]).catch(toRouteError)
	if (!lines.length) throw redirect('/cart')
	const totals = cartTotals(lines, settings.tax_inclusive)
	const openJobs = await jobs
	const ordered = openJobs.open.find((j) => j.id === pageUrl(request).searchParams.get('job'))
	return {
		// The ordering system is down (its breaker open): the order can be kept to send later.
		down: !presenterState().up,
		// The user's order limits, which the summary applies to the total it shows (decision 059).
		limits: await limitRules(presenter, identity, user),
		cartTotal: totals.total,
		// One checkout attempt: every submission of this form carries it (docs/decisions/008).
		attempt: randomUUID(),
		lineCount: lines.length,
		totals: settings.hide_finalise_price ? null : totals,
		wording: taxWording(settings),
		// Today at the branches: the first day a delivery may be (the date's `min` and the browser's
		// check; the page's own, so the checkout loads no file for it).
		today: branchToday(),
		// The zip code is required only in tax mode.
		zipRequired: settings.tax_mode,
		// What the form's rules depend on, for the browser's check (checkout.forms.ts).
		rules: { tax_mode: settings.tax_mode, locale: settings.locale },
		format: { locale: settings.locale, currency: settings.currency },
		methods,
		vehicles,
		branches,
		states,
		siteAddresses: canDefer(request) ? siteAddresses : await siteAddresses,
		// The customer's open jobs, the user's last one first and chosen (docs/decisions/069); or the
		// one a job page's 'Order for this job' names (?job=), chosen and filled in.
		jobs: ordered ? { ...openJobs, last: ordered.id } : openJobs,
		defaults: {
			branch: settings.initial_branchID,
			email: user.userEmailAddress,
			contactName: `${user.name_first} ${user.name_last}`,
			...(ordered && filledBy(ordered).delivery),
		},
		shipping: ordered ? filledBy(ordered).shipping : null,
	}
}

/**
 * The checkout's one action: place the order or quote (the order domain decides and answers), or
 * answer one of CHECKOUT_INTENTS with the form as it was typed.
 */
export async function checkoutAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
): Promise<Response | CheckoutReply | ReturnType<typeof data<CheckoutReply>>> {
	const customer = await getCustomer(context)
	const { presenter, settings, cart } = customer
	if (settings.shopping_cart_disabled) throw data('The cart is not available', { status: 403 })
	const formData = await readForm(request)
	const [methods, jobs] = await Promise.all([
		presenter.checkout.getDespatchMethods().catch(() => null),
		jobsFor(customer),
	])
	const despatchType = String(formData.get('shipping.despatchType') ?? '')
	const submission = parseWithZod(formData, {
		schema: checkoutSchema({ methods: methods ?? [], settings, despatchType, jobs }),
	})
	// The despatch methods could not be read: nothing can be checked or placed.
	if (!methods) return formError(submission, 'Something went wrong.', 503)
	switch (formData.get('intent')) {
		// 'Update' without JS: the chosen despatch method's fields, the default branch when none
		// was chosen yet (the pickup fields were not on the page).
		case CHECKOUT_INTENTS.refresh: {
			const { reply, values } = keep(submission)
			if (values && !values.delivery?.branch && settings.initial_branchID)
				values.delivery = { ...values.delivery, branch: String(settings.initial_branchID) }
			return reply
		}
		// 'Use address' without JS: the chosen previous site address in the address fields.
		case CHECKOUT_INTENTS.useAddress: {
			const { reply, values } = keep(submission)
			const key = String(formData.get('siteAddress') ?? '')
			const sites = await loadSiteAddresses(presenter).catch(() => [])
			const chosen = sites.find((a) => a.key === key)
			if (values && chosen)
				values.shipping = {
					...values.shipping,
					address: chosen.address,
					suburb: chosen.suburb,
					state: chosen.state,
					zipCode: chosen.postcode,
				}
			return reply
		}
		// 'Use job' without JS: the chosen job's site address, contact and reference in their fields.
		case CHECKOUT_INTENTS.useJob: {
			const { reply, values } = keep(submission)
			const chosen = jobs.open.find((j) => j.id === formData.get('job'))
			if (values && chosen) {
				const filled = filledBy(chosen)
				values.shipping = { ...values.shipping, ...filled.shipping }
				values.delivery = { ...values.delivery, ...filled.delivery }
			}
			return reply
		}
		// 'Calculate delivery': the charge, branch and distance for the address and vehicle typed,
		// the form kept; errors only for the fields a delivery is priced from.
		case CHECKOUT_INTENTS.delivery: {
			const fields = parseWithZod(formData, {
				schema: deliveryPreviewSchema({ methods, settings, despatchType }),
			})
			const reply = (error: Record<string, string[] | null>, delivery?: DeliveryPreview) =>
				data({ ...submission.reply(), error, delivery }, { status: delivery ? 200 : 400 })
			if (fields.status !== 'success') return reply(fields.error ?? {})
			const { shipping, delivery } = fields.value
			const preview = await previewDelivery(
				presenter,
				settings,
				cart.lines(),
				shipping,
				delivery.vehicleType ?? 0,
			).catch(presenterFailed)
			if (preview && 'kind' in preview)
				return formError(submission, preview.message, statusOf(preview))
			if (!preview) return reply({ 'shipping.address': [ADDRESS_NOT_FOUND] })
			return reply({}, preview)
		}
	}
	if (submission.status !== 'success') return invalid(submission)
	const { attempt, shownTotal, transactionType: pressed, job: jobId, ...values } = submission.value
	// A job chosen with no Reference typed: the order takes the job's, so that it belongs to it.
	const job = jobs.open.find((j) => j.id === jobId)
	if (job && !values.shipping.reference) values.shipping.reference = job.reference
	const order = {
		values: { ...values, transactionType: pressed === 'Quote' ? 'Quote' : 'Order' },
		attempt,
		shownTotal,
		methods,
	} as const
	const result = await (pressed === 'Queue'
		? queueOrder(customer, order)
		: checkout(customer, { ...order, pressed }))
	if (job && ['placed', 'queued', 'sent-for-approval'].includes(result.kind))
		await rememberJob(customer.identity.customerId, customer.identity.username, job.id)
	return answer(getSession(context), submission, result)
}

/** The page's answer to what the order domain did. */
function answer(
	session: ReturnType<typeof getSession>,
	submission: { reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]> },
	result: QueueResult,
) {
	switch (result.kind) {
		case 'placed':
			return complete(session.current, result)
		case 'queued':
			return redirectWithFlash(session, '/orders?type=waiting', QUEUED)
		case 'sent-for-approval':
			return redirectWithFlash(
				session,
				'/orders?type=approval',
				result.reason ? `Sent for approval: ${result.reason}` : 'Sent for approval',
			)
		case 'accepted':
			throw new Error('A checkout accepts no quote')
		case 'refused':
			if (result.field)
				return invalid(submission as never, { fieldErrors: { [result.field]: [result.message] } })
			return formError(submission as never, result.message, result.status)
		case 'presenter-failed': {
			// The system is down: the page offers to send the order when it is back.
			if (result.status === 503 && !presenterState().up) {
				const reply = submission.reply({ formErrors: [result.message] })
				return data({ ...reply, down: true }, { status: 503 })
			}
			return formError(submission as never, result.message, result.status)
		}
		case 'total-changed':
		case 'limits-changed': {
			// The page shows the order as it is now: its total, its delivery, whether it needs approval.
			const reply = submission.reply({ formErrors: [result.message] })
			return data({ ...reply, delivery: result.delivery }, { status: 409 })
		}
	}
}
