import { describe, expect, test } from 'vitest'
import { refusedLength, storedTally, TallyLinesSchema } from './tally.ts'

describe('tally rows', () => {
	test('the length a refusal names', () => {
		expect(refusedLength('2.4 m is not a stock length of this product (3, 3.3 m)')).toBe(2.4)
		expect(refusedLength('12 m is not a stock length of this product (6 m)')).toBe(12)
		expect(refusedLength('The tally must total more than 0 m')).toBeNull()
	})
	test('only rows with a length and a quantity are sent', () => {
		const lines = TallyLinesSchema.parse([
			{ length: '3.6', qty: '4' },
			{ length: undefined, qty: '2' },
			{ length: '5.4', qty: '-1' },
		])
		expect(storedTally(lines)).toEqual([{ length: 3.6, qty: 4 }])
	})
	test('a tally totalling 0 m is refused', () => {
		const result = TallyLinesSchema.safeParse([{ length: '3.6', qty: '0' }])
		expect(result.error?.issues[0]?.message).toBe('The total of length × qty must be more than 0')
	})
})
