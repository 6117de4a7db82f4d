import { describe, expect, test } from 'vitest'
import { cartTotals, lineCents, lineSubtotal, roundMoney } from './totals.ts'

describe('cart totals', () => {
	const exclusive = [
		{ prodQty: 3, unitPrice: 52.38, unitGST: 5.24 },
		{ prodQty: 25.2, unitPrice: 4.15, unitGST: 0.42 },
	]
	test('line subtotal is quantity × unit price', () => {
		expect(lineSubtotal(exclusive[0]!, false)).toBe(157.14)
		expect(lineSubtotal(exclusive[1]!, false)).toBe(104.58)
	})
	test('GST is quantity × unit GST, rounded on each line', () => {
		// 25.2 × 0.42 = 10.584 → 10.58 on the line; 3 × 5.24 = 15.72.
		expect(lineCents(exclusive[1]!, false)).toEqual({ ex: 10458, gst: 1058 })
		expect(cartTotals(exclusive, false).gst).toBe(26.3)
	})
	test('tax inclusive: a line including GST is its ex-GST amount plus its GST', () => {
		// 2.5 m at $6.05 inc ($0.55 GST): ex 2.5 × 5.50 = 13.75, GST 2.5 × 0.55 = 1.375 → 1.38.
		const line = { prodQty: 2.5, unitPrice: 6.05, unitGST: 0.55 }
		expect(lineCents(line, true)).toEqual({ ex: 1375, gst: 138 })
		expect(lineSubtotal(line, true)).toBe(15.13)
		expect(cartTotals([line], true)).toEqual({
			subtotal: 13.75,
			gst: 1.38,
			total: 15.13,
			unpriced: 0,
		})
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
