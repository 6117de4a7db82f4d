import { describe, expect, test } from 'vitest'
import { copiedNotice, priceChanges } from './copy-to-cart.ts'
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
})
