import { describe, expect, test } from 'vitest'
import { formatMoney, formatSecondsOfDay } from './format.ts'
import { dollarsToCents, type Cents } from './money.ts'

describe('formatMoney', () => {
	const c = (n: number) => n as Cents
	test('AUD in en-AU', () => {
		expect(formatMoney(c(123450))).toBe('$1,234.50')
		expect(formatMoney(c(0))).toBe('$0.00')
		expect(formatMoney(c(7))).toBe('$0.07')
		expect(formatMoney(c(-1200))).toBe('-$12.00')
	})
	test('US and USD both mean US dollars', () => {
		expect(formatMoney(c(327545), 'en-US', 'US')).toBe('$3,275.45')
		expect(formatMoney(c(327545), 'en-US', 'USD')).toBe('$3,275.45')
	})
	test('the other locale’s dollar is marked', () => {
		expect(formatMoney(c(327545), 'en-AU', 'USD')).toBe('USD\u00a03,275.45')
		expect(formatMoney(c(-327545), 'en-AU', 'US')).toBe('-USD\u00a03,275.45')
		expect(formatMoney(c(327545), 'en-US', 'AUD')).toBe('A$3,275.45')
	})
	// What customers see of an amount in dollars: Intl's text of it, and the cents it becomes at
	// the contract's boundary written out by formatMoney. Ties, -0, huge and unrounded values.
	test('prints what Intl prints, in both locales and currencies', () => {
		const amounts = [0, -0, 0.004, -0.004, 0.005, 0.125, 1.005, 10.005, 2.675, 999.995]
		amounts.push(90_071_992_547_409.91, -90_071_992_547_409.91)
		// The same pseudo-random amounts every run: cents up to $100M, and unrounded values.
		let seed = 14
		const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647 - 0.5
		for (let i = 0; i < 2000; i++) amounts.push(Math.round(next() * 10 ** (i % 10)) / 100)
		for (let i = 0; i < 200; i++) amounts.push(next() * 10 ** (i % 12))
		for (const locale of ['en-AU', 'en-US'] as const) {
			for (const currency of ['AUD', 'US', 'USD'] as const) {
				const intl = new Intl.NumberFormat(locale, {
					style: 'currency',
					currency: currency === 'AUD' ? 'AUD' : 'USD',
				})
				for (const amount of amounts) {
					expect(formatMoney(dollarsToCents(amount), locale, currency), String(amount)).toBe(
						intl.format(amount),
					)
				}
			}
		}
	})
})

describe('formatSecondsOfDay', () => {
	test.each([
		[0, '0:00:00'],
		[59, '0:00:59'],
		[3600, '1:00:00'],
		[45_296, '12:34:56'],
		[86_399, '23:59:59'],
	])('%i seconds is %s', (seconds, text) => {
		expect(formatSecondsOfDay(seconds)).toBe(text)
	})
	test('missing or negative values show nothing', () => {
		expect(formatSecondsOfDay(null)).toBe('')
		expect(formatSecondsOfDay(-1)).toBe('')
	})
})
