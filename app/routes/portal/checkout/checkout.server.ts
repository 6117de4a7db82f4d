import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { CHECKOUT_INTENTS } from './intents.ts'
import { checkoutSchema, deliveryPreviewSchema } from './checkout.forms.ts'
import {
	buildOrderPayload,
	completedAttempts,
	withCheckoutLock,
	type CheckoutValues,
} from '#app/.server/checkout.ts'
import { limitRules, recordOrder, sendForApproval } from '#app/.server/approvals.ts'
import { type RequestCart, getCustomer, getSession } from '#app/.server/context.ts'
import { displayFormat } from '#app/.server/format.ts'
import { failureMessage, formError, invalid, readForm } from '#app/.server/forms.ts'
import { type Settings } from '#app/.server/presenter/config.ts'
import { type DespatchMethod } from '#app/.server/presenter/contract/checkout.ts'
import { isPresenterError, toRouteError, type Presenter } from '#app/.server/presenter/index.ts'
import { redirectWithFlash, type PortalSession } from '#app/.server/session.ts'
import { loadSiteAddresses } from '#app/.server/site-addresses.ts'
import { approvalReason } from '#app/utils/approvals.ts'
import {
	cartTotals,
	lineCents,
	roundMoney,
	type PricedLine,
	type Totals,
} from '#app/utils/totals.ts'

export const ADDRESS_NOT_FOUND = 'We could not find this address'

type Address = {
	despatchType?: string
	address?: string
	suburb?: string
	state?: string
	zipCode?: string
}

/**
 * A delivery (spec part 1 §4): the address geocoded, the closest branch for the vehicle type and
 * its charge product. The one path for the 'Calculate delivery' preview and the order, so both
 * name the same charge. Null when the presenter cannot place the address.
 */
export async function quoteDelivery(presenter: Presenter, address: Address, vehicleType: number) {
	const { address: street = '', suburb = '', state = '', zipCode = '' } = address
	const point = await presenter.checkout.geocode([street, suburb, `${state} ${zipCode}`.trim()])
	if (!point) return null
	const closest = await presenter.checkout.getClosestBranch(point, vehicleType)
	const productID = await presenter.checkout.getDeliveryCharge(closest, vehicleType)
	return { productID, branchID: closest.branchID, distanceKm: closest.distanceKm, point }
}

/** What 'Calculate delivery' shows: the charge (null when prices are hidden), branch and distance. */
export type DeliveryPreview = {
	branchID: number
	distanceKm: number
	/** The charge as the cart will price its line: ex GST, or inc GST with tax_inclusive. */
	charge: number | null
	/** The charge ex GST, as the Order Summary lists it above the GST. */
	chargeExTax: number | null
	/** The Order Summary with the charge added: what Confirm Order places (null: prices hidden). */
	totals: Totals | null
	/** The despatch method, address and vehicle it was calculated for: a change makes it stale. */
	for: {
		despatchType: string
		address: string
		suburb: string
		state: string
		zipCode: string
		vehicleType: number
	}
}

/**
 * The charge product as a cart line, priced as the cart prices it: unit price ex GST, or inc GST
 * with tax_inclusive, and its unit GST (the difference between the two). Null when unpriced.
 */
async function chargeLine(presenter: Presenter, productID: string, taxInclusive: boolean) {
	const [ex, inc] = await Promise.all([
		presenter.catalogue.findProduct(productID, false),
		presenter.catalogue.findProduct(productID, true),
	])
	if (!ex || !inc) return null
	return {
		prodQty: 1,
		unitPrice: taxInclusive ? inc.customerPrice : ex.customerPrice,
		unitGST: roundMoney(inc.customerPrice - ex.customerPrice),
	}
}

/** The preview of a quoted delivery: its charge and the cart's totals with it. */
function toPreview(
	quote: { branchID: number; distanceKm: number },
	charge: PricedLine | null,
	lines: PricedLine[],
	{ settings, address, vehicleType }: { settings: Settings; address: Address; vehicleType: number },
): DeliveryPreview {
	const hidden = settings.hide_finalise_price
	return {
		branchID: quote.branchID,
		distanceKm: quote.distanceKm,
		charge: hidden || !charge ? null : charge.unitPrice,
		chargeExTax: hidden || !charge ? null : lineCents(charge, settings.tax_inclusive).ex / 100,
		totals: hidden ? null : cartTotals(charge ? [...lines, charge] : lines, settings.tax_inclusive),
		for: {
			despatchType: address.despatchType ?? '',
			address: address.address ?? '',
			suburb: address.suburb ?? '',
			state: address.state ?? '',
			zipCode: address.zipCode ?? '',
			vehicleType,
		},
	}
}

/**
 * The delivery preview: the quote, the charge product's price for this customer as the cart will
 * price its line, and the Order Summary with it. Null when the address is unknown.
 */
export async function previewDelivery({
	presenter,
	cart,
	settings,
	address,
	vehicleType,
}: {
	presenter: Presenter
	cart: RequestCart
	settings: Settings
	address: Address
	vehicleType: number
}): Promise<DeliveryPreview | null> {
	const [quote, lines] = await Promise.all([
		quoteDelivery(presenter, address, vehicleType),
		cart.lines(),
	])
	if (!quote) return null
	const charge = await chargeLine(presenter, quote.productID, settings.tax_inclusive)
	return toPreview(quote, charge, lines, { settings, address, vehicleType })
}

/** Cents of an amount, to compare totals exactly. */
const cents = (n: number) => Math.round(n * 100)

type Outcome =
	| { ok: true; type: 'Order' | 'Quote'; number: number }
	| {
			ok: false
			message: string
			status: number
			field?: 'shipping.address'
			/** The total changed from the one shown: the delivery as it would be placed now. */
			delivery?: DeliveryPreview
	  }

/** A presenter failure as an outcome: its refusal (400) or 'Something went wrong.' (503). */
export function presenterFailed(error: unknown) {
	if (!isPresenterError(error)) throw error
	const transport = error.kind === 'transport' || error.kind === 'invalid-reply'
	return {
		ok: false as const,
		message: failureMessage(error, 'Something went wrong.'),
		status: transport ? 503 : 400,
	}
}

/**
 * The cart-to-order step (spec part 1 §4): for a delivery, quote it (quoteDelivery) and add its
 * charge (ea, 1); then createOrder. The account lookups, the cart's lines and the delivery run
 * side by side, and a preview just before leaves the delivery lookups cached: adding the charge
 * and createOrder are the two round trips left. An address the presenter cannot place is refused,
 * nothing ordered. When the form carries the total the customer saw (`shownTotal`), the order is
 * placed only if it comes to that total to the cent; otherwise nothing is ordered and the outcome
 * says the new total (docs/decisions/038). One checkout attempt places at most one order:
 * concurrent submissions wait for each other, a repeated attempt gets the first result, and the
 * presenter honours the idempotency key. On success the cart has become the order.
 */
export async function placeOrder({
	presenter,
	cart,
	cartSessionId,
	settings,
	methods,
	values,
}: {
	presenter: Presenter
	cart: RequestCart
	cartSessionId: string | undefined
	settings: Settings
	methods: DespatchMethod[]
	values: CheckoutValues & {
		attempt: string
		shownTotal?: number
		delivery: { branch?: number }
	}
}): Promise<Outcome> {
	if (!cartSessionId) return { ok: false, message: 'CartSessionId undefined', status: 400 }
	return withCheckoutLock(cartSessionId, async (): Promise<Outcome> => {
		const done = await completedAttempts.get(values.attempt)
		if (done) {
			cart.ordered()
			return { ok: true, ...done }
		}
		const method = methods.find((m) => m.methodName === values.shipping.despatchType)
		if (!method)
			return { ok: false, message: 'Unable to find selected despatch method', status: 400 }

		const vehicleType = values.delivery.vehicleType ?? 0
		let added = null as { lineID: number; productID: string } | null
		/** The delivery quoted, its charge line added and priced; null when the address is unknown. */
		async function deliver() {
			const quote = await quoteDelivery(presenter, values.shipping, vehicleType)
			if (!quote) return null
			const { productID } = quote
			const [, charge] = await Promise.all([
				presenter.cart.addLine(cartSessionId!, { productID, uom: 'ea', quantity: 1 }).then(
					(lineID) => void (added = { productID, lineID }),
					(error: unknown) => {
						// A cart that is already an order (a retry that reached another instance): let
						// createOrder answer this attempt's key.
						if (!isPresenterError(error, 'field') || error.errorTable[0]?.field !== 'sessionID')
							throw error
					},
				),
				chargeLine(presenter, productID, settings.tax_inclusive),
			])
			return { ...quote, charge }
		}
		async function fail(outcome: Outcome & { ok: false }) {
			// Not ordered: take the delivery charge back out, so a retry does not add it twice.
			if (added) await presenter.cart.removeLine(cartSessionId!, added).catch(() => {})
			return outcome
		}

		try {
			const [user, customer, cartLines, quote] = await Promise.all([
				presenter.users.getDetails().catch(() => null),
				presenter.users.getCustomer().catch(() => null),
				cart.lines(),
				method.delivery ? deliver() : undefined,
			])
			if (!user) return await fail({ ok: false, message: 'userDetails not available', status: 503 })
			if (!customer)
				return await fail({ ok: false, message: 'customerDetails not available', status: 503 })
			if (quote === null)
				return { ok: false, message: ADDRESS_NOT_FOUND, status: 400, field: 'shipping.address' }
			// No lines: the cart became an order already, most likely this attempt's on an instance
			// that died before recording it. There is no total to compare; createOrder answers the
			// attempt's key with that order, or refuses (nothing is placed from an empty cart).
			if (values.shownTotal !== undefined && !settings.hide_finalise_price && cartLines.length) {
				// The lines as they were before this submission added the charge.
				const lines = cartLines.filter((l) => l.lineID !== added?.lineID)
				const now = quote
					? toPreview(quote, quote.charge, lines, {
							settings,
							address: values.shipping,
							vehicleType,
						})
					: undefined
				const total = now?.totals?.total ?? cartTotals(lines, settings.tax_inclusive).total
				if (cents(total) !== values.shownTotal) {
					const money = displayFormat(settings).money(total)
					return await fail({
						ok: false,
						message: quote
							? `With delivery the total is ${money}. Check the Order Summary, then confirm again.`
							: `The total is now ${money}. Check the Order Summary, then confirm again.`,
						status: 409,
						delivery: now,
					})
				}
			}
			const branchID = quote
				? quote.branchID
				: (values.delivery.branch ?? settings.initial_branchID ?? 0)
			const place = quote && { ...quote.point, distanceKm: quote.distanceKm }
			const order = buildOrderPayload({ values, branchID, user, customer, place })
			const number = await presenter.checkout.createOrder(cartSessionId, order, values.attempt)
			await completedAttempts
				.set(values.attempt, { type: values.transactionType, number })
				// The order is placed whatever the store answers; a retry meets the presenter's key.
				.catch((error: unknown) => console.warn('Checkout attempt not recorded:', error))
			// The cart became the order: the next page starts a new, empty cart.
			cart.ordered()
			return { ok: true, type: values.transactionType, number }
		} catch (error) {
			return fail(presenterFailed(error))
		}
	})
}

/** Why a submission placed or sent nothing: the button pressed no longer fits the order. */
export const NOW_NEEDS_APPROVAL =
	'Nothing was sent: this order now needs an administrator’s approval. Check the Order Summary, then press Send for approval.'
export const NO_LONGER_NEEDS_APPROVAL =
	'Nothing was sent: this order no longer needs approval. Check the Order Summary, then press Confirm Order.'

/**
 * Applies the user's limits (docs/decisions/059-order-limits-and-approvals.md) to an order, with
 * its delivery when it has one. Over them and 'Send for approval' pressed, the order is not placed
 * but sent for an administrator's approval, one submission of a cart at a time, and the requester
 * goes to their requests. When the button pressed no longer fits (over a limit on 'Confirm Order',
 * within them on 'Send for approval'), nothing is sent: the page shows the order as it is now (a
 * 409), as for a total the customer has not seen. Undefined: place the order.
 */
async function applyLimits(
	context: Readonly<RouterContextProvider>,
	values: CheckoutValues & { delivery: { branch?: number } },
	methods: DespatchMethod[],
	sendPressed: boolean,
) {
	const { presenter, settings, cart } = getCustomer(context)
	const session = getSession(context)
	const user = await presenter.users.getDetails().catch(toRouteError)
	const rules = await limitRules(context, user)
	if (!rules && !sendPressed) return undefined
	const cartSessionId = session.current.get('cartSessionId')
	if (!cartSessionId) return undefined
	return withCheckoutLock(cartSessionId, async () => {
		const method = methods.find((m) => m.methodName === values.shipping.despatchType)
		const [lines, delivery] = await Promise.all([
			cart.lines(),
			method?.delivery
				? previewDelivery({
						presenter,
						cart,
						settings,
						address: values.shipping,
						vehicleType: values.delivery.vehicleType ?? 0,
					}).catch(presenterFailed)
				: undefined,
		])
		if (delivery && 'ok' in delivery) return delivery
		if (delivery === null)
			return { message: ADDRESS_NOT_FOUND, field: 'shipping.address' as const, status: 400 }
		// Sent already (a repeated submission): the cart was emptied.
		if (!lines.length) return sendPressed ? redirect('/orders?type=approval') : undefined
		const totals = delivery?.totals ?? cartTotals(lines, settings.tax_inclusive)
		const total = Math.round(totals.total * 100)
		const reason = approvalReason(rules, total, settings)
		if (!reason && !sendPressed) return undefined
		if (!reason || !sendPressed)
			return {
				message: reason ? NOW_NEEDS_APPROVAL : NO_LONGER_NEEDS_APPROVAL,
				status: 409,
				delivery,
				limitsChanged: true as const,
			}
		const reasonForApprovers = approvalReason(rules, total, settings, 'their')!
		await sendForApproval({
			context,
			user,
			values,
			lines,
			totals,
			reason,
			reasonForApprovers,
			methods,
		})
		return redirectWithFlash(session, '/orders?type=approval', `Sent for approval: ${reason}`)
	})
}

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
type CheckoutReply = SubmissionResult<string[]> & { delivery?: DeliveryPreview }

/**
 * The checkout's one action: place the order or quote, or answer one of CHECKOUT_INTENTS with the
 * form as it was typed. A repeated attempt gets the first one's result (docs/decisions/008).
 */
export async function checkoutAction(
	request: Request,
	context: Readonly<RouterContextProvider>,
): Promise<Response | CheckoutReply | ReturnType<typeof data<CheckoutReply>>> {
	const { presenter, settings, cart } = getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('The cart is not available', { status: 403 })
	const formData = await readForm(request)
	const attempt = String(formData.get('attempt') ?? '')
	const session = getSession(context).current
	const done = await completedAttempts.get(attempt)
	if (done) {
		cart.ordered()
		return complete(session, done)
	}
	const methods = await presenter.checkout.getDespatchMethods().catch(() => null)
	const despatchType = String(formData.get('shipping.despatchType') ?? '')
	const submission = parseWithZod(formData, {
		schema: checkoutSchema({ methods: methods ?? [], settings, despatchType }),
	})
	if (!methods) return formError(submission, 'deliveryMethods not available', 503)
	// 'Update' without JS: show the chosen despatch method's fields, keep what was typed, and the
	// default branch when none was chosen yet (the pickup fields were not on the page).
	if (formData.get('intent') === CHECKOUT_INTENTS.refresh) {
		const reply: SubmissionResult<string[]> = { ...submission.reply(), error: {} }
		const values = reply.initialValue as { delivery?: Record<string, string> } | null
		if (values && !values.delivery?.branch && settings.initial_branchID) {
			values.delivery = { ...values.delivery, branch: String(settings.initial_branchID) }
		}
		return reply
	}
	// 'Use address' without JS: the chosen previous site address in the address fields.
	if (formData.get('intent') === CHECKOUT_INTENTS.useAddress) {
		const reply: SubmissionResult<string[]> = { ...submission.reply(), error: {} }
		const key = String(formData.get('siteAddress') ?? '')
		const chosen = (await loadSiteAddresses(presenter).catch(() => [])).find((a) => a.key === key)
		const values = reply.initialValue as { shipping?: Record<string, string> } | null
		if (values && chosen) {
			values.shipping = {
				...values.shipping,
				address: chosen.address,
				suburb: chosen.suburb,
				state: chosen.state,
				zipCode: chosen.postcode,
			}
		}
		return reply
	}
	// 'Calculate delivery': the charge, branch and distance for the address and vehicle typed, the
	// form kept as it is; errors only for the fields a delivery is priced from.
	if (formData.get('intent') === CHECKOUT_INTENTS.delivery) {
		const fields = parseWithZod(formData, {
			schema: deliveryPreviewSchema({ methods, settings, despatchType }),
		})
		const reply = (error: Record<string, string[] | null>, delivery?: DeliveryPreview) =>
			data({ ...submission.reply(), error, delivery }, { status: delivery ? 200 : 400 })
		if (fields.status !== 'success') return reply(fields.error ?? {})
		const preview = await previewDelivery({
			presenter,
			cart,
			settings,
			address: fields.value.shipping,
			vehicleType: fields.value.delivery.vehicleType ?? 0,
		}).catch(presenterFailed)
		if (preview && 'ok' in preview) return formError(submission, preview.message, preview.status)
		if (!preview) return reply({ 'shipping.address': [ADDRESS_NOT_FOUND] })
		return reply({}, preview)
	}
	if (submission.status !== 'success') return invalid(submission)
	// 'Send for approval' is an order the customer saw go over their limits.
	const pressed = submission.value.transactionType
	const values = {
		...submission.value,
		transactionType: pressed === 'Quote' ? ('Quote' as const) : ('Order' as const),
	}
	if (values.transactionType === 'Order') {
		const sent = await applyLimits(context, values, methods, pressed === 'Approval')
		if (sent && 'limitsChanged' in sent) {
			// The page shows the order as it is now: its delivery and whether it needs approval.
			const reply = submission.reply({ formErrors: [sent.message] }) as SubmissionResult<string[]>
			return data({ ...reply, delivery: sent.delivery }, { status: sent.status })
		}
		if (sent && 'field' in sent)
			return invalid(submission, { fieldErrors: { [sent.field]: [sent.message] } })
		if (sent && 'message' in sent) return formError(submission, sent.message, sent.status)
		if (sent) return sent
	}
	const outcome = await placeOrder({
		presenter,
		cart,
		cartSessionId: session.get('cartSessionId'),
		settings,
		methods,
		values,
	})
	if (!outcome.ok && outcome.field)
		return invalid(submission, { fieldErrors: { [outcome.field]: [outcome.message] } })
	if (!outcome.ok && outcome.delivery) {
		// The total changed from the one shown (the delivery was not calculated): the summary
		// shows the new one, to be confirmed.
		const reply = submission.reply({ formErrors: [outcome.message] }) as SubmissionResult<string[]>
		return data({ ...reply, delivery: outcome.delivery }, { status: outcome.status })
	}
	if (!outcome.ok) return formError(submission, outcome.message, outcome.status)
	// Counted towards the user's monthly limit (the presenter's history does not say who placed it).
	if (outcome.type === 'Order') {
		const { identity } = getCustomer(context)
		await recordOrder(identity.customerId, identity.username, outcome.number)
	}
	return complete(session, outcome)
}
