import { describe, expect, test } from 'vitest'
import { formatMoney } from './format.ts'
import { aboveBalanceNote, PAYMENT_MESSAGES, readAmount } from './payment.ts'

describe('readAmount', () => {
	test('plain dollars, with thousands commas, or as the page shows money', () => {
		expect(readAmount('22007.58')).toEqual({ amount: 22007.58 })
		expect(readAmount('22,007.58')).toEqual({ amount: 22007.58 })
		expect(readAmount('$22,007.58')).toEqual({ amount: 22007.58 })
		expect(readAmount(' $ 1250.5 ')).toEqual({ amount: 1250.5 })
		expect(readAmount('A$12')).toEqual({ amount: 12 })
		expect(readAmount('us$0.07')).toEqual({ amount: 0.07 })
		expect(readAmount('USD\u00a01,250.50')).toEqual({ amount: 1250.5 })
		expect(readAmount('aud 12')).toEqual({ amount: 12 })
		expect(readAmount('.5')).toEqual({ amount: 0.5 })
		expect(readAmount('12.')).toEqual({ amount: 12 })
	})

	test('reads back every amount formatMoney writes, in both locales and every currency', () => {
		for (const amount of [0.01, 0.1, 1, 99.99, 1000, 12345.6, 999_999.99]) {
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
	const money = (n: number) => formatMoney(n)
	test('is said, with how much over; up to the balance nothing is', () => {
		expect(aboveBalanceNote(1500, 1000.5, money)).toBe(
			'$1,500.00 is more than your balance of $1,000.50 ($499.50 over). Check the amount before you pay.',
		)
		expect(aboveBalanceNote(1000.5, 1000.5, money)).toBeNull()
		expect(aboveBalanceNote(0.1 + 0.2, 0.3, money)).toBeNull()
		// A balance in credit: anything paid is above it.
		expect(aboveBalanceNote(5, -20, money)).toBe(
			'$5.00 is more than your balance of -$20.00 ($25.00 over). Check the amount before you pay.',
		)
	})
})
