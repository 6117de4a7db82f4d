import { describe, expect, test } from 'vitest'
import { formatMoney } from './format.ts'
import { type Cents } from './money.ts'
import { aboveBalanceNote, PAYMENT_MESSAGES, readAmount } from './payment.ts'

describe('readAmount', () => {
	test('plain dollars, with thousands commas, or as the page shows money', () => {
		expect(readAmount('22007.58')).toEqual({ amount: 2200758 })
		expect(readAmount('22,007.58')).toEqual({ amount: 2200758 })
		expect(readAmount('$22,007.58')).toEqual({ amount: 2200758 })
		expect(readAmount(' $ 1250.5 ')).toEqual({ amount: 125050 })
		expect(readAmount('A$12')).toEqual({ amount: 1200 })
		expect(readAmount('us$0.07')).toEqual({ amount: 7 })
		expect(readAmount('USD\u00a01,250.50')).toEqual({ amount: 125050 })
		expect(readAmount('aud 12')).toEqual({ amount: 1200 })
		expect(readAmount('.5')).toEqual({ amount: 50 })
		expect(readAmount('12.')).toEqual({ amount: 1200 })
	})

	test('reads back every amount formatMoney writes, in both locales and every currency', () => {
		for (const amount of [1, 10, 100, 9999, 100_000, 1_234_560, 99_999_999] as Cents[]) {
			for (const locale of ['en-AU', 'en-US'] as const) {
				for (const currency of ['AUD', 'US', 'USD'] as const) {
					expect(readAmount(formatMoney(amount, locale, currency))).toEqual({ amount })
				}
			}
		}
	})

	test('anything else gets the message that says what to type', () => {
		expect(readAmount('')).toEqual({ error: PAYMENT_MESSAGES.amount })
		expect(readAmount('0.00')).toEqual({ error: PAYMENT_MESSAGES.amount })
		expect(readAmount('-5')).toEqual({ error: PAYMENT_MESSAGES.amount })
		expect(readAmount('-$5')).toEqual({ error: PAYMENT_MESSAGES.amount })
		expect(readAmount('$-5')).toEqual({ error: PAYMENT_MESSAGES.amount })
		expect(readAmount('USD -5')).toEqual({ error: PAYMENT_MESSAGES.amount })
		for (const text of [
			'abc',
			'12.5.0',
			'1,00',
			'12,34.50',
			'$',
			'.',
			'1e3',
			'€12',
			'12 50',
			'EUR 12',
			'USD',
		])
			expect(readAmount(text), text).toEqual({ error: PAYMENT_MESSAGES.notMoney })
		expect(readAmount('12.345')).toEqual({ error: PAYMENT_MESSAGES.cents })
		expect(readAmount('$1,000,000')).toEqual({ error: PAYMENT_MESSAGES.tooLarge })
		expect(readAmount('1000000.00')).toEqual({ error: PAYMENT_MESSAGES.tooLarge })
	})
})

describe('an amount above the balance', () => {
	const money = (n: Cents) => formatMoney(n)
	const c = (n: number) => n as Cents
	test('is said, with how much over; up to the balance nothing is', () => {
		expect(aboveBalanceNote(c(150000), c(100050), money)).toBe(
			'$1,500.00 is more than your balance of $1,000.50 ($499.50 over). Check the amount before you pay.',
		)
		expect(aboveBalanceNote(c(100050), c(100050), money)).toBeNull()
		// A balance in credit: anything paid is above it.
		expect(aboveBalanceNote(c(500), c(-2000), money)).toBe(
			'$5.00 is more than your balance of -$20.00 ($25.00 over). Check the amount before you pay.',
		)
	})
})
