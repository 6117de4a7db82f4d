import { describe, expect, test } from 'vitest'
import { cartTotals, lineSubtotal, roundMoney } from './totals.ts'

describe('cart totals', () => {
	const exclusive = [
		{ prodQty: 3, unitPrice: 52.38, unitGST: 5.24 },
		{ prodQty: 25.2, unitPrice: 4.15, unitGST: 0.42 },
	]
	test('line subtotal is quantity × unit price', () => {
		expect(lineSubtotal(exclusive[0]!)).toBe(157.14)
		expect(lineSubtotal(exclusive[1]!)).toBe(104.58)
	})
	test('tax exclusive: total = subtotal + GST', () => {
		expect(cartTotals(exclusive, false)).toEqual({
			subtotal: 261.72,
			gst: 26.3,
			total: 288.02,
			unpriced: 0,
		})
	})
	test('tax inclusive: subtotal = total − GST', () => {
		const inclusive = [{ prodQty: 3, unitPrice: 57.62, unitGST: 5.24 }]
		expect(cartTotals(inclusive, true)).toEqual({
			subtotal: 157.14,
			gst: 15.72,
			total: 172.86,
			unpriced: 0,
		})
	})
	test('an empty cart is all zero', () => {
		expect(cartTotals([], false)).toEqual({ subtotal: 0, gst: 0, total: 0, unpriced: 0 })
		expect(cartTotals([], true)).toEqual({ subtotal: 0, gst: 0, total: 0, unpriced: 0 })
	})
	test('rounding to cents does not drift', () => {
		expect(roundMoney(0.1 + 0.2)).toBe(0.3)
		expect(roundMoney(1.005)).toBe(1.01)
		const many = Array.from({ length: 10 }, () => ({ prodQty: 1, unitPrice: 0.1, unitGST: 0.01 }))
		expect(cartTotals(many, false)).toEqual({ subtotal: 1, gst: 0.1, total: 1.1, unpriced: 0 })
	})
})

describe('lines without a price', () => {
	test('add nothing to the totals and are counted', () => {
		const lines = [
			{ prodQty: 2, unitPrice: 10, unitGST: 1 },
			{ prodQty: 5, unitPrice: 0, unitGST: 0 },
		]
		expect(cartTotals(lines, false)).toEqual({ subtotal: 20, gst: 2, total: 22, unpriced: 1 })
	})
})
