import { z } from 'zod'
import {
	buildOrderPayload,
	completedAttempts,
	inputDate,
	TIME_PATTERN,
	withCheckoutLock,
	type CheckoutValues,
} from '#app/.server/checkout.ts'
import { type RequestCart } from '#app/.server/context.ts'
import { displayFormat } from '#app/.server/format.ts'
import { failureMessage } from '#app/.server/forms.ts'
import { type Settings } from '#app/.server/presenter/config.ts'
import { type DespatchMethod } from '#app/.server/presenter/contract/checkout.ts'
import { isPresenterError, type Presenter } from '#app/.server/presenter/index.ts'
import { taxWording } from '#app/.server/wording.ts'
import {
	cartTotals,
	lineCents,
	roundMoney,
	type PricedLine,
	type Totals,
} from '#app/utils/totals.ts'

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
function modeOf(methods: DespatchMethod[], despatchType: string) {
	const method = methods.find((m) => m.methodName === despatchType)
	return { delivery: method?.delivery === true, pickup: method?.delivery === false }
}

/** The fields a delivery is priced from: despatch method, address and vehicle type. */
function deliveryFields(methods: DespatchMethod[], settings: Settings, despatchType: string) {
	const wording = taxWording(settings)
	const { delivery } = modeOf(methods, despatchType)
	return {
		shipping: {
			despatchType: required(`Please select a ${wording.despatch} type`).refine(
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
 * The checkout form's rules (spec part 1 §5), for the despatch method chosen in this submission:
 * address, suburb, state and vehicle are required for a delivery; the branch for a pickup; the zip
 * code only in tax mode.
 */
export function checkoutSchema({
	methods,
	settings,
	despatchType,
}: {
	methods: DespatchMethod[]
	settings: Settings
	despatchType: string
}) {
	const fields = deliveryFields(methods, settings, despatchType)
	const { pickup } = modeOf(methods, despatchType)
	return z.object({
		attempt: z.string().min(16).max(64),
		/** The Total the Order Summary showed, in cents: what the customer confirms. */
		shownTotal: z.coerce.number().int().min(0).optional(),
		transactionType: z.enum(['Order', 'Quote'], { error: 'Choose Confirm Order or Create Quote' }),
		shipping: z.object({
			...fields.shipping,
			deliveryTo: required('Delivery To is required'),
			notes: z.string().trim().max(1000, 'Use at most 1000 characters').optional(),
			reference: optional,
		}),
		delivery: z.object({
			...fields.delivery,
			branch: choice(pickup, 'Please select a Branch'),
			onsite: z.boolean({ error: 'Please select an onsite or offsite delivery' }).default(false),
			contactName: required('Please enter a Contact name'),
			contactPhone: required('Please enter a Contact phone'),
			contactMobile: optional,
			clientEmail: z.email('Invalid email address').optional(),
			requiredDate: inputDate(settings.locale, 'Please enter a Required date'),
			requiredTime: required('Please enter a Required time').refine(
				(t) => TIME_PATTERN.test(t),
				'Enter the time as 24-hour H:mm, e.g. 14:30',
			),
		}),
	})
}

/** 'Calculate delivery': only the fields a delivery is priced from, the rest may still be empty. */
export function deliveryPreviewSchema(args: {
	methods: DespatchMethod[]
	settings: Settings
	despatchType: string
}) {
	const fields = deliveryFields(args.methods, args.settings, args.despatchType)
	return z.object({
		shipping: z.object(fields.shipping),
		delivery: z.object(fields.delivery),
	})
}

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
		const done = completedAttempts.get(values.attempt)
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
			if (values.shownTotal !== undefined && !settings.hide_finalise_price) {
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
			completedAttempts.set(values.attempt, { type: values.transactionType, number })
			// The cart became the order: the next page starts a new, empty cart.
			cart.ordered()
			return { ok: true, type: values.transactionType, number }
		} catch (error) {
			return fail(presenterFailed(error))
		}
	})
}
