import { describe, expect, test } from 'vitest'
import { displayFormat } from './format.ts'
import { formatMoney, type Currency, type Locale } from '#app/utils/format.ts'
import { dollarsToCents, type Cents } from '#app/utils/money.ts'

const LOCALES = ['en-AU', 'en-US'] as const satisfies Locale[]
const CURRENCIES = ['AUD', 'US', 'USD'] as const satisfies Currency[]

describe('money', () => {
	test('each locale writes its own dollar as $ and marks the other one', () => {
		const amount = 123450 as Cents
		const shown = (locale: Locale, currency: Currency) =>
			displayFormat({ locale, currency }).money(amount)
		expect(shown('en-AU', 'AUD')).toBe('$1,234.50')
		expect(shown('en-AU', 'USD')).toBe('USD\u00a01,234.50')
		expect(shown('en-AU', 'US')).toBe('USD\u00a01,234.50')
		expect(shown('en-US', 'USD')).toBe('$1,234.50')
		expect(shown('en-US', 'US')).toBe('$1,234.50')
		expect(shown('en-US', 'AUD')).toBe('A$1,234.50')
		const minus12 = -1200 as Cents
		expect(displayFormat({ locale: 'en-AU', currency: 'AUD' }).money(minus12)).toBe('-$12.00')
		expect(displayFormat({ locale: 'en-AU', currency: 'USD' }).money(minus12)).toBe(
			'-USD\u00a012.00',
		)
	})

	test('one formatter per locale and currency, made once', () => {
		const settings = { locale: 'en-US', currency: 'USD' } as const
		expect(displayFormat(settings)).toBe(displayFormat({ ...settings }))
		expect(displayFormat(settings)).not.toBe(displayFormat({ ...settings, currency: 'US' }))
	})

	test('the browser’s Intl-free formatMoney writes what the server writes', () => {
		const amounts = [0, -0, 0.004, -0.004, 0.005, 0.125, 1.005, 10.005, 2.675, 999.995]
		amounts.push(90_071_992_547_409.91, -90_071_992_547_409.91)
		// The same pseudo-random amounts every run: cents up to $100M, and unrounded values.
		let seed = 47
		const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647 - 0.5
		for (let i = 0; i < 500; i++) amounts.push(Math.round(next() * 10 ** (i % 10)) / 100)
		for (let i = 0; i < 50; i++) amounts.push(next() * 10 ** (i % 12))
		for (const locale of LOCALES) {
			for (const currency of CURRENCIES) {
				const { money } = displayFormat({ locale, currency })
				for (const cents of amounts.map(dollarsToCents)) {
					expect(formatMoney(cents, locale, currency), String(cents)).toBe(money(cents))
				}
			}
		}
	})
})

describe('date', () => {
	const au = displayFormat({ locale: 'en-AU', currency: 'AUD' }).date
	const us = displayFormat({ locale: 'en-US', currency: 'USD' }).date

	test('dd/mm/yyyy for en-AU, mm/dd/yyyy for en-US, whatever the currency', () => {
		expect(au('2026-03-07')).toBe('07/03/2026')
		expect(us('2026-03-07')).toBe('03/07/2026')
		expect(displayFormat({ locale: 'en-US', currency: 'AUD' }).date('2026-03-07')).toBe(
			'03/07/2026',
		)
		expect(displayFormat({ locale: 'en-AU', currency: 'USD' }).date('2026-03-07')).toBe(
			'07/03/2026',
		)
	})

	test('dates with a time, and dates as Date objects', () => {
		expect(au('2026-03-07T23:59:59')).toBe('07/03/2026')
		expect(us('2026-03-07 08:00:00.000')).toBe('03/07/2026')
		// An instant is shown on the server's day (the tests run in UTC).
		expect(au('2026-03-07T10:00:00Z')).toBe('07/03/2026')
		expect(us(new Date(2026, 11, 31))).toBe('12/31/2026')
	})

	// date-fns, not Intl, writes the dates: it must write what Intl would. 146,000 days.
	test('writes what Intl writes for every day from 1900 to 2100', { timeout: 60_000 }, () => {
		for (const [locale, date] of [
			['en-AU', au],
			['en-US', us],
		] as const) {
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
				expect(date(day)).toBe(intl.format(day))
			}
		}
	})

	test('in a file name, hyphens for slashes', () => {
		expect(displayFormat({ locale: 'en-US', currency: 'USD' }).fileDate('2026-10-31')).toBe(
			'10-31-2026',
		)
		expect(
			displayFormat({ locale: 'en-AU', currency: 'AUD' }).fileDate(new Date(2026, 9, 31)),
		).toBe('31-10-2026')
	})

	test('empty and invalid input', () => {
		expect(au('2026-02-30')).toBe('2026-02-30')
		expect(us('07/03/2026')).toBe('07/03/2026')
		expect(us('2026')).toBe('2026')
		expect(au(new Date(Number.NaN))).toBe('')
		expect(au(null)).toBe('')
		expect(au(undefined)).toBe('')
		expect(au('')).toBe('')
		expect(au('not a date')).toBe('not a date')
	})
})
