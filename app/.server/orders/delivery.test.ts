import { describe, expect, test } from 'vitest'
import { ADDRESS_NOT_FOUND, previewDelivery, quoteDelivery } from './delivery.ts'
import { checkout, type CheckoutRequest } from './place.ts'
import { type BuyResult } from './result.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'
import { cartTotals, dollarsToCents, type Cents } from '#app/utils/money.ts'
import { useSandbox } from '#server/sandbox/test-harness.ts'
import { METHODS as methods, shopperOf } from '#tests/utils/shopper.ts'

const sandbox = useSandbox()
const settings = parseSettings([])
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

function order(address: typeof ALEXANDRIA) {
	return {
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

/** Confirm Order of `values` on the demo user's cart `cartSessionId`, with the total shown. */
const confirm = (
	portal: ReturnType<typeof presenter>,
	cartSessionId: string,
	attempt: string,
	values: CheckoutRequest['values'],
	shownTotal?: number,
) =>
	checkout(shopperOf(portal, cartSessionId), {
		values,
		attempt,
		shownTotal,
		pressed: 'Order',
		methods,
	})

/** The stored order's totals (dollars), in cents. */
function stored(outcome: BuyResult | { number: number }) {
	const row = sandbox.one(
		`SELECT transactionTotalAmountExcGST AS subtotal, transactionTotalGST AS gst,
		 transactionTotalAmountIncGST AS total FROM transactions WHERE transactionNumber = ?`,
		'number' in outcome ? outcome.number : 0,
	)
	const cents = (dollars: unknown) => dollarsToCents(Number(dollars))
	return row && { subtotal: cents(row.subtotal), gst: cents(row.gst), total: cents(row.total) }
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
		const cartSessionId = await sandbox.newCart()
		expect(await previewDelivery(p, settings, p.cart.get(cartSessionId), NOWHERE, TRAY)).toBeNull()
	})

	test('the preview is the charge line the order gets, discount or not; after it only adding the charge and createOrder go to the presenter', async () => {
		const portal = presenter()
		const { presenter: p, sent } = portal
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId)
		const preview = await previewDelivery(p, settings, p.cart.get(cartSessionId), ALEXANDRIA, TRAY)
		// The tray truck's 0–10 km charge, not discounted (demo has 12% off products), and the
		// Order Summary with it.
		expect(preview).toMatchObject({ branchID: 1, charge: 7500 })
		const lines = await p.cart.get(cartSessionId)
		expect(preview?.totals).toEqual(
			cartTotals(
				[...lines, { prodQty: 1, unitPrice: 7500 as Cents, unitGST: 750 as Cents }],
				false,
			),
		)
		// The account lookups the order needs are the page's, cached before the submission.
		await Promise.all([p.users.getDetails(), p.users.getCustomer()])
		sent.length = 0

		const outcome = await confirm(
			portal,
			cartSessionId,
			'attempt-preview-000001',
			order(ALEXANDRIA),
			preview!.totals!.total,
		)
		expect(outcome).toMatchObject({ kind: 'placed', type: 'Order' })
		// The cart is read again under its lock (what is placed is what was checked), then the
		// charge is added and the order placed.
		expect(sent.sort()).toEqual(['addToCart', 'createOrder', 'getCart', 'getUserDetails'])
		const number = outcome.kind === 'placed' ? outcome.number : 0
		expect(stored({ number })).toMatchObject({ total: preview!.totals!.total })
		const line = sandbox.one(
			`SELECT l.unitPrice FROM transaction_lines l JOIN transactions t ON t.id = l.transaction_id
			 WHERE t.transactionNumber = ? AND l.productCode = 'DEL-TRAY-0-10'`,
			number,
		)
		expect(dollarsToCents(Number(line.unitPrice))).toBe(preview?.charge)
	})

	test('an unknown address refuses the order next to the address: nothing ordered, no charge left', async () => {
		const portal = presenter()
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId)
		const count = () => sandbox.one('SELECT count(*) AS n FROM transactions').n
		const before = count()
		const outcome = await confirm(portal, cartSessionId, 'attempt-nowhere-0000001', order(NOWHERE))
		expect(outcome).toEqual({
			kind: 'refused',
			message: ADDRESS_NOT_FOUND,
			status: 400,
			field: 'shipping.address',
		})
		expect(count()).toBe(before)
		expect((await sandbox.getCart(cartSessionId)).map((l) => l.productID)).toEqual(['TLAS001'])
	})

	test('a total other than the one shown places nothing: the outcome says the new total', async () => {
		const portal = presenter()
		const { presenter: p } = portal
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId, { quoteQty: 2 })
		const count = () => sandbox.one('SELECT count(*) AS n FROM transactions').n
		const before = count()
		// The lines' total only: the delivery was never calculated.
		const linesOnly = cartTotals(await p.cart.get(cartSessionId), false).total
		const outcome = await confirm(
			portal,
			cartSessionId,
			'attempt-unseen-00000001',
			order(ALEXANDRIA),
			linesOnly,
		)
		expect(outcome).toMatchObject({
			kind: 'total-changed',
			message: expect.stringMatching(/^With delivery the total is \$[\d,]+\.\d\d\. Check/),
			delivery: { charge: 7500, totals: { total: expect.any(Number) } },
		})
		const delivery = (outcome as { delivery: { totals: { total: number } } }).delivery
		expect(delivery.totals.total).toBe(linesOnly + 8250)
		// Nothing ordered, and the charge is not left in the cart.
		expect(count()).toBe(before)
		expect((await sandbox.getCart(cartSessionId)).map((l) => l.productID)).toEqual(['TLAS001'])

		// Confirming the total now shown places the order at exactly that total.
		const placed = await confirm(
			portal,
			cartSessionId,
			'attempt-unseen-00000002',
			order(ALEXANDRIA),
			delivery.totals.total,
		)
		expect(placed).toMatchObject({ kind: 'placed' })
		expect(stored(placed).total).toBe(delivery.totals.total)
	})

	test('a pickup is placed at the total shown; a changed cart is refused with its new total', async () => {
		const portal = presenter()
		const { presenter: p } = portal
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId, { quoteQty: 3 })
		const pickup = {
			...order(ALEXANDRIA),
			shipping: { despatchType: 'PICKUP', deliveryTo: 'Sam Lee' },
			delivery: { ...order(ALEXANDRIA).delivery, branch: 1 },
		}
		const shown = cartTotals(await p.cart.get(cartSessionId), false).total
		const stale = await confirm(portal, cartSessionId, 'attempt-pickup-stale-01', pickup, shown - 1)
		expect(stale).toMatchObject({ kind: 'total-changed' })
		expect((stale as { message: string }).message).toMatch(/^The total is now \$/)
		const placed = await confirm(portal, cartSessionId, 'attempt-pickup-shown-01', pickup, shown)
		expect(placed).toMatchObject({ kind: 'placed' })
		expect(stored(placed).total).toBe(shown)
	})
})
