import { describe, expect, test } from 'vitest'
import { ageBalance, agingBucket, openItems } from './ledger.ts'

describe('agingBucket (by calendar month, 30 days end of month)', () => {
	test.each([
		['2026-10-01', '2026-10-31', 0],
		['2026-10-31', '2026-10-31', 0],
		['2026-09-30', '2026-10-31', 1],
		['2026-09-01', '2026-10-31', 1],
		['2026-08-15', '2026-10-31', 2],
		['2026-07-31', '2026-10-31', 3],
		['2026-06-30', '2026-10-31', 4],
		['2024-11-05', '2026-10-31', 4],
		// Across a year end, and mid-month (an account balance on a day that is not a month-end).
		['2025-12-31', '2026-01-31', 1],
		['2025-11-03', '2026-01-15', 2],
		// An invoice dated after the date is not overdue.
		['2026-11-02', '2026-10-31', 0],
	] as const)('%s on %s is bucket %i', (invoice, asOf, bucket) => {
		expect(agingBucket(invoice, asOf)).toBe(bucket)
	})
})

describe('openItems', () => {
	const invoices = [
		{ id: 1, date: '2026-07-10', cents: 10_000 },
		{ id: 2, date: '2026-08-20', cents: 25_050 },
		{ id: 3, date: '2026-10-05', cents: 4_499 },
		{ id: 4, date: '2026-11-02', cents: 7_700 },
	]
	const allocations = [
		{ invoiceId: 1, paidOn: '2026-08-25', cents: 10_000 },
		{ invoiceId: 2, paidOn: '2026-09-25', cents: 5_050 },
		{ invoiceId: 2, paidOn: '2026-11-25', cents: 20_000 },
	]

	test('an invoice owes its amount less what was paid on it by the date', () => {
		expect(openItems(invoices, allocations, '2026-07-31')).toEqual([
			{ id: 1, date: '2026-07-10', cents: 10_000, open: 10_000 },
		])
		expect(openItems(invoices, allocations, '2026-10-31')).toEqual([
			{ id: 2, date: '2026-08-20', cents: 25_050, open: 20_000 },
			{ id: 3, date: '2026-10-05', cents: 4_499, open: 4_499 },
		])
	})

	test('paid-off invoices and those dated later are left out', () => {
		const open = openItems(invoices, allocations, '2026-11-30')
		expect(open.map((i) => i.id)).toEqual([3, 4])
	})
})

describe('ageBalance', () => {
	test('sums open amounts into Current, 30, 60, 90 and 120+; the total is their sum', () => {
		const aged = ageBalance(
			[
				{ date: '2026-10-20', open: 1_000 },
				{ date: '2026-10-02', open: 250 },
				{ date: '2026-09-14', open: 2_000 },
				{ date: '2026-08-31', open: 300 },
				{ date: '2026-07-01', open: 45 },
				{ date: '2026-06-30', open: 7 },
				{ date: '2025-01-31', open: 3 },
			],
			'2026-10-31',
		)
		expect(aged).toEqual({
			current: 1_250,
			day30: 2_000,
			day60: 300,
			day90: 45,
			day120: 10,
			total: 3_605,
		})
	})

	test('a credit (negative open amount) reduces its bucket and the total', () => {
		expect(
			ageBalance(
				[
					{ date: '2026-10-20', open: 1_000 },
					{ date: '2026-10-21', open: -400 },
				],
				'2026-10-31',
			),
		).toMatchObject({ current: 600, total: 600 })
	})

	test('no open items: every bucket 0', () => {
		expect(ageBalance([], '2026-10-31')).toEqual({
			current: 0,
			day30: 0,
			day60: 0,
			day90: 0,
			day120: 0,
			total: 0,
		})
	})
})
