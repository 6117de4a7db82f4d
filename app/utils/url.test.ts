import { describe, expect, it } from 'vitest'
import { withParams } from './url.ts'

describe('withParams', () => {
	it('adds, replaces and removes query parameters, keeping the rest in order', () => {
		expect(withParams('/products/TIM/FRM', { product: 'TH2F004', dialog: null })).toBe(
			'/products/TIM/FRM?product=TH2F004',
		)
		expect(
			withParams('/products/TIM/FRM?page=2&product=X1&dialog=tally', { page: 3, product: null }),
		).toBe('/products/TIM/FRM?page=3&dialog=tally')
		expect(withParams('/search?value=deck%20ing', { product: 'A&B' })).toBe(
			'/search?value=deck+ing&product=A%26B',
		)
	})

	it('leaves no question mark when nothing is left', () => {
		expect(withParams('/products/TIM/FRM?dialog=tally', { dialog: null })).toBe('/products/TIM/FRM')
	})
})
