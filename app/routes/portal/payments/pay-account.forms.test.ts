import { describe, expect, test } from 'vitest'
import { PaymentSchema, ReferenceSchema } from './pay-account.forms.ts'
import { PAYMENT_MESSAGES } from '#app/utils/payment.ts'

const pay = (amount: string) => PaymentSchema.safeParse({ reference: '10001-0-0', amount })
const messages = (amount: string) => pay(amount).error?.issues.map((i) => i.message)

describe('PaymentSchema', () => {
	test('a plain decimal of at most two places, or money as the page shows it: cents', () => {
		for (const [typed, amount] of [
			['125.5', 12550],
			['0.07', 7],
			[' 5 ', 500],
			['$22,007.58', 2200758],
			['USD 1,250.50', 125050],
		] as const)
			expect(pay(typed).data, typed).toEqual({ reference: '10001-0-0', amount })
	})

	test('nothing only a number parser reads: hex, exponents, signs, junk, Infinity', () => {
		for (const typed of [
			'0x10',
			'0X10',
			'1e2',
			'1E2',
			'+5',
			'5 0',
			'5x',
			'Infinity',
			'1_000',
			'0b11',
		])
			expect(messages(typed), typed).toEqual([PAYMENT_MESSAGES.notMoney])
		expect(messages('5.123')).toEqual([PAYMENT_MESSAGES.cents])
		expect(messages('-5')).toEqual([PAYMENT_MESSAGES.amount])
		expect(messages('0')).toEqual([PAYMENT_MESSAGES.amount])
		expect(messages('')).toEqual([PAYMENT_MESSAGES.amount])
	})

	test('a reference is required, at most 64 characters', () => {
		expect(ReferenceSchema.safeParse({ reference: ' ' }).error?.issues[0]?.message).toBe(
			PAYMENT_MESSAGES.reference,
		)
		expect(ReferenceSchema.safeParse({ reference: 'x'.repeat(65) }).success).toBe(false)
	})
})
