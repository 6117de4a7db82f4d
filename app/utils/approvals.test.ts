import { describe, expect, test } from 'vitest'
import { approvalReason, limitMoney, type LimitRules } from './approvals.ts'
import { type Cents } from './money.ts'

const AU = { locale: 'en-AU', currency: 'AUD' } as const
const c = (n: number) => n as Cents
type Amounts = { orderLimit?: number; monthlyLimit?: number; monthSpent?: number }
const rules = ({ mayOrder = true, ...amounts }: Amounts & { mayOrder?: boolean }): LimitRules => ({
	mayOrder,
	orderLimit: amounts.orderLimit === undefined ? null : c(amounts.orderLimit),
	monthlyLimit: amounts.monthlyLimit === undefined ? null : c(amounts.monthlyLimit),
	monthSpent: c(amounts.monthSpent ?? 0),
})

describe('approvalReason', () => {
	test('no limits, or within them: no approval needed', () => {
		expect(approvalReason(null, c(9_999_999), AU)).toBeNull()
		expect(approvalReason(rules({}), c(9_999_999), AU)).toBeNull()
		expect(approvalReason(rules({ orderLimit: 200_000 }), c(200_000), AU)).toBeNull()
		expect(
			approvalReason(rules({ monthlyLimit: 500_000, monthSpent: 300_000 }), c(200_000), AU),
		).toBeNull()
	})

	test('over the order limit, by a cent', () => {
		expect(approvalReason(rules({ orderLimit: 200_000 }), c(200_001), AU)).toBe(
			'over your $2,000 order limit',
		)
	})

	test('over the monthly limit with what the month has used', () => {
		expect(
			approvalReason(rules({ monthlyLimit: 500_000, monthSpent: 480_050 }), c(20_000), AU),
		).toBe('over your $5,000 monthly limit ($4,800.50 this month already)')
	})

	test('said to the administrators, it is the requester’s limit', () => {
		expect(approvalReason(rules({ orderLimit: 150_000 }), c(150_001), AU, 'their')).toBe(
			'over their $1,500 order limit',
		)
	})

	test('quotes only: every order needs approval, whatever its total', () => {
		expect(approvalReason(rules({ mayOrder: false }), c(1), AU)).toBe(
			'your account places quotes only',
		)
	})
})

test('a limit in whole dollars has no cents; other amounts keep them', () => {
	expect(limitMoney(c(150_000), AU)).toBe('$1,500')
	expect(limitMoney(c(150_050), AU)).toBe('$1,500.50')
	expect(limitMoney(c(150_000), { locale: 'en-US', currency: 'AUD' })).toBe('A$1,500')
})
