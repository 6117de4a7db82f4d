import { describe, expect, test } from 'vitest'
import { readMoney } from './typed-money.ts'

describe('readMoney', () => {
	test('money as people type it, and as pages show it', () => {
		expect(readMoney('22007.58')).toEqual({ cents: 2200758 })
		expect(readMoney('22,007.58')).toEqual({ cents: 2200758 })
		expect(readMoney('$2,500.00')).toEqual({ cents: 250000 })
		expect(readMoney(' $ 1250.5 ')).toEqual({ cents: 125050 })
		expect(readMoney('USD\u00a01,250.50')).toEqual({ cents: 125050 })
		expect(readMoney('A$12')).toEqual({ cents: 1200 })
		expect(readMoney('us$0.07')).toEqual({ cents: 7 })
		expect(readMoney('.5')).toEqual({ cents: 50 })
		expect(readMoney('12.')).toEqual({ cents: 1200 })
		expect(readMoney('0')).toEqual({ cents: 0 })
	})
	test('or why it is not an amount', () => {
		expect(readMoney('  ')).toEqual({ error: 'empty' })
		expect(readMoney('-5')).toEqual({ error: 'negative' })
		expect(readMoney('USD -5')).toEqual({ error: 'negative' })
		expect(readMoney('12.345')).toEqual({ error: 'fraction' })
		for (const text of ['1e2', '0x10', '+5', '12,34', '$', 'twelve'])
			expect(readMoney(text), text).toEqual({ error: 'not-money' })
	})
})
