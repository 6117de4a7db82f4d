import { describe, expect, test } from 'vitest'
import { publicOrigin } from './public-origin.ts'

describe('publicOrigin', () => {
	test('is PUBLIC_URL as an origin, whatever the mode', () => {
		expect(publicOrigin({ PUBLIC_URL: 'https://trade.example.com.au' })).toBe(
			'https://trade.example.com.au',
		)
		expect(
			publicOrigin({ NODE_ENV: 'production', PUBLIC_URL: ' https://Trade.Example.com.au:8443/ ' }),
		).toBe('https://trade.example.com.au:8443')
	})

	test('is required in production, with a message saying what to set', () => {
		for (const PUBLIC_URL of [undefined, '', '  '])
			expect(() => publicOrigin({ NODE_ENV: 'production', PUBLIC_URL, PORT: '3000' })).toThrow(
				/^PUBLIC_URL is required in production: .*PUBLIC_URL=http:\/\/localhost:3000/,
			)
	})

	test('defaults to http://localhost:{PORT} outside production', () => {
		expect(publicOrigin({ PORT: '4123' })).toBe('http://localhost:4123')
		expect(publicOrigin({ NODE_ENV: 'development' })).toBe('http://localhost:3000')
	})

	test.each([
		'trade.example.com.au',
		'ftp://trade.example.com.au',
		'https://trade.example.com.au/portal',
		'https://trade.example.com.au/?x=1',
		'https://user:pw@trade.example.com.au',
	])('refuses %s: not an http(s) origin', (PUBLIC_URL) => {
		expect(() => publicOrigin({ NODE_ENV: 'production', PUBLIC_URL })).toThrow(/PUBLIC_URL/)
	})
})
