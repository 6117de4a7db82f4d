import { describe, expect, test } from 'vitest'
import { formatOutageTime, StaleCopies } from './stale.ts'

describe('last good copies', () => {
	test('a copy answers until it is older than its age; a dropped scope loses only its own', () => {
		let now = 5_000
		const copies = new StaleCopies({ maxAgeMs: 1_000, now: () => now })
		copies.put('session-A', 'getCart:{}', ['line'])
		copies.put('session-B', 'getCart:{}', ['other'])
		now = 5_999
		expect(copies.get('session-A', 'getCart:{}')).toEqual({ value: ['line'], at: 5_000 })
		copies.dropScope('session-A')
		expect(copies.get('session-A', 'getCart:{}')).toBeUndefined()
		expect(copies.get('session-B', 'getCart:{}')?.value).toEqual(['other'])
		now = 6_001
		expect(copies.get('session-B', 'getCart:{}')).toBeUndefined()
	})

	test('times are the branches’ clock, without a leading zero; another day names the day', () => {
		const morning = Date.parse('2026-11-27T20:42:00Z') // 7:42 on the 28th in Sydney (UTC+11)
		expect(formatOutageTime(morning, 'en-AU')).toMatch(/^7:42( on 28\/11\/2026)?$/)
		expect(formatOutageTime(Date.parse('2026-11-28T03:05:00Z'), 'en-AU')).toMatch(/^14:05/)
		expect(formatOutageTime(Date.parse('2020-01-02T03:05:00Z'), 'en-US')).toBe('14:05 on 1/2/2020')
	})
})
