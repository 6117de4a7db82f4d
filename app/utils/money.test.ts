import { describe, expect, test } from 'vitest'
import {
	cartTotals,
	decimalDollars,
	dollarsToCents,
	lineCents,
	lineSubtotal,
	timesQuantity,
	type Cents,
} from './money.ts'

const c = (n: number) => n as Cents

describe('dollarsToCents', () => {
	test('amounts to the cent are exact', () => {
		expect(dollarsToCents(52.38)).toBe(5238)
		expect(dollarsToCents(0.07)).toBe(7)
		expect(dollarsToCents(0.1 + 0.2)).toBe(30)
		expect(dollarsToCents(-12)).toBe(-1200)
		expect(dollarsToCents(1e9 + 0.01)).toBe(100_000_000_001)
	})
	test('rounds as Intl prints money: the shortest decimal, half away from zero', () => {
		// 1.005 is stored as 1.00499…; Math.round(1.005 * 100) would give 100.
		expect(dollarsToCents(1.005)).toBe(101)
		expect(dollarsToCents(2.675)).toBe(268)
		expect(dollarsToCents(-1.005)).toBe(-101)
		expect(dollarsToCents(0.004)).toBe(0)
		expect(dollarsToCents(1 / 3)).toBe(33)
		expect(dollarsToCents(1e-7)).toBe(0)
	})
	test('a negative amount that rounds to nothing keeps its sign, as Intl shows it', () => {
		expect(Object.is(dollarsToCents(-0.004), -0)).toBe(true)
		expect(Object.is(dollarsToCents(-0), -0)).toBe(true)
		expect(decimalDollars(dollarsToCents(-0.004))).toBe('-0.00')
	})
})

describe('decimalDollars', () => {
	test('plain decimal dollars', () => {
		expect(decimalDollars(c(123456))).toBe('1234.56')
		expect(decimalDollars(c(7))).toBe('0.07')
		expect(decimalDollars(c(0))).toBe('0.00')
		expect(decimalDollars(c(-1250))).toBe('-12.50')
		expect(decimalDollars(c(Number.MAX_SAFE_INTEGER))).toBe('90071992547409.91')
	})
})

describe('timesQuantity', () => {
	test('quantity × unit price, rounded half up on the exact product', () => {
		expect(timesQuantity(c(415), 25.2)).toBe(10458)
		// 2.5 m at $6.05 is $15.125: $15.13, as the cart's line shows it.
		expect(timesQuantity(c(605), 2.5)).toBe(1513)
		// 2.5 × $0.09 = $0.225 → $0.23 (dollars in floating point gave $0.22).
		expect(timesQuantity(c(9), 2.5)).toBe(23)
		expect(timesQuantity(c(4990), 0)).toBe(0)
	})
})

describe('cart totals', () => {
	const exclusive = [
		{ prodQty: 3, unitPrice: c(5238), unitGST: c(524) },
		{ prodQty: 25.2, unitPrice: c(415), unitGST: c(42) },
	]
	test('line subtotal is quantity × unit price', () => {
		expect(lineSubtotal(exclusive[0]!, false)).toBe(15714)
		expect(lineSubtotal(exclusive[1]!, false)).toBe(10458)
	})
	test('GST is quantity × unit GST, rounded on each line', () => {
		// 25.2 × 0.42 = 10.584 → 10.58 on the line; 3 × 5.24 = 15.72.
		expect(lineCents(exclusive[1]!, false)).toEqual({ ex: 10458, gst: 1058 })
		expect(cartTotals(exclusive, false).gst).toBe(2630)
	})
	test('tax inclusive: a line including GST is its ex-GST amount plus its GST', () => {
		// 2.5 m at $6.05 inc ($0.55 GST): ex 2.5 × 5.50 = 13.75, GST 2.5 × 0.55 = 1.375 → 1.38.
		const line = { prodQty: 2.5, unitPrice: c(605), unitGST: c(55) }
		expect(lineCents(line, true)).toEqual({ ex: 1375, gst: 138 })
		expect(lineSubtotal(line, true)).toBe(1513)
		expect(cartTotals([line], true)).toEqual({
			subtotal: 1375,
			gst: 138,
			total: 1513,
			unpriced: 0,
		})
	})
	test('tax exclusive: total = subtotal + GST', () => {
		expect(cartTotals(exclusive, false)).toEqual({
			subtotal: 26172,
			gst: 2630,
			total: 28802,
			unpriced: 0,
		})
	})
	test('tax inclusive: subtotal = total − GST', () => {
		const inclusive = [{ prodQty: 3, unitPrice: c(5762), unitGST: c(524) }]
		expect(cartTotals(inclusive, true)).toEqual({
			subtotal: 15714,
			gst: 1572,
			total: 17286,
			unpriced: 0,
		})
	})
	test('an empty cart is all zero', () => {
		expect(cartTotals([], false)).toEqual({ subtotal: 0, gst: 0, total: 0, unpriced: 0 })
		expect(cartTotals([], true)).toEqual({ subtotal: 0, gst: 0, total: 0, unpriced: 0 })
	})
	test('sums of cents do not drift', () => {
		const many = Array.from({ length: 10 }, () => ({
			prodQty: 1,
			unitPrice: dollarsToCents(0.1),
			unitGST: dollarsToCents(0.01),
		}))
		expect(cartTotals(many, false)).toEqual({ subtotal: 100, gst: 10, total: 110, unpriced: 0 })
	})
})

describe('lines without a price', () => {
	test('add nothing to the totals and are counted', () => {
		const lines = [
			{ prodQty: 2, unitPrice: c(1000), unitGST: c(100) },
			{ prodQty: 5, unitPrice: c(0), unitGST: c(0) },
		]
		expect(cartTotals(lines, false)).toEqual({
			subtotal: 2000,
			gst: 200,
			total: 2200,
			unpriced: 1,
		})
	})
})
