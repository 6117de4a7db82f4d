import { describe, expect, test } from 'vitest'
import { csvToQuickOrder, formatLine, parseQuickOrder } from './parse.ts'

const one = (text: string) => parseQuickOrder(text)[0]!

describe('parseQuickOrder', () => {
	test('a SKU and a quantity; SKUs in upper case', () => {
		expect(one('tmgp10005 20')).toEqual({
			line: 1,
			text: 'tmgp10005 20',
			sku: 'TMGP10005',
			request: { kind: 'qty', qty: 20 },
		})
	})

	test('tally lengths in every syntax: 4.8x20, 4.8X20, 4.8*20, 4.8×20, 20 @ 4.8, 20@4.8', () => {
		const tally = [
			{ length: 4.8, qty: 20 },
			{ length: 6, qty: 10 },
		]
		for (const text of [
			'TMGP10005 4.8x20 6.0x10',
			'TMGP10005 4.8X20 6x10',
			'TMGP10005 4.8*20 6.0*10',
			'TMGP10005 4.8×20 6.0×10',
			'TMGP10005 20 @ 4.8 10 @ 6.0',
			'TMGP10005 20@4.8 10@6',
			'TMGP10005 4.8 x 20, 6.0 x 10',
			'TMGP10005, 4.8x20, 10 @ 6',
		]) {
			expect(one(text).request, text).toEqual({ kind: 'tally', tally })
		}
	})

	test('a length given twice is one length with the pieces summed', () => {
		expect(one('TMGP10005 4.8x20 4.8x5').request).toEqual({
			kind: 'tally',
			tally: [{ length: 4.8, qty: 25 }],
		})
	})

	test('whitespace: tabs (a spreadsheet paste), extra spaces, blank lines, CRLF', () => {
		const lines = parseQuickOrder('\r\n  HNAI001\t3  \r\n\r\n\tTMGP10005   4.8x2\n   \n')
		expect(lines.map((l) => [l.line, l.sku, l.request])).toEqual([
			[2, 'HNAI001', { kind: 'qty', qty: 3 }],
			[4, 'TMGP10005', { kind: 'tally', tally: [{ length: 4.8, qty: 2 }] }],
		])
	})

	test('commas and semicolons separate the SKU and values', () => {
		expect(one('HNAI001,3').request).toEqual({ kind: 'qty', qty: 3 })
		expect(one('HNAI001; 3').request).toEqual({ kind: 'qty', qty: 3 })
	})

	test('decimal commas are refused with a clear message', () => {
		for (const text of ['TMGP10005 4,8x20', 'TMGP10005 20 @ 4,8', 'HNAI001 2,5']) {
			expect(one(text).error, text).toBe(
				'Write decimals with a point (4.8, not 4,8) and put a space after each comma',
			)
		}
	})

	test('a quantity must be a positive whole number', () => {
		for (const qty of ['0', '-3', '2.5', 'abc', '1e3']) {
			expect(one(`HNAI001 ${qty}`).error, qty).toBe(
				`Enter a quantity that is a positive whole number, not '${qty}'`,
			)
		}
		expect(one('TMGP10005 4.8x0').error).toBe(
			"Enter a quantity that is a positive whole number, not '0'",
		)
		expect(one('TMGP10005 4.8x2.5').error).toBe(
			"Enter a quantity that is a positive whole number, not '2.5'",
		)
	})

	test('missing, doubled or mixed values', () => {
		expect(one('HNAI001').error).toBe('Enter a quantity after the SKU')
		expect(one('HNAI001 3 4').error).toBe("Enter one quantity, not '3 4'")
		expect(one('TMGP10005 4.8x20 7').error).toBe(
			"Enter lengths as length x pieces (4.8x20), not '7'",
		)
		expect(one('TMGP10005 abcx20').error).toBe("Enter a length in metres such as 4.8, not 'abc'")
		expect(one('TMGP10005 0x20').error).toBe("Enter a length in metres such as 4.8, not '0'")
	})

	test('a SKU that is far too long is refused', () => {
		expect(one(`${'A'.repeat(50)} 3`).error).toMatch(/is too long for a SKU$/)
	})
})

describe('formatLine', () => {
	test('writes a request back in the quick order syntax', () => {
		expect(formatLine('HNAI001', { kind: 'qty', qty: 3 })).toBe('HNAI001 3')
		expect(
			formatLine('TMGP10005', {
				kind: 'tally',
				tally: [
					{ length: 4.8, qty: 20 },
					{ length: 6, qty: 10 },
				],
			}),
		).toBe('TMGP10005 4.8x20 6x10')
	})
})

describe('csvToQuickOrder', () => {
	test('rows of SKU, Qty and Length, with a header; consecutive lengths of one SKU make one line', () => {
		const csv = [
			'SKU,Qty,Length',
			'HNAI001,3,',
			'TMGP10005,20,4.8',
			'tmgp10005,10,6.0',
			'HNAI002,1',
			'TMGP10005,4,5.4',
		].join('\r\n')
		expect(csvToQuickOrder(csv)).toBe(
			'HNAI001 3\nTMGP10005 4.8x20 6.0x10\nHNAI002 1\nTMGP10005 5.4x4',
		)
	})

	test('no header, quoted cells, a byte order mark and blank rows', () => {
		const csv = '\uFEFF"HNAI001","3"\n\n"TMGP10005",20,"4.8"\n'
		expect(csvToQuickOrder(csv)).toBe('HNAI001 3\nTMGP10005 4.8x20')
	})

	test('bad cells reach the line parser as they are, which says what is wrong', () => {
		const text = csvToQuickOrder('HNAI001,two\nTMGP10005,20,"4,8"\nHNAI003\n')
		expect(parseQuickOrder(text).map((l) => l.error)).toEqual([
			"Enter a quantity that is a positive whole number, not 'two'",
			'Write decimals with a point (4.8, not 4,8) and put a space after each comma',
			'Enter a quantity after the SKU',
		])
	})
})
