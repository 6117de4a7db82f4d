import { describe, expect, test } from 'vitest'
import { LINE_CONCURRENCY } from '../cart/add-lines.ts'
import { type Product } from '../presenter/contract/catalogue.ts'
import {
	closeMatches,
	matchQuickOrder,
	SUGGESTED_SKUS,
	suggestionTerms,
	type QuickOrderLookup,
} from './match.ts'
import { parseQuickOrder } from './parse.ts'
import { type Cents } from '#app/utils/money.ts'

const c = (n: number) => n as Cents

const product = (productID: string, over: Partial<Product> = {}): Product => ({
	productID,
	productShortDesc: `Product ${productID}`,
	productLongDesc: '',
	productImage: '',
	productFiles: '',
	fileTypes: '',
	productGallery: '',
	stockStatus: 'InStock',
	RRP: c(1000),
	TradePrice: c(1000),
	BestPrice: c(1000),
	customerPrice: c(880),
	UOMList: [{ UOM: 'EA' }],
	isTally: false,
	prodCategory: 'H',
	prodType: 'FAS',
	prodClass: 'NAI',
	...over,
})

const CATALOGUE = [
	product('HNAI001', { productShortDesc: 'Bullet Head Nails 50mm', UOMList: [{ UOM: 'BOX' }] }),
	product('HNAI002', { productShortDesc: 'Bullet Head Nails 65mm' }),
	product('HNAI003', { productShortDesc: 'Clout Nails 30mm', stockStatus: 'LowStock' }),
	product('TMGP10005', {
		productShortDesc: 'MGP10 Pine 90x45 Framing',
		isTally: true,
		customerPrice: c(596),
		UOMList: [{ UOM: 'LM' }],
	}),
	product('BPOA001', { productShortDesc: 'Price on application', customerPrice: c(0) }),
]

/** A catalogue in memory that counts calls and the most in flight at once. */
function fakeLookup(delayMs = 1) {
	let inFlight = 0
	const stats = { calls: 0, peak: 0 }
	const call = async <T>(value: T) => {
		stats.calls++
		stats.peak = Math.max(stats.peak, ++inFlight)
		await new Promise((resolve) => setTimeout(resolve, delayMs))
		inFlight--
		return value
	}
	const lookup: QuickOrderLookup = {
		product: (sku) => call(CATALOGUE.find((p) => p.productID === sku) ?? null),
		lengths: () => call([2.4, 4.8, 6]),
		search: (term) =>
			call(
				CATALOGUE.filter((p) =>
					`${p.productID} ${p.productShortDesc}`.toLowerCase().includes(term),
				),
			),
	}
	return { lookup, stats }
}

describe('matchQuickOrder', () => {
	test('each outcome: matched, tally, unknown with suggestions, bad length, no price, bad qty', async () => {
		const { lookup } = fakeLookup()
		const lines = await matchQuickOrder(
			lookup,
			parseQuickOrder(
				[
					'HNAI001 3',
					'TMGP10005 4.8x20 6.0x10',
					'HNAI009 2',
					'TMGP10005 5.0x2',
					'BPOA001 1',
					'HNAI003 2.5',
					'TMGP10005 4',
					'HNAI002 4.8x2',
				].join('\n'),
			),
		)
		expect(lines[0]).toMatchObject({
			status: 'ok',
			productID: 'HNAI001',
			description: 'Bullet Head Nails 50mm',
			uom: 'BOX',
			quantity: 3,
			price: 880,
			extended: 2640,
			stock: 'In Stock',
		})
		expect(lines[1]).toMatchObject({
			status: 'ok',
			productID: 'TMGP10005',
			uom: 'LM',
			quantity: 156,
			extended: 92976,
			request: {
				kind: 'tally',
				tally: [
					{ length: 4.8, qty: 20 },
					{ length: 6, qty: 10 },
				],
			},
		})
		expect(lines[2]).toMatchObject({ status: 'problem', message: 'Unknown SKU HNAI009' })
		expect(lines[2]!.status === 'problem' && lines[2]!.suggestions.map((s) => s.productID)).toEqual(
			['HNAI001', 'HNAI002', 'HNAI003'],
		)
		expect(lines[3]).toMatchObject({
			status: 'problem',
			message: '5 m is not a stock length of MGP10 Pine 90x45 Framing: use 2.4, 4.8, 6.0 m',
		})
		expect(lines[4]).toMatchObject({
			status: 'problem',
			message: 'Price on application has no price: ask us for a quote',
		})
		expect(lines[5]).toMatchObject({
			status: 'problem',
			message: "Enter a quantity that is a positive whole number, not '2.5'",
		})
		expect(lines[6]).toMatchObject({
			status: 'problem',
			message:
				'MGP10 Pine 90x45 Framing is sold by length: enter lengths such as TMGP10005 2.4x4 (stock lengths 2.4, 4.8, 6.0 m)',
		})
		expect(lines[7]).toMatchObject({
			status: 'problem',
			message: 'Bullet Head Nails 65mm is not sold by length: enter a quantity',
		})
	})

	test('looks each SKU up once, in parallel, never more than the bound at a time', async () => {
		const { lookup, stats } = fakeLookup(5)
		const text = Array.from({ length: 200 }, (_, i) => `HNAI00${(i % 3) + 1} ${i + 1}`).join('\n')
		const lines = await matchQuickOrder(lookup, parseQuickOrder(text))
		expect(lines).toHaveLength(200)
		expect(lines.every((l) => l.status === 'ok')).toBe(true)
		expect(stats.calls).toBe(3)

		const many = fakeLookup(5)
		const unknown = Array.from({ length: 40 }, (_, i) => `X${i} 1`).join('\n')
		await matchQuickOrder(many.lookup, parseQuickOrder(unknown))
		expect(many.stats.peak).toBe(LINE_CONCURRENCY)
	})

	test('only the first unknown SKUs are searched for close matches: junk costs one lookup a line', async () => {
		const { lookup, stats } = fakeLookup(0)
		const text = Array.from({ length: 500 }, (_, i) => `HNAI0${String(i).padStart(3, '0')} 1`)
		const lines = await matchQuickOrder(lookup, parseQuickOrder(text.join('\n')))
		expect(lines).toHaveLength(500)
		expect(lines.every((l) => l.status === 'problem' && l.message.startsWith('Unknown SKU'))).toBe(
			true,
		)
		const suggested = lines.filter((l) => l.status === 'problem' && l.suggestions.length)
		expect(suggested.map((l) => l.line)).toEqual(
			Array.from({ length: SUGGESTED_SKUS }, (_, i) => i + 1),
		)
		expect(stats.calls).toBe(500 + 2 * SUGGESTED_SKUS)
	})
})

describe('close matches', () => {
	test('by fewest edits to the SKU, at most 3', () => {
		const matches = closeMatches('TMGP10050', [...CATALOGUE, ...CATALOGUE])
		expect(matches).toHaveLength(3)
		expect(matches[0]).toEqual({ productID: 'TMGP10005', description: 'MGP10 Pine 90x45 Framing' })
		expect(closeMatches('HNAI01', CATALOGUE.slice(0, 3)).map((s) => s.productID)).toEqual([
			'HNAI001',
			'HNAI002',
			'HNAI003',
		])
	})

	test('an unknown SKU is searched as it is and by its stem', () => {
		expect(suggestionTerms('TMGP10050')).toEqual(['tmgp10050', 'tmgp10'])
		expect(suggestionTerms('NAILS')).toEqual(['nails', 'nai'])
		expect(suggestionTerms('AB')).toEqual(['ab'])
	})
})
