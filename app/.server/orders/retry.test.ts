/**
 * A checkout submission sent again after the instance that took it placed the order and died
 * before it could record the attempt or answer (issue 29's exactly-once test met it: the customer
 * was sent to an empty cart, never told of the order). The attempt's key is with the presenter,
 * which answers the first order's number; the cart is an order now, so its lines are gone.
 */
import { expect, test } from 'vitest'
import { scopedKey } from './attempts.ts'
import { previewDelivery, quoteDelivery } from './delivery.ts'
import { buildOrderPayload } from './payload.ts'
import { checkout } from './place.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'
import { cartTotals } from '#app/utils/money.ts'
import { SUBURBS } from '#server/sandbox/seed/gazetteer.ts'
import { VEHICLE_TYPES } from '#server/sandbox/seed/places.ts'
import { useSandbox } from '#server/sandbox/test-harness.ts'
import { METHODS as methods, shopperOf } from '#tests/utils/shopper.ts'

const sandbox = useSandbox()

test.each(['PICKUP', 'DEL'])(
	'%s: a submission sent again after its order was placed, unrecorded, by an instance that died: the same order, placed once',
	async (despatchType) => {
		const settings = parseSettings([])
		const portal = sandbox.portal('demo')
		const p = portal.presenter
		const cartSessionId = await sandbox.newCart('demo')
		await sandbox.addToCart(cartSessionId, { productID: 'HNAI001', UOM: 'BOX', quoteQty: 3 })
		// The session still names the cart, which the presenter no longer lists once it is an
		// order (RequestCart then starts an empty one).
		const shopper = shopperOf(portal, cartSessionId, settings)
		const place = SUBURBS[0]!
		const address = {
			despatchType,
			address: '12 Test Street',
			suburb: place.suburb,
			state: place.state,
			zipCode: place.postcode,
		}
		const delivered = despatchType === 'DEL'
		const vehicleType = VEHICLE_TYPES[0][0]
		const preview = delivered
			? await previewDelivery(p, settings, p.cart.get(cartSessionId), address, vehicleType)
			: null
		const shown = preview?.totals ?? cartTotals(await p.cart.get(cartSessionId), false)
		const attempt = `retry-after-death-${despatchType}`
		const key = scopedKey({ kind: 'checkout', ...portal.identity }, attempt)
		const values = {
			transactionType: 'Order' as const,
			shipping: { ...address, deliveryTo: 'Site office', reference: 'retried' },
			delivery: {
				onsite: false,
				contactName: 'Sam Lee',
				contactPhone: '0412 000 111',
				requiredDate: new Date(2026, 11, 24),
				requiredTime: '7:30',
				vehicleType: delivered ? vehicleType : undefined,
				branch: 1,
			},
		}
		// The instance that died: the delivery charge added, the order placed under the key.
		const [user, customer] = await Promise.all([p.users.getDetails(), p.users.getCustomer()])
		const quote = delivered ? await quoteDelivery(p, address, vehicleType) : null
		if (quote)
			await p.cart.addLine(cartSessionId, { productID: quote.productID, uom: 'ea', quantity: 1 })
		const order = buildOrderPayload({
			values,
			branchID: quote?.branchID ?? 1,
			user,
			customer,
			place: quote ? { ...quote.point, distanceKm: quote.distanceKm } : undefined,
		})
		const first = await p.checkout.createOrder(cartSessionId, order, key)

		// The same submission, on another instance.
		const outcome = await checkout(shopper, {
			values,
			attempt,
			shownTotal: shown.total,
			pressed: 'Order',
			methods,
		})
		expect(outcome).toEqual({ kind: 'placed', type: 'Order', number: first, total: null })
		const stored = sandbox.all(
			'SELECT transactionNumber FROM transactions WHERE idempotency_key = ?',
			key,
		)
		expect(stored.map((row) => row.transactionNumber)).toEqual([first])
	},
)
