import { describe, expect, test } from 'vitest'
import { jobSpend, type JobTransaction } from './spend.ts'
import { type Cents } from '#app/utils/money.ts'

const t = (
	type: JobTransaction['type'],
	date: string,
	cents: number,
	invoiced = false,
): JobTransaction => ({
	type,
	number: 1,
	suffix: 0,
	date,
	orderRef: '',
	jobName: 'Smith St',
	amount: cents as Cents,
	invoiced,
})

describe('what a job has cost', () => {
	const history = [
		t('Invoice', '2026-11-03', 123_45),
		t('Invoice', '2026-11-28', 10_10),
		t('Invoice', '2026-10-31', 99_999_99),
		t('Order', '2026-11-03', 123_45, true),
		t('Order', '2026-12-02', 500_01),
		t('Order', '2026-12-09', 99),
		t('Quote', '2026-12-20', 2_000_00),
	]

	test('invoiced this month and to date, orders not invoiced yet and open quotes, to the cent', () => {
		expect(jobSpend(history, '2026-11-28', null)).toEqual({
			invoicedThisMonth: 133_55,
			invoicedToDate: 100_133_54,
			notInvoiced: 501_00,
			openQuotes: 2_000_00,
			budget: null,
		})
	})

	test('a budget less what was invoiced is left; past it, below zero', () => {
		expect(jobSpend(history, '2026-11-28', 150_000_00).budget).toEqual({
			amount: 150_000_00,
			left: 49_866_46,
		})
		expect(jobSpend(history, '2026-11-28', 100_000_00).budget).toEqual({
			amount: 100_000_00,
			left: -133_54,
		})
	})
})
