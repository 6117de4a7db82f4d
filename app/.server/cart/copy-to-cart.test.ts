import { describe, expect, test } from 'vitest'
import { compareTotals, copiedNotice, lengthsChosen, priceChanges } from './copy-to-cart.ts'
import { minus, type Cents } from '#app/utils/money.ts'

const c = (n: number) => n as Cents

const cartLine = (productID: string, unitPrice: number, unitGST = 0) => ({
	productID,
	lineID: 0,
	prodQty: 1,
	UOM: 'EA',
	unitPrice: c(unitPrice),
	unitGST: c(unitGST),
	prodDesc: productID,
	productImage: '',
	isTally: false,
	tallyLines: [],
})
const original = (productID: string, unitPrice: number) => ({
	productID,
	productDesc: `Desc ${productID}`,
	unitPrice: c(unitPrice),
})
const format = { locale: 'en-AU', currency: 'AUD' } as const

describe('copy to cart', () => {
	test('names the lines whose price changed, matching repeated products in order', () => {
		const changes = priceChanges(
			[original('A', 1000), original('B', 500), original('A', 1200), original('GONE', 300)],
			[cartLine('A', 1100), cartLine('B', 500), cartLine('A', 1100)],
			(l) => l.unitPrice,
		)
		expect(changes).toEqual([
			{ productDesc: 'Desc A', was: 1000, now: 1100 },
			{ productDesc: 'Desc A', was: 1200, now: 1100 },
		])
	})
	test('compares on the original basis (ex GST)', () => {
		expect(
			priceChanges([original('A', 1000)], [cartLine('A', 1100, 100)], (l) =>
				minus(l.unitPrice, l.unitGST),
			),
		).toEqual([])
	})
	test('the notice says old → new, or that nothing changed, and links to the cart', () => {
		const changed = copiedNotice(
			{
				message: 'Order copied to cart',
				changes: [{ productDesc: 'Nails', was: c(1000), now: c(1150) }],
			},
			format,
		)
		expect(changed.message).toBe(
			"Order copied to cart. Copied at today's prices; these have changed:",
		)
		expect(changed.details).toEqual(['Nails: $10.00 → $11.50'])
		expect(changed.link).toEqual({ href: '/cart', label: 'Review Cart' })
		const same = copiedNotice({ message: 'Custom list copied.', changes: [] }, format)
		expect(same.message).toBe('Custom list copied. Prices are unchanged.')
		expect(same.details).toEqual([])
	})
	test('a long list of changes is cut short', () => {
		const changes = Array.from({ length: 13 }, (_, i) => ({
			productDesc: `P${i}`,
			was: c(100),
			now: c(200),
		}))
		const notice = copiedNotice({ message: 'Quote copied to cart', changes }, format)
		expect(notice.details).toHaveLength(11)
		expect(notice.details?.at(-1)).toBe('and 3 more')
	})

	const tallyLine = (productID: string, tally: Array<{ length: number; qty: number }>) => ({
		...cartLine(productID, 454, 45),
		prodQty: tally.reduce((sum, t) => sum + t.length * t.qty, 0),
		UOM: 'LM',
		isTally: true,
		tallyLines: tally,
	})
	const orderLine = (productID: string, quantity: number, linePrice: number) => ({
		...original(productID, 454),
		quantity,
		uom: 'LM',
		linePrice: c(linePrice),
	})

	test('says, line by line, the lengths the copy chose for metres (longest first)', () => {
		const chosen = lengthsChosen(
			[orderLine('H', 8, 3864), orderLine('T', 45.6, 20702)],
			[
				cartLine('H', 483),
				tallyLine('T', [
					{ length: 2.4, qty: 1 },
					{ length: 5.4, qty: 8 },
				]),
			],
		)
		expect(chosen).toEqual([
			{
				productDesc: 'Desc T',
				metres: 45.6,
				uom: 'LM',
				tally: [
					{ length: 5.4, qty: 8 },
					{ length: 2.4, qty: 1 },
				],
			},
		])
		// Lengths the original kept and the cart got are not a choice.
		const kept = [
			{ length: 5.4, qty: 8 },
			{ length: 2.4, qty: 1 },
		]
		expect(
			lengthsChosen(
				[{ ...orderLine('T', 45.6, 20702), tally: kept }],
				[tallyLine('T', [...kept].reverse())],
			),
		).toEqual([])
	})

	test('compares the totals inc GST when every line came across, else the copied lines ex GST', () => {
		const originals = [orderLine('H', 8, 3864), orderLine('T', 45.6, 20702)]
		const added = [cartLine('H', 3864, 386), tallyLine('T', [{ length: 5.4, qty: 1 }])]
		added[0]!.prodQty = 1
		added[1] = { ...added[1]!, prodQty: 45.6 }
		const whole = compareTotals(
			originals,
			added,
			{ totalIncGst: c(27032), hasDeliveryCharge: false },
			false,
		)
		// 38.64 + 207.02 ex GST; GST line by line: 3.86 + 20.52.
		expect(whole).toEqual({ cart: 27004, original: 27032, basis: 'inc', deliveryLeftOut: false })
		expect(
			compareTotals(originals, added, { totalIncGst: c(30000), hasDeliveryCharge: true }, false),
		).toEqual({ cart: 24566, original: 24566, basis: 'ex', deliveryLeftOut: true })
		// A line the copy left out: only the copied lines are compared.
		expect(
			compareTotals(
				originals,
				added.slice(0, 1),
				{ totalIncGst: c(27032), hasDeliveryCharge: false },
				false,
			),
		).toEqual({ cart: 3864, original: 3864, basis: 'ex', deliveryLeftOut: false })
	})

	test('the notice says the lengths chosen and the totals, each on a line of its own', () => {
		const notice = copiedNotice(
			{
				message: 'Order copied to cart',
				changes: [],
				lengths: [
					{
						productDesc: 'MGP12 Pine',
						metres: 45.6,
						uom: 'LM',
						tally: [
							{ length: 5.4, qty: 8 },
							{ length: 2.4, qty: 1 },
						],
					},
				],
				totals: { cart: c(56945), original: c(56960), basis: 'inc', deliveryLeftOut: false },
			},
			format,
			{ kind: 'order' },
		)
		expect(notice.message).toBe('Order copied to cart. Prices are unchanged.')
		expect(notice.details).toEqual([
			'The order kept only the metres of this line, so the lengths were chosen; change them in the cart if they are not the ones you want:',
			'MGP12 Pine: 45.6 LM as 5.40 m × 8, 2.40 m × 1',
			'The copied lines come to $569.45 inc GST in the cart; on the order they were $569.60 ($0.15 less).',
		])
		const same = copiedNotice(
			{
				message: 'Quote copied to cart',
				changes: [],
				totals: { cart: c(10000), original: c(10000), basis: 'ex', deliveryLeftOut: true },
			},
			format,
			{ kind: 'quote' },
		)
		expect(same.details).toEqual([
			"The copied lines come to $100.00 ex GST in the cart, as on the quote. The quote's delivery charge is not copied: checkout works it out again.",
		])
		expect(
			copiedNotice(
				{
					message: 'Order copied to cart',
					changes: [],
					totals: { cart: c(100), original: c(200), basis: 'inc', deliveryLeftOut: false },
				},
				format,
				{ showTotals: false },
			).details,
		).toEqual([])
	})
})
