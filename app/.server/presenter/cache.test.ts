import { describe, expect, test, vi } from 'vitest'
import { ReadCache, scopeOwner } from './cache.ts'

const reply = (value: string) => () => Promise.resolve(value)

describe('read cache sessions', () => {
	test('past the most sessions kept, the least recently used session is forgotten first', async () => {
		const cache = new ReadCache({ maxScopes: 2 })
		await cache.read('A', 'menu', 60_000, ['menu'], reply('A'))
		await cache.read('B', 'menu', 60_000, ['menu'], reply('B'))
		// A reads again, so B is now the least recently used.
		await cache.read('A', 'menu', 60_000, ['menu'], reply('A again'))
		await cache.read('C', 'menu', 60_000, ['menu'], reply('C'))
		expect(cache.has('A', 'menu')).toBe(true)
		expect(cache.has('B', 'menu')).toBe(false)
		expect(cache.has('C', 'menu')).toBe(true)
		const load = vi.fn(reply('B anew'))
		expect(await cache.read('B', 'menu', 60_000, ['menu'], load)).toBe('B anew')
		expect(load).toHaveBeenCalledOnce()
	})

	test('invalidating and checking a session does not make it recently used', async () => {
		const cache = new ReadCache({ maxScopes: 2 })
		await cache.read('A', 'cart', 60_000, ['cart'], reply('A'))
		await cache.read('B', 'cart', 60_000, ['cart'], reply('B'))
		cache.invalidate('A', ['products'])
		expect(cache.has('A', 'cart')).toBe(true)
		await cache.read('C', 'cart', 60_000, ['cart'], reply('C'))
		expect(cache.has('A', 'cart')).toBe(false)
		expect(cache.has('B', 'cart')).toBe(true)
	})

	test("a user's rights changed: every session of theirs keeps nothing, others keep theirs", async () => {
		const cache = new ReadCache({ maxScopes: 3 })
		const tom = scopeOwner(10001, 'tbaker')
		cache.own('phone', tom)
		cache.own('desk', scopeOwner(10001, ' TBaker '))
		cache.own('boss', scopeOwner(10001, 'demo'))
		for (const scope of ['phone', 'desk', 'boss'])
			await cache.read(scope, 'state', 30_000, ['state'], reply(scope))
		cache.dropOwner(tom)
		expect(cache.has('phone', 'state')).toBe(false)
		expect(cache.has('desk', 'state')).toBe(false)
		expect(cache.has('boss', 'state')).toBe(true)
	})

	test('a session dropped (logout) keeps nothing; others keep theirs', async () => {
		const cache = new ReadCache()
		await cache.read('A', 'user', 60_000, ['user'], reply('A'))
		await cache.read('B', 'user', 60_000, ['user'], reply('B'))
		cache.drop('A')
		expect(cache.has('A', 'user')).toBe(false)
		expect(await cache.read('B', 'user', 60_000, ['user'], reply('not asked'))).toBe('B')
	})
})

describe('read-your-writes across instances', () => {
	test("a session's write on one instance: the other drops the session's reads before its next request, whatever the drop's delivery", async () => {
		// Two instances' caches; the drop one publishes never arrives (lost or late).
		const one = new ReadCache()
		const two = new ReadCache()
		for (const cache of [one, two]) {
			cache.seen('A', undefined)
			await cache.read('A', 'cart', 60_000, ['cart'], reply('0 lines'))
			await cache.read('A', 'menu', 60_000, ['menu'], reply('menu'))
			await cache.read('B', 'cart', 60_000, ['cart'], reply('B'))
		}
		// An add to cart on `one`: its own cart read goes, the rest stays; the session takes the stamp.
		one.invalidate('A', ['cart'])
		const stamp = one.wrote('A')
		expect(one.has('A', 'menu')).toBe(true)
		one.seen('A', stamp)
		expect(one.has('A', 'menu')).toBe(true)
		// The next page of the session lands on `two`, which reads the stamp with the session.
		two.seen('A', stamp)
		expect(two.has('A', 'cart')).toBe(false)
		expect(two.has('A', 'menu')).toBe(false)
		expect(two.has('B', 'cart')).toBe(true)
		expect(await two.read('A', 'cart', 60_000, ['cart'], reply('1 line'))).toBe('1 line')
		// Seen once: the session's later requests on `two` read from its cache again.
		two.seen('A', stamp)
		expect(two.has('A', 'cart')).toBe(true)
	})
})
