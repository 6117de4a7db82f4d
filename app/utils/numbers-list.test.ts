import { expect, test } from 'vitest'
import { summariseNumbers } from './numbers-list.ts'

test('up to five numbers are listed, then the rest are counted', () => {
	expect(summariseNumbers(['604180-0'])).toBe('604180-0')
	expect(summariseNumbers(['1', '2', '3', '4', '5'])).toBe('1, 2, 3, 4, 5')
	expect(summariseNumbers(['1', '2', '3', '4', '5', '6', '7'])).toBe('1, 2, 3, 4, 5 ...and 2 more.')
	expect(summariseNumbers([])).toBe('')
})
