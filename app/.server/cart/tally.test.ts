import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { applyTallyPick, refusedLength, storedTally, TallyLinesSchema } from './tally.ts'

/** Each issue as 'path: message'. */
function issues(rows: unknown) {
	const result = TallyLinesSchema.safeParse(rows)
	return result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []
}

describe('tally rows', () => {
	test('the length a refusal names', () => {
		expect(refusedLength('2.4 m is not a stock length of this product (3, 3.3 m)')).toBe(2.4)
		expect(refusedLength('12 m is not a stock length of this product (6 m)')).toBe(12)
		expect(refusedLength('The tally must total more than 0 m')).toBeNull()
	})
	test('wholly empty rows are no rows; the filled ones are sent', () => {
		const lines = TallyLinesSchema.parse([
			{ length: '3.6', qty: '4' },
			{ length: undefined, qty: undefined },
			{ length: '5.4', qty: '2' },
		])
		expect(storedTally(lines)).toEqual([
			{ length: 3.6, qty: 4 },
			{ length: 5.4, qty: 2 },
		])
	})
	test('a half-filled row is refused on that row, never dropped', () => {
		// 3 × 5.4 m typed without its quantity beside 2 × 4.8 m: nothing goes.
		expect(
			issues([
				{ length: '5.4', qty: undefined },
				{ length: '4.8', qty: '2' },
			]),
		).toEqual(['0.qty: Enter a quantity'])
		expect(
			issues([
				{ length: undefined, qty: '3' },
				{ length: '4.8', qty: '2' },
			]),
		).toEqual(['0.length: Enter a length'])
		// Negatives become 0, and a length with 0 pieces is no piece at all.
		expect(
			issues([
				{ length: '5.4', qty: '-2' },
				{ length: '4.8', qty: '2' },
			]),
		).toEqual(['0.qty: Enter a quantity of at least 1'])
		expect(issues([{ length: '0', qty: '2' }])).toEqual(['0.length: Enter a length above 0'])
	})
	test('a tally totalling 0 m is refused', () => {
		expect(issues([])).toEqual([': The total of length × qty must be more than 0'])
		expect(issues([{ length: undefined, qty: undefined }])).toEqual([
			': The total of length × qty must be more than 0',
		])
	})
})

describe('a stock length tapped without JS', () => {
	/** The rows after the pick, as the form comes back with them. */
	function picked(rows: Array<[string, string]>, pick: string) {
		const formData = new FormData()
		rows.forEach(([length, qty], i) => {
			formData.append(`lines[${i}].length`, length)
			formData.append(`lines[${i}].qty`, qty)
		})
		formData.append('pick', pick)
		applyTallyPick(formData)
		const submission = parseWithZod(formData, { schema: z.object({ lines: TallyLinesSchema }) })
		// A row button's round trip, not a submit: nothing is added.
		expect(submission.status).toBeUndefined()
		return submission.payload.lines
	}

	test('fills the first row without a length as posted, keeping its quantity', () => {
		expect(
			picked(
				[
					['4.8', '2'],
					['', '3'],
					['', ''],
				],
				'5.40',
			),
		).toEqual([
			{ length: '4.8', qty: '2' },
			{ length: '5.40', qty: '3' },
			{ length: '', qty: '' },
		])
	})

	test('adds a row when every row has a length', () => {
		expect(picked([['4.8', '2']], '3.60')).toEqual([
			{ length: '4.8', qty: '2' },
			{ length: '3.60', qty: '' },
		])
	})
})
