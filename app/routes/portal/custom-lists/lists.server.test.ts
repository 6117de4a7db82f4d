import Papa from 'papaparse'
import { expect, test } from 'vitest'
import { listCsv } from './lists.server.ts'
import { dollarsToCents } from '#app/utils/money.ts'

test('the CSV has the list columns, 2-decimal prices and tally lengths with the description', () => {
	const csv = listCsv({
		cartSessionId: 'l-1',
		name: 'Deck',
		type: 'Custom',
		contents: [
			{
				productID: 'TMGP10005',
				lineID: 1,
				prodQty: 12.6,
				UOM: 'LM',
				unitPrice: dollarsToCents(4.5),
				prodDesc: 'MGP10 Pine 90x45',
				isTally: true,
				tallyLines: [
					{ length: 4.8, qty: 2 },
					{ length: 3, qty: 1 },
				],
			},
			{
				productID: 'NAI001',
				lineID: 2,
				prodQty: 3,
				UOM: 'BOX',
				// A price to a tenth of a cent from the presenter is whole cents in the portal.
				unitPrice: dollarsToCents(19.999),
				prodDesc: '=HYPERLINK("x")',
				isTally: false,
				tallyLines: [],
			},
		],
	})
	expect(csv.startsWith('\uFEFF')).toBe(true)
	const rows = Papa.parse<string[]>(csv.slice(1)).data
	expect(rows).toEqual([
		['SKU', 'Description', 'Qty', 'UOM', 'Unit Price', 'Extended Price'],
		['TMGP10005', 'MGP10 Pine 90x45 (4.80 m × 2, 3.00 m × 1)', '12.6', 'LM', '4.50', '56.70'],
		['NAI001', `'=HYPERLINK("x")`, '3', 'BOX', '20.00', '60.00'],
	])
})
