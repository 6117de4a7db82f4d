import { describe, expect, test } from 'vitest'
import { type Product } from '../presenter/contract/catalogue.ts'
import { type TransactionLine } from '../presenter/contract/transactions.ts'
import { isDeliveryCharge, planLine, proposedTally, tallyFromMetres } from './reorder.ts'
import { type Cents } from '#app/utils/money.ts'

const c = (n: number) => n as Cents

const metres = (tally: Array<{ length: number; qty: number }>) =>
	Math.round(tally.reduce((sum, t) => sum + t.length * t.qty, 0) * 1000) / 1000

describe('reorder', () => {
	test('delivery charge lines are recognised by their DEL- code', () => {
		expect(isDeliveryCharge({ productCode: 'DEL-UTE-0-10' })).toBe(true)
		expect(isDeliveryCharge({ productCode: 'del-crane-10-25' })).toBe(true)
		expect(isDeliveryCharge({ productCode: 'HDEL001' })).toBe(false)
	})

	test('a tally line’s metres become the longest stock length that makes them up', () => {
		expect(tallyFromMetres([2.4, 4.8, 6], 48)).toEqual([{ length: 6, qty: 8 }])
		expect(tallyFromMetres([2.4, 4.8, 6], 67.2)).toEqual([{ length: 4.8, qty: 14 }])
		expect(tallyFromMetres([2.4, 4.8, 6], 5)).toBeNull()
	})

	test('metres no one stock length makes up: the fewest pieces that do, longest first', () => {
		const split = proposedTally([6, 5.4, 4.8, 3.6], 200.4)
		expect(metres(split)).toBe(200.4)
		expect(split.reduce((n, t) => n + t.qty, 0)).toBe(34)
		expect(split[0]).toEqual({ length: 6, qty: 32 })
		expect(proposedTally([3.6, 5.4], 9)).toEqual([
			{ length: 5.4, qty: 1 },
			{ length: 3.6, qty: 1 },
		])
	})

	test('metres no stock lengths make up: the least over, then the fewest pieces', () => {
		// 10 m of framing (lengths in steps of 0.3 m): 10.2 m in two pieces.
		const framing = proposedTally([2.4, 2.7, 3, 3.3, 3.6, 3.9, 4.2, 4.5, 4.8, 5.1, 5.4, 6], 10)
		expect(metres(framing)).toBe(10.2)
		expect(framing.reduce((n, t) => n + t.qty, 0)).toBe(2)
		expect(proposedTally([3, 4.5, 6], 1)).toEqual([{ length: 3, qty: 1 }])
		// Beyond what is worked out by the centimetre: one length, least over.
		expect(proposedTally([4.8, 6], 2400.5)).toEqual([{ length: 4.8, qty: 501 }])
		expect(proposedTally([], 10)).toEqual([])
	})
})

describe('a reordered line', () => {
	const line: TransactionLine = {
		lineNum: 3,
		productDesc: 'Nails',
		productCode: 'HNAI001',
		quantity: 3,
		unitOfMeasure: 'BOX',
		unitPrice: c(5238),
		linePrice: c(15714),
	}
	const product = (change: Partial<Product>) =>
		({
			productID: 'HNAI001',
			customerPrice: c(5238),
			UOMList: [{ UOM: 'BOX' }],
			isTally: false,
			...change,
		}) as Product

	test('as it was: added, nothing said', () => {
		expect(planLine(line, 3, { product: product({}), lengths: [] })).toEqual({
			add: { productID: 'HNAI001', uom: 'BOX', quantity: 3 },
			changes: [],
		})
	})

	test('a unit no longer sold and a new price are said', () => {
		expect(
			planLine(line, 3, {
				product: product({
					UOMList: [{ UOM: 'EA' }] as Product['UOMList'],
					customerPrice: c(5500),
				}),
				lengths: [],
			}),
		).toEqual({
			add: { productID: 'HNAI001', uom: 'EA', quantity: 3 },
			changes: [
				{ kind: 'uom', was: 'BOX', now: 'EA' },
				{ kind: 'price', was: 5238, now: 5500 },
			],
		})
	})

	test('not sold any more, or a part of a box: a failure', () => {
		expect(planLine(line, 3, { product: null, lengths: [] })).toEqual({
			outcome: { lineNum: 3, status: 'failed', message: 'no longer sold', quantity: 3 },
		})
		expect(planLine(line, 2.5, { product: product({}), lengths: [] })).toEqual({
			outcome: { lineNum: 3, status: 'failed', message: 'enter a whole number', quantity: 2.5 },
		})
	})

	test('a tally line: lengths the portal chose are said; others are offered to confirm', () => {
		const beam = { ...line, productCode: 'TLVL008', unitOfMeasure: 'LM', unitPrice: c(4231) }
		const lvl = product({
			productID: 'TLVL008',
			isTally: true,
			UOMList: [{ UOM: 'LM' }] as Product['UOMList'],
			customerPrice: c(4231),
		})
		const lengths = [12, 10.8, 8.4, 7.2, 6, 4.8]
		expect(planLine(beam, 86.4, { product: lvl, lengths })).toEqual({
			add: { productID: 'TLVL008', uom: 'LM', quantity: 86.4, tally: [{ length: 10.8, qty: 8 }] },
			changes: [{ kind: 'lengths', tally: [{ length: 10.8, qty: 8 }], metres: 86.4, uom: 'LM' }],
		})
		const offered = planLine(beam, 86.5, { product: lvl, lengths })
		expect(offered).toMatchObject({
			outcome: { lineNum: 3, status: 'lengths', productID: 'TLVL008', uom: 'LM', metres: 86.5 },
		})
		// The lengths ordered, when the portal kept them and the metres are the same.
		const ordered = [
			{ length: 12, qty: 3 },
			{ length: 7.2, qty: 7 },
		]
		expect(planLine(beam, 86.4, { product: lvl, lengths }, ordered)).toMatchObject({
			add: { quantity: 86.4, tally: ordered },
		})
		// Other metres than ordered: the lengths are worked out afresh.
		expect(planLine(beam, 48, { product: lvl, lengths }, ordered)).toMatchObject({
			add: { tally: [{ length: 12, qty: 4 }] },
		})
	})
})
