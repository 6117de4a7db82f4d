import { describe, expect, test } from 'vitest'
import { formatDisplayDate, formatMoney, formatSecondsOfDay } from './format.ts'

describe('formatMoney', () => {
	test('AUD in en-AU', () => {
		expect(formatMoney(1234.5)).toBe('$1,234.50')
		expect(formatMoney(0)).toBe('$0.00')
		expect(formatMoney(-12)).toBe('-$12.00')
	})
	test('US and USD both mean US dollars', () => {
		expect(formatMoney(3275.45, 'en-US', 'US')).toBe('$3,275.45')
		expect(formatMoney(3275.45, 'en-US', 'USD')).toBe('$3,275.45')
	})
	test('prints what Intl prints, in both locales and currencies', () => {
		const amounts = [0, -0, 0.004, -0.004, 0.005, 0.125, 1.005, 10.005, 2.675, 999.995, 1e21 - 1]
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
					currencyDisplay: 'narrowSymbol',
				})
				for (const amount of [...amounts, Number.NaN, Infinity, -Infinity]) {
					expect(formatMoney(amount, locale, currency), String(amount)).toBe(intl.format(amount))
				}
			}
		}
	})
	test('rounds to cents', () => {
		expect(formatMoney(10.005)).toBe('$10.01')
		expect(formatMoney(1 / 3)).toBe('$0.33')
	})
})

describe('formatDisplayDate', () => {
	test('dd/mm/yyyy for en-AU, mm/dd/yyyy for en-US', () => {
		expect(formatDisplayDate('2026-03-07')).toBe('07/03/2026')
		expect(formatDisplayDate('2026-03-07', 'en-US')).toBe('03/07/2026')
	})
	test('dates with a time, and dates as Date objects', () => {
		expect(formatDisplayDate('2026-03-07T23:59:59')).toBe('07/03/2026')
		expect(formatDisplayDate('2026-03-07 08:00:00.000')).toBe('07/03/2026')
		expect(formatDisplayDate('2026-03-07T10:00:00Z')).toBe('07/03/2026')
		expect(formatDisplayDate(new Date(2026, 11, 31))).toBe('31/12/2026')
	})
	// 146,000 dates: seconds of CPU, longer when the other checks run beside it.
	test('prints what Intl prints for every day from 1900 to 2100', { timeout: 60_000 }, () => {
		for (const locale of ['en-AU', 'en-US'] as const) {
			const intl = new Intl.DateTimeFormat(locale, {
				day: '2-digit',
				month: '2-digit',
				year: 'numeric',
			})
			for (
				let day = new Date(1900, 0, 1);
				day.getFullYear() < 2101;
				day.setDate(day.getDate() + 1)
			) {
				expect(formatDisplayDate(day, locale)).toBe(intl.format(day))
			}
		}
	})
	test('empty and invalid input', () => {
		expect(formatDisplayDate('2026-02-30')).toBe('2026-02-30')
		expect(formatDisplayDate('07/03/2026')).toBe('07/03/2026')
		expect(formatDisplayDate(new Date(Number.NaN))).toBe('')
		expect(formatDisplayDate(null)).toBe('')
		expect(formatDisplayDate('')).toBe('')
		expect(formatDisplayDate('not a date')).toBe('not a date')
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
