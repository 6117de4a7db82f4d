import { describe, expect, test } from 'vitest'
import {
	coerceTallyQty,
	decrementQuantity,
	fileExtension,
	firstPdf,
	galleryImages,
	incrementQuantity,
	MAX_QUANTITY,
	parseFileList,
	parseTallyLength,
	stockLabel,
	tallyTotal,
	tallyTotals,
	typedQuantity,
	visiblePrice,
	compareNatural,
	byProductName,
	inSearchOrder,
	unitLabel,
} from './product.ts'
import { type Cents } from './money.ts'

describe('file lists', () => {
	test('pipe-separated lists drop empty entries and spaces', () => {
		expect(parseFileList('a.png| b.pdf ||c.jpg')).toEqual(['a.png', 'b.pdf', 'c.jpg'])
		expect(parseFileList('')).toEqual([])
		expect(parseFileList(null)).toEqual([])
	})
	test('extensions ignore case, query and fragment', () => {
		expect(fileExtension('/x/Sheet.PDF?v=2#p1')).toBe('pdf')
		expect(fileExtension('/x.dir/file')).toBe('')
		expect(fileExtension('photo.jpeg')).toBe('jpeg')
	})
	test('the datasheet is the first pdf', () => {
		expect(firstPdf('/a.png|/spec.pdf|/install.pdf')).toBe('/spec.pdf')
		expect(firstPdf('/a.png|/b.jpg')).toBeUndefined()
	})
	test('galleries use only jpg, jpeg and png, without duplicates', () => {
		expect(galleryImages('/1.png|/2.gif|/3.JPG|/4.webp', '/5.jpeg|/1.png|/doc.pdf')).toEqual([
			'/1.png',
			'/3.JPG',
			'/5.jpeg',
		])
	})
})

test('stock labels, and an unknown status shown as sent', () => {
	expect(stockLabel('SpecialOrder')).toBe('Special Order')
	expect(stockLabel('InStock')).toBe('In Stock')
	expect(stockLabel('LowStock')).toBe('Low Stock')
	expect(stockLabel('Discontinued')).toBe('Discontinued')
})

describe('prices', () => {
	test.each([
		[1250, 1250],
		[1, 1],
		[0, null],
		[-300, null],
		[Number.NaN, null],
		[null, null],
	] as Array<[Cents | null, Cents | null]>)('%s is shown as %s', (price, shown) => {
		expect(visiblePrice(price)).toBe(shown)
	})
})

describe('quantity stepper', () => {
	test('never decrements below 1', () => {
		expect(decrementQuantity(3)).toBe(2)
		expect(decrementQuantity(1)).toBe(1)
	})
	test('increments up to below the maximum safe integer', () => {
		expect(incrementQuantity(1)).toBe(2)
		expect(incrementQuantity(MAX_QUANTITY - 1)).toBe(MAX_QUANTITY)
		expect(incrementQuantity(MAX_QUANTITY)).toBe(MAX_QUANTITY)
		expect(MAX_QUANTITY).toBeLessThan(Number.MAX_SAFE_INTEGER)
	})
	test.each([
		['5', 5],
		[' 12 ', 12],
		['0', 3],
		['-2', 3],
		['1.5', 3],
		['abc', 3],
		['', 3],
		['1e3', 3],
		[String(Number.MAX_SAFE_INTEGER), 3],
		[String(MAX_QUANTITY), MAX_QUANTITY],
	])('typed %j with previous 3 gives %i', (input, expected) => {
		expect(typedQuantity(input, 3)).toBe(expected)
	})
})

describe('tally', () => {
	test.each([
		[3, 3],
		['4', 4],
		[-2, 0],
		['-1', 0],
		['', 0],
		['abc', 0],
		[null, 0],
		[2.7, 2],
	])('qty %j is coerced to %i', (value, expected) => {
		expect(coerceTallyQty(value)).toBe(expected)
	})
	test('total is the sum of length × qty', () => {
		expect(
			tallyTotal([
				{ length: 2.4, qty: 3 },
				{ length: 6, qty: 1 },
			]),
		).toBe(13.2)
		expect(tallyTotal([{ length: 2.7, qty: 0 }])).toBe(0)
		expect(tallyTotal([])).toBe(0)
	})
	test.each([
		['3.6', 3.6],
		[' 2.4 ', 2.4],
		[5.4, 5.4],
		['', 0],
		['-1', 0],
		['x', 0],
		[undefined, 0],
	])('length %j is read as %d', (value, expected) => {
		expect(parseTallyLength(value)).toBe(expected)
	})
	test('running totals count the rows with a length and a quantity', () => {
		const rows = [
			{ length: '3.6', qty: '4' },
			{ length: '5.4', qty: '2' },
			{ length: '', qty: '7' },
			{ length: '2.4', qty: '-3' },
			undefined,
		]
		expect(tallyTotals(rows, 1250 as Cents)).toEqual({ pieces: 6, metres: 25.2, price: 31500 })
		expect(tallyTotals(rows, null)).toEqual({ pieces: 6, metres: 25.2, price: null })
		expect(tallyTotals(undefined, 1000 as Cents)).toEqual({ pieces: 0, metres: 0, price: 0 })
	})
	test('the price is rounded to the cent, as the cart rounds the line', () => {
		expect(tallyTotals([{ length: '2.7', qty: '3' }], 333 as Cents)?.price).toBe(2697)
		// 2.5 m at $6.05 is $15.125: $15.13, as the cart's line (dollars in floating point gave $15.12).
		expect(tallyTotals([{ length: '2.5', qty: '1' }], 605 as Cents)?.price).toBe(1513)
	})
})

describe('natural order', () => {
	test('sizes sort by their numbers, not as text', () => {
		const names = ['Pine 120x35', 'Pine 45x45', 'Pine 90x45', 'Pine 70x35', 'pine 240x45']
		expect([...names].sort(compareNatural)).toEqual([
			'Pine 45x45',
			'Pine 70x35',
			'Pine 90x45',
			'Pine 120x35',
			'pine 240x45',
		])
	})
	test('products by name, then SKU', () => {
		const p = (productShortDesc: string, productID: string) => ({ productShortDesc, productID })
		expect(
			[p('Nail 75mm', 'B2'), p('Nail 100mm', 'A1'), p('Nail 75mm', 'B10')].sort(byProductName),
		).toEqual([p('Nail 75mm', 'B2'), p('Nail 75mm', 'B10'), p('Nail 100mm', 'A1')])
	})
	test('a search lists names with more of its words as whole words first, then by name', () => {
		const p = (productShortDesc: string, productID = productShortDesc) => ({
			productShortDesc,
			productID,
		})
		const found = [
			p('H2F Blue Pine 190x45 Framing'),
			p('Pine 290x45 Framing'),
			p('Pine 90x45 T2 Framing'),
			p('Pine 190x45 Framing'),
			p('Pine 90x45 Framing'),
		]
		expect(inSearchOrder(found, '90x45  PINE').map((x) => x.productShortDesc)).toEqual([
			'Pine 90x45 Framing',
			'Pine 90x45 T2 Framing',
			'H2F Blue Pine 190x45 Framing',
			'Pine 190x45 Framing',
			'Pine 290x45 Framing',
		])
		// Punctuation ends a word; a decimal point does not.
		expect(
			inSearchOrder([p('Batten 2.40m'), p('Batten 2.4m'), p('Screw (2.4m)')], '2.4m').map(
				(x) => x.productShortDesc,
			),
		).toEqual(['Batten 2.4m', 'Screw (2.4m)', 'Batten 2.40m'])
		// No words: name order; the input is left as it was.
		expect(inSearchOrder(found, ' ').map((x) => x.productShortDesc)).toEqual([
			'H2F Blue Pine 190x45 Framing',
			'Pine 90x45 Framing',
			'Pine 90x45 T2 Framing',
			'Pine 190x45 Framing',
			'Pine 290x45 Framing',
		])
		expect(found[0]?.productShortDesc).toBe('H2F Blue Pine 190x45 Framing')
	})
})

describe('units', () => {
	test('a price says what it is for', () => {
		expect(unitLabel('EA')).toBe('each')
		expect(unitLabel('ea')).toBe('each')
		expect(unitLabel('LM')).toBe('per metre')
		expect(unitLabel('M')).toBe('per metre')
		expect(unitLabel('SHT')).toBe('per sheet')
		expect(unitLabel('CTN')).toBe('per ctn')
		expect(unitLabel('')).toBe('')
	})
})
