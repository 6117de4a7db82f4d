import { describe, expect, test } from 'vitest'
import { approvalReason, limitMoney, type LimitRules } from './approvals.ts'

const AU = { locale: 'en-AU', currency: 'AUD' } as const
const rules = (change: Partial<LimitRules>): LimitRules => ({
	mayOrder: true,
	orderLimit: null,
	monthlyLimit: null,
	monthSpent: 0,
	...change,
})

describe('approvalReason', () => {
	test('no limits, or within them: no approval needed', () => {
		expect(approvalReason(null, 9_999_999, AU)).toBeNull()
		expect(approvalReason(rules({}), 9_999_999, AU)).toBeNull()
		expect(approvalReason(rules({ orderLimit: 200_000 }), 200_000, AU)).toBeNull()
		expect(
			approvalReason(rules({ monthlyLimit: 500_000, monthSpent: 300_000 }), 200_000, AU),
		).toBeNull()
	})

	test('over the order limit, by a cent', () => {
		expect(approvalReason(rules({ orderLimit: 200_000 }), 200_001, AU)).toBe(
			'over your $2,000 order limit',
		)
	})

	test('over the monthly limit with what the month has used', () => {
		expect(approvalReason(rules({ monthlyLimit: 500_000, monthSpent: 480_050 }), 20_000, AU)).toBe(
			'over your $5,000 monthly limit ($4,800.50 this month already)',
		)
	})

	test('said to the administrators, it is the requester’s limit', () => {
		expect(approvalReason(rules({ orderLimit: 150_000 }), 150_001, AU, 'their')).toBe(
			'over their $1,500 order limit',
		)
	})

	test('quotes only: every order needs approval, whatever its total', () => {
		expect(approvalReason(rules({ mayOrder: false }), 1, AU)).toBe(
			'your account places quotes only',
		)
	})
})

test('a limit in whole dollars has no cents; other amounts keep them', () => {
	expect(limitMoney(150_000, AU)).toBe('$1,500')
	expect(limitMoney(150_050, AU)).toBe('$1,500.50')
	expect(limitMoney(150_000, { locale: 'en-US', currency: 'AUD' })).toBe('A$1,500')
})
