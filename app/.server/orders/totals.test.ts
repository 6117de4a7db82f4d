/**
 * The total a customer sees is the total placed: for a few hundred seeded random carts (plain and
 * tally lines, zero-price lines, both customers' discounts, tax-inclusive and tax-exclusive
 * settings, pickup and delivery, orders and quotes) the cart's Order Summary, the checkout's (with
 * the delivery charge once calculated) and the order the sandbox stored agree to the cent.
 */
import { describe, expect, test } from 'vitest'
import { previewDelivery } from './delivery.ts'
import { checkout } from './place.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'
import { cartTotals, dollarsToCents, type Totals } from '#app/utils/money.ts'
import { SUBURBS } from '#server/sandbox/seed/gazetteer.ts'
import { VEHICLE_TYPES } from '#server/sandbox/seed/places.ts'
import { useSandbox, type Username } from '#server/sandbox/test-harness.ts'
import { METHODS as methods, shopperOf } from '#tests/utils/shopper.ts'

const CARTS = 300
const sandbox = useSandbox()

/** A small seeded generator (mulberry32): the same carts on every run. */
function generator(seed: number) {
	let a = seed
	const next = () => {
		a = (a + 0x6d2b79f5) | 0
		let t = Math.imul(a ^ (a >>> 15), 1 | a)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return {
		next,
		int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
		pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
	}
}

type ProductRow = { productID: string; uoms: string; isTally: number; TradePrice: number }

/** The stored order's totals (dollars) in the Order Summary's terms (cents). */
function storedTotals(number: number) {
	const row = sandbox.one(
		`SELECT transactionTotalAmountExcGST AS subtotal, transactionTotalGST AS gst,
		 transactionTotalAmountIncGST AS total FROM transactions WHERE transactionNumber = ?`,
		number,
	)
	const cents = (dollars: unknown) => dollarsToCents(Number(dollars))
	return { subtotal: cents(row.subtotal), gst: cents(row.gst), total: cents(row.total) }
}

const amounts = ({ subtotal, gst, total }: Totals) => ({ subtotal, gst, total })

describe('cart, checkout and stored order totals agree to the cent', () => {
	test(`${CARTS} seeded random carts`, { timeout: 120_000 }, async () => {
		const r = generator(20261126)
		const products = sandbox.all(
			`SELECT productID, uoms, isTally, TradePrice FROM products WHERE prodCategory <> ''`,
		) as unknown as ProductRow[]
		const zeroPriced = products.filter((p) => p.TradePrice <= 0)
		const tally = products.filter((p) => p.isTally && p.TradePrice > 0)
		const plain = products.filter((p) => !p.isTally && p.TradePrice > 0)
		expect(zeroPriced.length).toBeGreaterThan(0)
		const lengths = (productID: string) =>
			sandbox
				.all('SELECT length FROM tally_lengths WHERE productID = ?', productID)
				.map((row) => Number(row.length))
		const portals = { demo: sandbox.portal('demo'), onhold: sandbox.portal('onhold') }
		const seen = { delivered: 0, inclusive: 0, tally: 0, zero: 0, quotes: 0 }

		for (let i = 0; i < CARTS; i++) {
			const username: Username = r.next() < 0.6 ? 'demo' : 'onhold'
			const inclusive = r.next() < 0.5
			await sandbox.control('/settings', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					customer: username,
					settings: { tax_inclusive: inclusive ? 'true' : null },
				}),
			})
			const settings = parseSettings(inclusive ? [{ name: 'tax_inclusive', value: 'true' }] : [])
			const p = portals[username].presenter
			const cartSessionId = await sandbox.newCart(username)
			for (let n = r.int(1, 6); n > 0; n--) {
				const kind = r.next()
				const product = r.pick(kind < 0.3 ? tally : kind < 0.36 ? zeroPriced : plain)
				if (product.TradePrice <= 0) seen.zero++
				if (product.isTally) {
					const stock = lengths(product.productID)
					const tallyLines = Array.from({ length: r.int(1, 3) }, () => ({
						length: r.pick(stock),
						qty: r.int(1, 12),
					}))
					const total = tallyLines.reduce((sum, l) => sum + l.length * l.qty, 0)
					await sandbox.addToCart(
						cartSessionId,
						{
							productID: product.productID,
							UOM: product.uoms.split('|')[0]!,
							quoteQty: total,
							tallyLength: total,
							tallyLines,
						},
						username,
					)
					seen.tally++
				} else {
					await sandbox.addToCart(
						cartSessionId,
						{
							productID: product.productID,
							UOM: r.pick(product.uoms.split('|')),
							quoteQty: r.int(1, 60),
						},
						username,
					)
				}
			}
			// The cart page's Order Summary.
			const shownInCart = cartTotals(await p.cart.get(cartSessionId), inclusive)

			const delivered = r.next() < 0.35
			const place = r.pick(SUBURBS)
			const address = {
				despatchType: delivered ? 'DEL' : 'PICKUP',
				address: `${r.int(1, 200)} Test Street`,
				suburb: place.suburb,
				state: place.state,
				zipCode: place.postcode,
			}
			const vehicleType = r.pick(VEHICLE_TYPES)[0]
			// The checkout's Order Summary: the cart's, plus the charge once it is calculated.
			const preview = delivered
				? await previewDelivery(p, settings, p.cart.get(cartSessionId), address, vehicleType)
				: null
			if (delivered && !preview) continue
			const shownAtCheckout = preview?.totals ?? shownInCart
			if (!delivered) expect(shownAtCheckout).toEqual(shownInCart)

			const transactionType = r.next() < 0.3 ? ('Quote' as const) : ('Order' as const)
			const outcome = await checkout(shopperOf(portals[username], cartSessionId, settings), {
				attempt: `random-cart-${String(i).padStart(8, '0')}`,
				shownTotal: shownAtCheckout.total,
				pressed: transactionType,
				methods,
				values: {
					transactionType,
					shipping: { ...address, deliveryTo: 'Site office' },
					delivery: {
						onsite: false,
						contactName: 'Sam Lee',
						contactPhone: '0412 000 111',
						requiredDate: new Date(2026, 11, 24),
						requiredTime: '7:30',
						vehicleType: delivered ? vehicleType : undefined,
						branch: 1,
					},
				},
			})
			expect(outcome, `cart ${i}`).toMatchObject({ kind: 'placed', type: transactionType })
			if (outcome.kind !== 'placed') continue
			expect(storedTotals(outcome.number), `cart ${i}`).toEqual(amounts(shownAtCheckout))
			if (delivered) seen.delivered++
			if (inclusive) seen.inclusive++
			if (transactionType === 'Quote') seen.quotes++
		}
		// The mix is what the test says it is.
		expect(seen.delivered).toBeGreaterThan(CARTS / 5)
		expect(seen.inclusive).toBeGreaterThan(CARTS / 3)
		expect(seen.tally).toBeGreaterThan(CARTS / 2)
		expect(seen.zero).toBeGreaterThan(CARTS / 20)
		expect(seen.quotes).toBeGreaterThan(CARTS / 5)
	})
})
