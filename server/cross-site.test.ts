import { describe, expect, test } from 'vitest'
import { isCrossSitePost } from './index.ts'

const HERE = 'https://portal.example.com.au'
const post = (headers: Record<string, string>) =>
	isCrossSitePost({ get: (name: string) => headers[name] } as never, HERE)

describe('cross-site posts', () => {
	test('a browser saying the post came from another site is refused, with or without Origin', () => {
		expect(post({ 'Sec-Fetch-Site': 'cross-site' })).toBe(true)
		expect(post({ 'Sec-Fetch-Site': 'same-site' })).toBe(true)
		expect(post({ 'Sec-Fetch-Site': 'cross-site', Origin: HERE })).toBe(true)
		expect(post({ Origin: 'https://evil.example' })).toBe(true)
		expect(post({ Origin: 'null' })).toBe(true)
		expect(post({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' })).toBe(true)
	})

	test('posts from the portal itself pass', () => {
		expect(post({ Origin: HERE, 'Sec-Fetch-Site': 'same-origin' })).toBe(false)
		expect(post({ Origin: HERE })).toBe(false)
		expect(post({ 'Sec-Fetch-Site': 'same-origin' })).toBe(false)
		expect(post({ 'Sec-Fetch-Site': 'none' })).toBe(false)
	})

	test('with neither header (an older browser, a program), a foreign Referer is refused', () => {
		expect(post({})).toBe(false)
		expect(post({ Referer: `${HERE}/cart` })).toBe(false)
		expect(post({ Referer: 'https://evil.example/page' })).toBe(true)
		expect(post({ Referer: 'not a url' })).toBe(true)
	})
})
