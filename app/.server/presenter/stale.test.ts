import { describe, expect, test } from 'vitest'
import { formatOutageTime, StaleCopies, type SharedCopies, type StaleCopy } from './stale.ts'

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

	test('another instance finds a copy this one shared, once a minute at most; a dropped scope goes everywhere', async () => {
		let now = 10_000
		const rows = new Map<string, StaleCopy>()
		const saves: string[] = []
		const shared: SharedCopies = {
			save: async (scope, key, copy) => {
				saves.push(key)
				rows.set(`${scope} ${key}`, copy)
			},
			load: async (scope, key, since) => {
				const copy = rows.get(`${scope} ${key}`)
				return copy && copy.at >= since ? copy : undefined
			},
			dropScope: async (scope) => {
				for (const id of rows.keys()) if (id.startsWith(`${scope} `)) rows.delete(id)
			},
		}
		const options = { maxAgeMs: 100_000, now: () => now, shared }
		const one = new StaleCopies(options)
		const other = new StaleCopies(options)
		one.put('session-A', 'getCart:{}', ['line'])
		now += 30_000
		one.put('session-A', 'getCart:{}', ['line', 'two'])
		expect(saves).toEqual(['getCart:{}'])
		expect(other.get('session-A', 'getCart:{}')).toBeUndefined()
		expect(await other.find('session-A', 'getCart:{}')).toEqual({ value: ['line'], at: 10_000 })
		now += 31_000
		one.put('session-A', 'getCart:{}', ['line', 'three'])
		expect(await other.find('session-A', 'getCart:{}')).toEqual({
			value: ['line', 'three'],
			at: 71_000,
		})
		now += 100_001
		expect(await other.find('session-A', 'getCart:{}')).toBeUndefined()
		one.put('session-A', 'getCart:{}', ['again'])
		other.dropScope('session-A')
		await Promise.resolve()
		expect(await one.find('session-B', 'getCart:{}')).toBeUndefined()
		expect(rows.size).toBe(0)
	})

	test('times are the branches’ clock, without a leading zero; another day names the day', () => {
		const morning = Date.parse('2026-11-27T20:42:00Z') // 7:42 on the 28th in Sydney (UTC+11)
		expect(formatOutageTime(morning, 'en-AU')).toMatch(/^7:42( on 28\/11\/2026)?$/)
		expect(formatOutageTime(Date.parse('2026-11-28T03:05:00Z'), 'en-AU')).toMatch(/^14:05/)
		expect(formatOutageTime(Date.parse('2020-01-02T03:05:00Z'), 'en-US')).toBe('14:05 on 1/2/2020')
	})
})
