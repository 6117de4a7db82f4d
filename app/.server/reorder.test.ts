import { describe, expect, test } from 'vitest'
import { isDeliveryCharge, tallyFromMetres } from './reorder.ts'

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
})
