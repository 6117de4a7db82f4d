import { describe, expect, test } from 'vitest'
import * as lists from '#app/.server/presenter/contract/lists.ts'
import { CUSTOMER, fails, useSandbox, type Username } from './test-harness.ts'

const sandbox = useSandbox()
const { call, all, newCart, getCart, addToCart } = sandbox

const getLists = (username: Username = 'demo') =>
	call(lists.getCustomLists, { custID: CUSTOMER[username], tpaID: 'tportal' }, username).then(
		(r) => r.dataset.CustomLists,
	)
const byType = async (type: 'Custom' | 'Generic') =>
	(await getLists()).find((l) => l.type === type)!

describe('custom lists', () => {
	test('Generic lists first, then Custom lists, each with lines and tally lengths', async () => {
		const found = await getLists()
		expect(found.map((l) => l.type)).toEqual(['Generic', 'Generic', 'Custom'])
		expect(found[2]!.name).toBe('Weekly site top-up')
		const tally = found.flatMap((l) => l.contents).find((l) => l.isTally)!
		expect(tally.tallyLines.length).toBeGreaterThan(0)
		const metres = tally.tallyLines.reduce((sum, t) => sum + t.length * t.qty, 0)
		expect(tally.prodQty).toBeCloseTo(metres, 3)
		// Another customer's lists are not shown to this session.
		await fails(
			call(lists.getCustomLists, { custID: CUSTOMER.onhold, tpaID: 'tportal' }),
			'field',
			'custID',
		)
	})

	test('copying a list adds its lines, tallies included, to the cart', async () => {
		const list = await byType('Custom')
		const cart = await newCart()
		await addToCart(cart)
		const reply = await call(lists.copyCustomListToCart, {
			fromSessionID: list.cartSessionId,
			toSessionID: cart,
			deviceID: 'test',
		})
		expect(reply.msg).toBe('Custom list copied')
		const lines = await getCart(cart)
		expect(lines.map((l) => l.productID)).toEqual([
			'TLAS001',
			...list.contents.map((l) => l.productID),
		])
		const tally = lines.find((l) => l.isTally)!
		expect(tally.tallyLines).toEqual(
			list.contents.find((l) => l.productID === tally.productID)!.tallyLines,
		)
		// A list is never a target.
		const generic = await byType('Generic')
		await fails(
			call(lists.copyCustomListToCart, {
				fromSessionID: list.cartSessionId,
				toSessionID: generic.cartSessionId,
				deviceID: 'test',
			}),
			'field',
		)
	})

	test('a Custom list loses a line and can be deleted; a Generic list refuses both', async () => {
		const list = await byType('Custom')
		const line = list.contents[0]!
		const removed = await call(lists.removeCustomListLine, {
			cartSessionId: list.cartSessionId,
			productId: line.productID,
			lineId: line.lineID,
		})
		expect(removed.msg).toBe('product removed')
		expect((await byType('Custom')).contents).toHaveLength(list.contents.length - 1)
		expect(
			all(
				'SELECT * FROM cart_tallies WHERE cartSessionId = ? AND lineID = ?',
				list.cartSessionId,
				line.lineID,
			),
		).toEqual([])

		const generic = await byType('Generic')
		await fails(
			call(lists.removeCustomListLine, {
				cartSessionId: generic.cartSessionId,
				productId: generic.contents[0]!.productID,
				lineId: generic.contents[0]!.lineID,
			}),
			'field',
			'sessionID',
		)
		await fails(call(lists.deleteCustomList, { sessionID: generic.cartSessionId }), 'field')

		const deleted = await call(lists.deleteCustomList, { sessionID: list.cartSessionId })
		expect(deleted.msg).toBe('Custom list deleted')
		expect((await getLists()).some((l) => l.cartSessionId === list.cartSessionId)).toBe(false)
		expect(all('SELECT * FROM cart_lines WHERE cartSessionId = ?', list.cartSessionId)).toEqual([])
	})

	test("another customer's list cannot be read, changed or copied", async () => {
		const theirs = (await getLists('onhold')).find((l) => l.type === 'Custom')!
		await fails(call(lists.deleteCustomList, { sessionID: theirs.cartSessionId }), 'field')
		const cart = await newCart()
		await fails(
			call(lists.copyCustomListToCart, {
				fromSessionID: theirs.cartSessionId,
				toSessionID: cart,
				deviceID: 'test',
			}),
			'field',
		)
	})
})
