import { describe, expect, test } from 'vitest'
import { sydneyTime } from './sydney.ts'

describe('Sydney time', () => {
	test('an instant as the date, time and seconds on a Sydney clock, summer and winter', () => {
		// AEDT (UTC+11) in November, AEST (UTC+10) in July.
		expect(sydneyTime(new Date('2026-11-30T14:05:09Z'))).toEqual({
			date: '2026-12-01',
			time: '01:05:09',
			seconds: 3909,
		})
		expect(sydneyTime('2026-07-15T13:59:59.000Z')).toEqual({
			date: '2026-07-15',
			time: '23:59:59',
			seconds: 86_399,
		})
	})

	test('midnight is 00:00:00 of the new day, not 24:00 of the old', () => {
		expect(sydneyTime('2026-07-15T14:00:00Z')).toEqual({
			date: '2026-07-16',
			time: '00:00:00',
			seconds: 0,
		})
	})
})
