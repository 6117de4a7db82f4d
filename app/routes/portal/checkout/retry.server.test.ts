/**
 * A checkout submission sent again after the instance that took it placed the order and died
 * before it could record the attempt or answer (issue 29's exactly-once test met it: the customer
 * was sent to an empty cart, never told of the order). The attempt's key is with the presenter,
 * which answers the first order's number; the cart is an order now, so its lines are gone.
 */
import { expect, test } from 'vitest'
import { useSandbox } from '../../../../server/sandbox/test-harness.ts'
import { SUBURBS } from '../../../../server/sandbox/seed/gazetteer.ts'
import { VEHICLE_TYPES } from '../../../../server/sandbox/seed/places.ts'
import { placeOrder, previewDelivery, quoteDelivery } from './checkout.server.ts'
import { buildOrderPayload } from '#app/.server/checkout.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'
import { isPresenterError } from '#app/.server/presenter/index.ts'
import { cartTotals } from '#app/utils/totals.ts'

const sandbox = useSandbox()
const methods = [
	{ methodName: 'DEL', methodDesc: 'Delivery', delivery: true },
	{ methodName: 'PICKUP', methodDesc: 'Pickup from branch', delivery: false },
]

test.each(['PICKUP', 'DEL'])(
	'%s: a submission sent again after its order was placed, unrecorded, by an instance that died: the same order, placed once',
	async (despatchType) => {
		const settings = parseSettings([])
		const p = sandbox.portal('demo').presenter
		const cartSessionId = await sandbox.newCart('demo')
		await sandbox.addToCart(cartSessionId, { productID: 'HNAI001', UOM: 'BOX', quoteQty: 3 })
		// The session still names the cart, which the presenter no longer lists once it is an
		// order (RequestCart then starts an empty one).
		const cart = {
			id: async () => cartSessionId,
			lines: () =>
				p.cart.get(cartSessionId).catch((error: unknown) => {
					if (!isPresenterError(error, 'field')) throw error
					return []
				}),
			ordered: () => {},
		}
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
			? await previewDelivery({ presenter: p, cart, settings, address, vehicleType })
			: null
		const shown = preview?.totals ?? cartTotals(await p.cart.get(cartSessionId), false)
		const values = {
			attempt: `retry-after-death-${despatchType}`,
			shownTotal: Math.round(shown.total * 100),
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
		const first = await p.checkout.createOrder(cartSessionId, order, values.attempt)

		// The same submission, on another instance.
		const outcome = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values,
		})
		expect(outcome).toEqual({ ok: true, type: 'Order', number: first })
		const stored = sandbox.all(
			'SELECT transactionNumber FROM transactions WHERE idempotency_key = ?',
			values.attempt,
		)
		expect(stored.map((row) => row.transactionNumber)).toEqual([first])
	},
)
