import { describe, expect, test } from 'vitest'
import { useSandbox } from '../../../../server/sandbox/test-harness.ts'
import { ADDRESS_NOT_FOUND, placeOrder, previewDelivery, quoteDelivery } from './checkout.server.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'
import { cartTotals } from '#app/utils/totals.ts'

const sandbox = useSandbox()
const settings = parseSettings([])
const methods = [
	{ methodName: 'DEL', methodDesc: 'Delivery', delivery: true },
	{ methodName: 'PICKUP', methodDesc: 'Pickup from branch', delivery: false },
]
const ALEXANDRIA = {
	address: '14 Bourke Road',
	suburb: 'Alexandria',
	state: 'NSW',
	zipCode: '2015',
}
const NOWHERE = { address: '1 Nowhere Lane', suburb: 'Atlantis', state: 'NSW', zipCode: '2999' }
const TRAY = 2

/** The demo user's presenter through the real client, recording the calls that left the cache. */
const presenter = () => sandbox.portal('demo')

function order(address: typeof ALEXANDRIA, attempt: string) {
	return {
		attempt,
		transactionType: 'Order' as const,
		shipping: { despatchType: 'DEL', deliveryTo: 'Site office', ...address },
		delivery: {
			onsite: false,
			contactName: 'Sam Lee',
			contactPhone: '0412 000 111',
			requiredDate: new Date(2026, 11, 24),
			requiredTime: '7:30',
			vehicleType: TRAY,
		},
	}
}

/** The request cart of `cartSessionId`, read through the presenter as the portal reads it. */
const cartOf = (p: ReturnType<typeof presenter>['presenter'], cartSessionId: string) => ({
	id: async () => cartSessionId,
	lines: () => p.cart.get(cartSessionId),
	ordered: () => {},
})

/** The stored order's totals, in dollars. */
function stored(outcome: { ok: boolean; number?: number }) {
	const row = sandbox.one(
		`SELECT transactionTotalAmountExcGST AS subtotal, transactionTotalGST AS gst,
		 transactionTotalAmountIncGST AS total FROM transactions WHERE transactionNumber = ?`,
		outcome.number ?? 0,
	)
	return row && { subtotal: row.subtotal, gst: row.gst, total: row.total }
}

describe('the delivery charge: one path for the preview and the order', () => {
	test('an address is geocoded, the closest branch found and its charge product named', async () => {
		const { presenter: p } = presenter()
		expect(await quoteDelivery(p, ALEXANDRIA, TRAY)).toMatchObject({
			productID: 'DEL-TRAY-0-10',
			branchID: 1,
			distanceKm: expect.any(Number),
		})
	})

	test('an address the presenter cannot place is null, not 0,0', async () => {
		const { presenter: p } = presenter()
		expect(await quoteDelivery(p, NOWHERE, TRAY)).toBeNull()
		const cart = cartOf(p, await sandbox.newCart())
		expect(
			await previewDelivery({ presenter: p, cart, settings, address: NOWHERE, vehicleType: TRAY }),
		).toBeNull()
	})

	test('the preview is the charge line the order gets, discount or not; after it only adding the charge and createOrder go to the presenter', async () => {
		const { presenter: p, sent } = presenter()
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId)
		const cart = cartOf(p, cartSessionId)
		const preview = await previewDelivery({
			presenter: p,
			cart,
			settings,
			address: ALEXANDRIA,
			vehicleType: TRAY,
		})
		// The tray truck's 0–10 km charge, not discounted (demo has 12% off products), and the
		// Order Summary with it.
		expect(preview).toMatchObject({ branchID: 1, charge: 75 })
		const lines = await p.cart.get(cartSessionId)
		expect(preview?.totals).toEqual(
			cartTotals([...lines, { prodQty: 1, unitPrice: 75, unitGST: 7.5 }], false),
		)
		// The account lookups the order needs are the page's, cached before the submission.
		await Promise.all([p.users.getDetails(), p.users.getCustomer()])
		sent.length = 0

		const outcome = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values: {
				...order(ALEXANDRIA, 'attempt-preview-000001'),
				shownTotal: Math.round(preview!.totals!.total * 100),
			},
		})
		expect(outcome).toMatchObject({ ok: true, type: 'Order' })
		expect(sent).toEqual(['addToCart', 'createOrder'])
		expect(stored(outcome)).toMatchObject({ total: preview!.totals!.total })
		const line = sandbox.one(
			`SELECT l.unitPrice FROM transaction_lines l JOIN transactions t ON t.id = l.transaction_id
			 WHERE t.transactionNumber = ? AND l.productCode = 'DEL-TRAY-0-10'`,
			outcome.ok ? outcome.number : 0,
		)
		expect(line.unitPrice).toBe(preview?.charge)
	})

	test('an unknown address refuses the order next to the address: nothing ordered, no charge left', async () => {
		const { presenter: p } = presenter()
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId)
		const count = () => sandbox.one('SELECT count(*) AS n FROM transactions').n
		const before = count()
		const outcome = await placeOrder({
			presenter: p,
			cart: cartOf(p, cartSessionId),
			cartSessionId,
			settings,
			methods,
			values: order(NOWHERE, 'attempt-nowhere-0000001'),
		})
		expect(outcome).toEqual({
			ok: false,
			message: ADDRESS_NOT_FOUND,
			status: 400,
			field: 'shipping.address',
		})
		expect(count()).toBe(before)
		expect((await sandbox.getCart(cartSessionId)).map((l) => l.productID)).toEqual(['TLAS001'])
	})

	test('a total other than the one shown places nothing: the outcome says the new total', async () => {
		const { presenter: p } = presenter()
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId, { quoteQty: 2 })
		const cart = cartOf(p, cartSessionId)
		const count = () => sandbox.one('SELECT count(*) AS n FROM transactions').n
		const before = count()
		// The lines' total only: the delivery was never calculated.
		const linesOnly = cartTotals(await p.cart.get(cartSessionId), false).total
		const outcome = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values: { ...order(ALEXANDRIA, 'attempt-unseen-00000001'), shownTotal: linesOnly * 100 },
		})
		expect(outcome).toMatchObject({
			ok: false,
			status: 409,
			message: expect.stringMatching(/^With delivery the total is \$[\d,]+\.\d\d\. Check/),
			delivery: { charge: 75, totals: { total: expect.any(Number) } },
		})
		const delivery = (outcome as { delivery: { totals: { total: number } } }).delivery
		expect(delivery.totals.total).toBeCloseTo(linesOnly + 82.5, 2)
		// Nothing ordered, and the charge is not left in the cart.
		expect(count()).toBe(before)
		expect((await sandbox.getCart(cartSessionId)).map((l) => l.productID)).toEqual(['TLAS001'])

		// Confirming the total now shown places the order at exactly that total.
		const placed = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values: {
				...order(ALEXANDRIA, 'attempt-unseen-00000002'),
				shownTotal: Math.round(delivery.totals.total * 100),
			},
		})
		expect(placed).toMatchObject({ ok: true })
		expect(stored(placed).total).toBe(delivery.totals.total)
	})

	test('a pickup is placed at the total shown; a changed cart is refused with its new total', async () => {
		const { presenter: p } = presenter()
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId, { quoteQty: 3 })
		const cart = cartOf(p, cartSessionId)
		const pickup = (attempt: string, shownTotal: number) => ({
			...order(ALEXANDRIA, attempt),
			shipping: { despatchType: 'PICKUP', deliveryTo: 'Sam Lee' },
			delivery: { ...order(ALEXANDRIA, attempt).delivery, branch: 1 },
			shownTotal,
		})
		const shown = cartTotals(await p.cart.get(cartSessionId), false).total
		const stale = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values: pickup('attempt-pickup-stale-01', Math.round(shown * 100) - 1),
		})
		expect(stale).toMatchObject({ ok: false, status: 409 })
		expect((stale as { message: string }).message).toMatch(/^The total is now \$/)
		const placed = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values: pickup('attempt-pickup-shown-01', Math.round(shown * 100)),
		})
		expect(placed).toMatchObject({ ok: true })
		expect(stored(placed).total).toBe(shown)
	})
})
