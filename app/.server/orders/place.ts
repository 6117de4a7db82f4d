import { displayFormat } from '../display/format.ts'
import { LOCKS, withLock } from '../store/locks.ts'
import { type CartLine } from '../presenter/contract/cart.ts'
import { type DespatchMethod } from '../presenter/contract/checkout.ts'
import { isPresenterError, type Presenter } from '../presenter/index.ts'
import { sendForApproval } from './approvals.ts'
import { attempts, scopedKey, type AttemptScope } from './attempts.ts'
import {
	ADDRESS_NOT_FOUND,
	chargeLine,
	quoteDelivery,
	toPreview,
	type DeliveryPreview,
} from './delivery.ts'
import { keepLengths } from './lengths.ts'
import { needsApproval, recordPurchase } from './limits.ts'
import { buildOrderPayload, type CheckoutValues } from './payload.ts'
import { presenterFailed, type BuyResult, type Refusal, type Shopper } from './result.ts'
import { cartTotals } from '#app/utils/money.ts'

/** Why a submission placed or sent nothing: the button pressed no longer fits the order. */
export const NOW_NEEDS_APPROVAL =
	'Nothing was sent: this order now needs an administrator’s approval. Check the Order Summary, then press Send for approval.'
export const NO_LONGER_NEEDS_APPROVAL =
	'Nothing was sent: this order no longer needs approval. Check the Order Summary, then press Confirm Order.'

/** The checkout form as sent: its values, its attempt, the total it showed, the button pressed. */
export type CheckoutRequest = {
	values: CheckoutValues & { delivery: { branch?: number } }
	/** One checkout page's attempt: every submission of it places at most one order. */
	attempt: string
	/** The Order Summary's total the customer saw, in cents (absent when prices are hidden). */
	shownTotal?: number
	/** Confirm Order, Send for approval (an order over the user's limits) or Create Quote. */
	pressed: 'Order' | 'Approval' | 'Quote'
	methods: DespatchMethod[]
}

/**
 * The cart's lines as the presenter has them now (nothing cached); a cart it no longer lists (it
 * became an order, perhaps this attempt's on an instance that died before answering) has none.
 */
async function linesNow(presenter: Presenter, cartId: string): Promise<CartLine[]> {
	try {
		return await presenter.cart.get(cartId, { fresh: true })
	} catch (error) {
		if (isPresenterError(error, 'field') && error.errorTable[0]?.field === 'sessionID') return []
		throw error
	}
}

/** A settled attempt's result again, for a repeat. */
function again(done: { type: 'Order' | 'Quote' | 'Approval'; number: number }): BuyResult {
	if (done.type === 'Approval') return { kind: 'sent-for-approval', reason: '' }
	return { kind: 'placed', type: done.type, number: done.number, total: null }
}

/**
 * Checkout (docs/decisions/060-order-rules-between-requests.md): places the cart as an order or
 * a quote, or sends it for approval, at most once per attempt. An order is bought under the
 * user's lock (their limits checked and the order counted as one step), and every order or quote
 * under its cart's lock, which every change of the cart takes too: the cart is read afresh under
 * it, and what is placed is what was checked and shown.
 */
export async function checkout(shopper: Shopper, request: CheckoutRequest): Promise<BuyResult> {
	const { identity, cart } = shopper
	const scope: AttemptScope = {
		kind: 'checkout',
		customerId: identity.customerId,
		username: identity.username,
	}
	const done = await attempts.get(scope, request.attempt)
	if (done) {
		cart.ordered()
		return again(done)
	}
	const cartId = await cart.id()
	const place = () => placeCart(shopper, cartId, request, scope)
	const result = await (request.pressed === 'Quote'
		? place()
		: withLock(LOCKS.user(identity.customerId, identity.username), place))
	if (result.kind === 'placed' || result.kind === 'sent-for-approval') cart.ordered()
	return result
}

/**
 * Places an approved request's order in a new cart of the customer (the administrator's session):
 * the attempt is the request's, the limits are the requester's and were applied when it was sent.
 */
export function placeApproved(
	shopper: Shopper,
	cartId: string,
	request: Omit<CheckoutRequest, 'pressed' | 'shownTotal'> & { shownTotal: number | undefined },
) {
	const scope: AttemptScope = { kind: 'approval', customerId: shopper.identity.customerId }
	return placeCart(shopper, cartId, { ...request, pressed: 'Order' }, scope, false)
}

async function placeCart(
	shopper: Shopper,
	cartId: string,
	request: CheckoutRequest,
	scope: AttemptScope,
	limited = true,
): Promise<BuyResult> {
	const { presenter, settings, identity } = shopper
	const { values, attempt, pressed } = request
	return withLock(LOCKS.cart(cartId), async (): Promise<BuyResult> => {
		// A repeat that waited for the first: its result.
		const done = await attempts.get(scope, attempt)
		if (done) return again(done)
		const method = request.methods.find((m) => m.methodName === values.shipping.despatchType)
		if (!method)
			return { kind: 'refused', message: 'Unable to find selected despatch method', status: 400 }
		const vehicleType = values.delivery.vehicleType ?? 0
		let added = null as { lineID: number; productID: string } | null
		/** The delivery quoted, its charge line added and priced; null when the address is unknown. */
		async function deliver() {
			const quote = await quoteDelivery(presenter, values.shipping, vehicleType)
			if (!quote) return null
			const { productID } = quote
			const [, charge] = await Promise.all([
				presenter.cart.addLine(cartId, { productID, uom: 'ea', quantity: 1 }).then(
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
		/** Nothing placed: the delivery charge comes back out, so a retry does not add it twice. */
		async function fail(refusal: Refusal) {
			if (added) await presenter.cart.removeLine(cartId, added).catch(() => {})
			return refusal
		}

		try {
			const [user, customer, cartLines, quote] = await Promise.all([
				// Read afresh: an administrator has no limits, and a demoted one has them at once.
				presenter.users.getDetails({ fresh: true }),
				presenter.users.getCustomer(),
				linesNow(presenter, cartId),
				method.delivery ? deliver() : undefined,
			])
			if (quote === null)
				return await fail({
					kind: 'refused',
					message: ADDRESS_NOT_FOUND,
					status: 400,
					field: 'shipping.address',
				})
			// The lines as they were before this submission added the charge.
			const lines = cartLines.filter((l) => l.lineID !== added?.lineID)
			const priced = quote?.charge ? [...lines, quote.charge] : lines
			const total = cartTotals(priced, settings.tax_inclusive).total
			const now: DeliveryPreview | undefined = quote
				? toPreview(quote, quote.charge, lines, { settings, address: values.shipping, vehicleType })
				: undefined
			// No lines: the cart became an order already, most likely this attempt's on an instance
			// that died before recording it. There is nothing to check; createOrder answers the
			// attempt's key with that order, or refuses (nothing is placed from an empty cart).
			if (lines.length) {
				const buyer = { customerId: identity.customerId, username: identity.username }
				const need =
					limited && pressed !== 'Quote'
						? await needsApproval(presenter, buyer, user, total, settings)
						: null
				// The button pressed must fit the order as it is now: said first, as it changes what to press.
				if (limited && pressed !== 'Quote' && Boolean(need) !== (pressed === 'Approval'))
					return await fail({
						kind: 'limits-changed',
						message: need ? NOW_NEEDS_APPROVAL : NO_LONGER_NEEDS_APPROVAL,
						delivery: now,
					})
				if (
					request.shownTotal !== undefined &&
					!settings.hide_finalise_price &&
					total !== request.shownTotal
				) {
					const money = displayFormat(settings).money(total)
					return await fail({
						kind: 'total-changed',
						total,
						message: quote
							? `With delivery the total is ${money}. Check the Order Summary, then confirm again.`
							: `The total is now ${money}. Check the Order Summary, then confirm again.`,
						delivery: now,
					})
				}
				if (need) {
					// The approval quotes its own delivery when it places the order.
					if (added) await presenter.cart.removeLine(cartId, added)
					await sendForApproval(shopper, {
						cartId,
						user,
						values,
						lines,
						totals: cartTotals(priced, settings.tax_inclusive),
						...need,
						methods: request.methods,
					})
					await attempts.set(scope, attempt, { type: 'Approval', number: 0 })
					return { kind: 'sent-for-approval', reason: need.reason }
				}
			} else if (pressed === 'Approval') {
				return await fail({ kind: 'refused', message: 'Your cart is empty.', status: 400 })
			}
			const branchID = quote
				? quote.branchID
				: (values.delivery.branch ?? settings.initial_branchID ?? 0)
			const place = quote && { ...quote.point, distanceKm: quote.distanceKm }
			const order = buildOrderPayload({ values, branchID, user, customer, place })
			const type = pressed === 'Quote' ? 'Quote' : 'Order'
			const number = await presenter.checkout.createOrder(
				cartId,
				{ ...order, transactionType: type },
				scopedKey(scope, attempt),
			)
			await attempts.set(scope, attempt, { type, number })
			await keepLengths(identity.customerId, number, lines)
			if (type === 'Order' && limited && lines.length)
				await recordPurchase(
					{ customerId: identity.customerId, username: identity.username },
					number,
					total,
				)
			return { kind: 'placed', type, number, total: lines.length ? total : null }
		} catch (error) {
			return fail(presenterFailed(error))
		}
	})
}
