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
import { failureMessage } from '#app/.server/forms.ts'
import { type Settings } from '#app/.server/presenter/config.ts'
import { type DespatchMethod } from '#app/.server/presenter/contract/checkout.ts'
import { isPresenterError, type Presenter } from '#app/.server/presenter/index.ts'
import { taxWording } from '#app/.server/wording.ts'

const TOO_LONG = 'Use at most 200 characters'
const required = (message: string) =>
	z.string({ error: message }).trim().min(1, message).max(200, TOO_LONG)
const optional = z.string().trim().max(200, TOO_LONG).optional()
/** A select's id: required (`message` when missing) or optional, as the despatch method needs. */
const choice = (needed: boolean, message: string) =>
	needed
		? z.coerce.number({ error: message }).int().positive(message)
		: z.coerce.number().int().optional()

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
	const wording = taxWording(settings)
	const method = methods.find((m) => m.methodName === despatchType)
	const delivery = method?.delivery === true
	const pickup = method?.delivery === false
	return z.object({
		attempt: z.string().min(16).max(64),
		transactionType: z.enum(['Order', 'Quote'], { error: 'Choose Confirm Order or Create Quote' }),
		shipping: z.object({
			despatchType: required(`Please select a ${wording.despatch} type`).refine(
				(v) => methods.some((m) => m.methodName === v),
				'Unable to find selected despatch method',
			),
			deliveryTo: required('Delivery To is required'),
			address: delivery ? required('Address is required') : optional,
			suburb: delivery ? required('Suburb is required') : optional,
			state: delivery ? required('State is required') : optional,
			zipCode: settings.tax_mode ? required('Zip Code is required') : optional,
			notes: z.string().trim().max(1000, 'Use at most 1000 characters').optional(),
			reference: optional,
		}),
		delivery: z.object({
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
			vehicleType: choice(delivery, 'Please select a Vehicle type'),
		}),
	})
}

type Outcome =
	| { ok: true; type: 'Order' | 'Quote'; number: number }
	| { ok: false; message: string; status: number }

/**
 * The cart-to-order step (spec part 1 §4): for a delivery, geocode the address, find the closest
 * branch and add its delivery charge (ea, 1); then createOrder. One checkout attempt places at most
 * one order: concurrent submissions wait for each other, a repeated attempt gets the first result,
 * and the presenter honours the idempotency key. On success the cart has become the order.
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
	values: CheckoutValues & { attempt: string; delivery: { branch?: number } }
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
		const [user, customer] = await Promise.all([
			presenter.users.getDetails().catch(() => null),
			presenter.users.getCustomer().catch(() => null),
		])
		if (!user) return { ok: false, message: 'userDetails not available', status: 503 }
		if (!customer) return { ok: false, message: 'customerDetails not available', status: 503 }

		let charge: { lineID: number; productID: string } | null = null
		try {
			let branchID: number
			let place: { latitude: number; longitude: number; distanceKm: number } | undefined
			if (method.delivery) {
				const { address = '', suburb = '', state = '', zipCode = '' } = values.shipping
				const vehicleType = values.delivery.vehicleType ?? 0
				const point = await presenter.checkout.geocode([
					address,
					suburb,
					`${state} ${zipCode}`.trim(),
				])
				const closest = await presenter.checkout.getClosestBranch(point, vehicleType)
				const productID = await presenter.checkout.getDeliveryCharge(closest, vehicleType)
				try {
					charge = {
						productID,
						lineID: await presenter.cart.addLine(cartSessionId, {
							productID,
							uom: 'ea',
							quantity: 1,
						}),
					}
				} catch (error) {
					// A cart that is already an order (a retry that reached another instance): let
					// createOrder answer this attempt's key.
					if (!isPresenterError(error, 'field') || error.errorTable[0]?.field !== 'sessionID')
						throw error
				}
				branchID = closest.branchID
				place = { ...point, distanceKm: closest.distanceKm }
			} else {
				branchID = values.delivery.branch ?? settings.initial_branchID ?? 0
			}
			const order = buildOrderPayload({ values, branchID, user, customer, place })
			const number = await presenter.checkout.createOrder(cartSessionId, order, values.attempt)
			completedAttempts.set(values.attempt, { type: values.transactionType, number })
			// The cart became the order: the next page starts a new, empty cart.
			cart.ordered()
			return { ok: true, type: values.transactionType, number }
		} catch (error) {
			if (!isPresenterError(error)) throw error
			// Not ordered: take the delivery charge back out, so a retry does not add it twice.
			if (charge) await presenter.cart.removeLine(cartSessionId, charge).catch(() => {})
			const transport = error.kind === 'transport' || error.kind === 'invalid-reply'
			return {
				ok: false,
				message: failureMessage(error, 'Something went wrong.'),
				status: transport ? 503 : 400,
			}
		}
	})
}
