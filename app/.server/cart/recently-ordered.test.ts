import { describe, expect, test } from 'vitest'
import { daysBefore, rankRecentlyOrdered } from './recently-ordered.ts'

const line = (productCode: string, quantity = 1) => ({ productCode, quantity })

describe('recently ordered', () => {
	test('ranks by orders, then quantity, then SKU; old orders and delivery charges left out', () => {
		const orders = [
			{ date: '2026-11-01', lines: [line('A', 1), line('B', 5), line('DEL-UTE-0-10')] },
			{ date: '2026-10-01', lines: [line('A', 2), line('C', 1), line('C', 1)] },
			{ date: '2026-09-01', lines: [line('B', 1), line('D', 9)] },
			{ date: '2026-01-01', lines: [line('E', 99), line('E', 99)] },
		]
		expect(rankRecentlyOrdered(orders, '2026-08-25')).toEqual(['B', 'A', 'D', 'C'])
		expect(rankRecentlyOrdered(orders, '2026-08-25', 2)).toEqual(['B', 'A'])
	})

	test('90 days before a date', () => {
		expect(daysBefore(new Date('2026-11-23T10:00:00Z'), 90)).toBe('2026-08-25')
	})
})
