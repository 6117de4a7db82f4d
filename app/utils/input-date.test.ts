import { afterEach, describe, expect, test, vi } from 'vitest'
import { checkoutSchema } from '#app/routes/portal/checkout/checkout.forms.ts'
import { acceptSchema } from '#app/routes/portal/transactions/detail.forms.ts'
import { branchToday, dateFromToday } from './input-date.ts'

afterEach(() => vi.useRealTimers())

describe('today at the branches', () => {
	test('is Sydney’s date, whatever the server’s time zone', () => {
		// 28 November 2026, 14:00 UTC is 1 am on the 29th in Sydney (daylight saving: UTC+11).
		expect(branchToday(Date.UTC(2026, 10, 28, 14))).toBe('2026-11-29')
		expect(branchToday(Date.UTC(2026, 10, 28, 12, 59))).toBe('2026-11-28')
		// Winter: UTC+10.
		expect(branchToday(Date.UTC(2026, 5, 30, 13, 59))).toBe('2026-06-30')
		expect(branchToday(Date.UTC(2026, 5, 30, 14))).toBe('2026-07-01')
	})
})

describe('a date from today', () => {
	const field = (today?: string) =>
		dateFromToday('en-AU', { required: 'Required', past: 'Not in the past' }, today)

	test('takes today and later, refuses an earlier day', () => {
		const schema = field('2026-11-28')
		expect(schema.safeParse('2026-11-28').success).toBe(true)
		expect(schema.safeParse('29/11/2026').success).toBe(true)
		const past = schema.safeParse('2026-11-27')
		expect(past.error?.issues.map((i) => i.message)).toEqual(['Not in the past'])
		expect(schema.safeParse('').error?.issues[0]?.message).toBe('Required')
	})

	test('without a given today, the server works out the branches’ today when it checks', () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const schema = field()
		vi.setSystemTime(Date.UTC(2026, 10, 28, 12))
		expect(schema.safeParse('2026-11-28').success).toBe(true)
		// Past midnight in Sydney: the 28th is yesterday there.
		vi.setSystemTime(Date.UTC(2026, 10, 28, 14))
		expect(schema.safeParse('2026-11-28').success).toBe(false)
		expect(schema.safeParse('2026-11-29').success).toBe(true)
	})
})

describe('the forms refuse a past day beside the field', () => {
	test('checkout: the required date', () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		vi.setSystemTime(Date.UTC(2026, 10, 28, 2))
		const schema = checkoutSchema({
			methods: [{ methodName: 'PICKUP', delivery: false }],
			settings: { tax_mode: false, locale: 'en-AU' },
			despatchType: 'PICKUP',
		})
		const form = (requiredDate: string) => ({
			attempt: 'a'.repeat(16),
			transactionType: 'Order',
			shipping: { despatchType: 'PICKUP', deliveryTo: 'Site office' },
			delivery: {
				branch: '2',
				contactName: 'Sarah Mitchell',
				contactPhone: '0412 000 111',
				requiredDate,
				requiredTime: '7:30',
			},
		})
		const past = schema.safeParse(form('2025-01-15'))
		expect(past.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
			['delivery.requiredDate', 'The required date cannot be in the past'],
		])
		expect(schema.safeParse(form('2026-11-28')).success).toBe(true)
	})

	test('accepting a quote: the delivery date', () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		vi.setSystemTime(Date.UTC(2026, 10, 28, 2))
		const form = (deliveryDate: string) => ({ intent: 'accept', deliveryDate, comment: 'Go ahead' })
		const past = acceptSchema('en-US').safeParse(form('11/20/2026'))
		expect(past.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
			['deliveryDate', 'The delivery date cannot be in the past'],
		])
		expect(acceptSchema('en-US').safeParse(form('11/28/2026')).data?.deliveryDate).toBe(
			'2026-11-28',
		)
		// The browser's check, given today by the server.
		expect(acceptSchema('en-AU', '2026-11-29').safeParse(form('2026-11-28')).success).toBe(false)
	})
})
