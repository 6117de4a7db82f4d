import { describe, expect, test } from 'vitest'
import { copiedNotice, priceChanges } from './copy-to-cart.ts'

const cartLine = (productID: string, unitPrice: number, unitGST = 0) => ({
	productID,
	lineID: 0,
	prodQty: 1,
	UOM: 'EA',
	unitPrice,
	unitGST,
	prodDesc: productID,
	productImage: '',
	isTally: false,
	tallyLines: [],
})
const original = (productID: string, unitPrice: number) => ({
	productID,
	productDesc: `Desc ${productID}`,
	unitPrice,
})
const format = { locale: 'en-AU', currency: 'AUD' } as const

describe('copy to cart', () => {
	test('names the lines whose price changed, matching repeated products in order', () => {
		const changes = priceChanges(
			[original('A', 10), original('B', 5), original('A', 12), original('GONE', 3)],
			[cartLine('A', 11), cartLine('B', 5), cartLine('A', 11)],
			(l) => l.unitPrice,
		)
		expect(changes).toEqual([
			{ productDesc: 'Desc A', was: 10, now: 11 },
			{ productDesc: 'Desc A', was: 12, now: 11 },
		])
	})
	test('compares on the original basis (ex GST)', () => {
		expect(
			priceChanges([original('A', 10)], [cartLine('A', 11, 1)], (l) => l.unitPrice - l.unitGST),
		).toEqual([])
	})
	test('the notice says old → new, or that nothing changed, and links to the cart', () => {
		const changed = copiedNotice(
			{ message: 'Order copied to cart', changes: [{ productDesc: 'Nails', was: 10, now: 11.5 }] },
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
		const changes = Array.from({ length: 13 }, (_, i) => ({ productDesc: `P${i}`, was: 1, now: 2 }))
		const notice = copiedNotice({ message: 'Quote copied to cart', changes }, format)
		expect(notice.details).toHaveLength(11)
		expect(notice.details?.at(-1)).toBe('and 3 more')
	})
})
