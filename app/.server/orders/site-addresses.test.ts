import { describe, expect, test } from 'vitest'
import { siteAddressKey, siteAddressOf } from './site-addresses.ts'

const STATES = ['NSW', 'VIC', 'QLD']

describe('site addresses', () => {
	test('street, suburb and state with postcode make a site address', () => {
		expect(
			siteAddressOf(
				{ shipAddress1: '14 Queen Street', shipAddress2: 'Windsor', shipAddress3: 'nsw 2756' },
				STATES,
			),
		).toEqual({ address: '14 Queen Street', suburb: 'Windsor', state: 'NSW', postcode: '2756' })
	})

	test('a pickup or an unknown state is none', () => {
		const pickup = {
			shipAddress1: 'Customer pickup',
			shipAddress2: 'Alexandria branch',
			shipAddress3: '',
		}
		expect(siteAddressOf(pickup, STATES)).toBeNull()
		expect(
			siteAddressOf({ shipAddress1: '1 A St', shipAddress2: 'X', shipAddress3: 'ZZ 2000' }, STATES),
		).toBeNull()
	})

	test('the same address in other capitals or spacing is one key', () => {
		const a = { address: '14 Queen  Street', suburb: 'Windsor', state: 'NSW', postcode: '2756' }
		const b = { address: '14 queen street', suburb: 'WINDSOR', state: 'NSW', postcode: '2756' }
		expect(siteAddressKey(a)).toBe(siteAddressKey(b))
	})
})
