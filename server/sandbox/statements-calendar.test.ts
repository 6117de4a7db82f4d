import { describe, expect, test } from 'vitest'
import { openDatabase, resetDatabase } from './schema.ts'
import { statementDates, statementReference } from './statements-calendar.ts'
import { sydneyTime } from './sydney.ts'

describe('statement calendar', () => {
	test('month-ends from the first month of the history up to today, newest first', () => {
		const dates = statementDates(new Date('2026-11-23T02:00:00Z'))
		expect(dates[0]).toBe('2026-10-31')
		expect(dates.at(-1)).toBe('2024-11-30')
		expect(dates).toHaveLength(24)
		expect(dates).toContain('2026-02-28')
		expect(dates).toContain('2024-12-31')
	})

	test('a statement dated today counts, by the Sydney date', () => {
		// 30 Nov 2026 14:00 UTC is 1 Dec in Sydney (AEDT): November's statement is out;
		// 29 Nov 12:00 UTC is still 29 Nov there, so October's is the latest.
		expect(statementDates(new Date('2026-11-30T14:00:00Z'))[0]).toBe('2026-11-30')
		expect(statementDates(new Date('2026-11-29T12:00:00Z'))[0]).toBe('2026-10-31')
		expect(sydneyTime(new Date('2026-11-30T14:00:00Z')).date).toBe('2026-12-01')
	})

	test('references name the month; the rest is not derivable from the month and account', () => {
		const db = openDatabase(':memory:')
		const reference = statementReference(db, 10001, '2026-10-31')
		expect(reference).toMatch(/^ST202610-[0-9A-F]{10}$/)
		expect(reference).not.toContain('10001')
		// The same statement keeps its reference; other months and accounts get others.
		expect(statementReference(db, 10001, '2026-10-31')).toBe(reference)
		expect(statementReference(db, 10001, '2026-09-30')).not.toBe('ST202609' + reference.slice(8))
		expect(statementReference(db, 10002, '2026-10-31')).not.toBe(reference)
		// It comes from the database's own secret: another sandbox, or a reset, makes others.
		const other = openDatabase(':memory:')
		expect(statementReference(other, 10001, '2026-10-31')).not.toBe(reference)
		resetDatabase(db)
		expect(statementReference(db, 10001, '2026-10-31')).not.toBe(reference)
		db.close()
		other.close()
	})
})
