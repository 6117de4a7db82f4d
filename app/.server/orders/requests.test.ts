import { describe, expect, test } from 'vitest'
import { type ApprovalRequest } from '../store/index.ts'
import { parseSettings } from '../presenter/config.ts'
import { readSnapshot, requestView, type Snapshot } from './requests.ts'
import { type Cents } from '#app/utils/money.ts'

const c = (n: number) => n as Cents

/** A request as the store holds it, with `snapshot` as its JSON. */
const stored = (snapshot: object): ApprovalRequest => ({
	id: 'r-1',
	customerId: 10001,
	requester: 'tbaker',
	total: 28802,
	snapshot: JSON.stringify(snapshot),
	status: 'pending',
	createdAt: Date.UTC(2026, 10, 20),
	settledAt: null,
	settledBy: null,
	reason: null,
	orderNumber: null,
})

const common = {
	requester: { username: 'tbaker', name: 'Tom Baker', email: 'tom@example.com', userId: 7 },
	reason: 'over your $200 order limit',
	reasonForApprovers: 'over their $200 order limit',
	taxInclusive: false,
	despatch: 'Pickup',
	branchName: 'Alexandria',
}
const line = { productID: 'HNAI001', description: 'Nails', uom: 'BOX', quantity: 3, tally: [] }

describe('a request’s snapshot', () => {
	test('is read with its amounts in cents', () => {
		const snapshot: Snapshot = {
			...common,
			money: 'cents',
			lines: [{ ...line, unitPrice: c(5238), unitGST: c(524) }],
			totals: { subtotal: c(15714), gst: c(1572), total: c(17286), unpriced: 0 },
		}
		expect(readSnapshot(stored(snapshot))).toEqual(snapshot)
	})

	test('one stored before money was kept in cents is read in cents too, and shows as it did', () => {
		const dollars = {
			...common,
			lines: [{ ...line, unitPrice: 52.38, unitGST: 5.24 }],
			totals: { subtotal: 157.14, gst: 15.72, total: 172.86, unpriced: 0 },
		}
		const request = stored(dollars)
		expect(readSnapshot(request)).toEqual({
			...common,
			money: 'cents',
			lines: [{ ...line, unitPrice: 5238, unitGST: 524 }],
			totals: { subtotal: 15714, gst: 1572, total: 17286, unpriced: 0 },
		})
		const view = requestView(parseSettings([]), request)
		expect(view.lines[0]?.unitPrice).toBe('$52.38')
		expect(view.totals).toEqual({ subtotal: '$157.14', gst: '$15.72', total: '$172.86' })
	})
})
