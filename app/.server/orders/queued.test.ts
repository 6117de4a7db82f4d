/**
 * Orders kept while the presenter was down, sent when it is back (docs/decisions/064): once, under
 * the order rules, with the customer told by email.
 */
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { getStore } from '../store/index.ts'
import { sendQueued } from './queued.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'
import { cartTotals } from '#app/utils/money.ts'
import { CUSTOMER, useSandbox } from '#server/sandbox/test-harness.ts'
import { METHODS as methods, shopperOf } from '#tests/utils/shopper.ts'

const sandbox = useSandbox()

/**
 * A cart of `quantity` boxes of nails kept as `username`'s order, at `shown` (the cart's total
 * when not given).
 */
async function keep(
	quantity: number,
	shown?: (total: number) => number,
	username: 'demo' | 'tbaker' = 'demo',
) {
	const portal = sandbox.portal(username)
	const cartId = await sandbox.newCart(username)
	await sandbox.addToCart(
		cartId,
		{ productID: 'HNAI001', UOM: 'BOX', quoteQty: quantity },
		username,
	)
	const total = cartTotals(await portal.presenter.cart.get(cartId), false).total
	const reference = `kept-${randomUUID().slice(0, 8)}`
	const values = {
		transactionType: 'Order' as const,
		shipping: { despatchType: 'PICKUP', deliveryTo: 'Site office', reference },
		delivery: {
			onsite: false,
			contactName: 'Sam Lee',
			contactPhone: '0412 000 111',
			requiredDate: new Date(2026, 11, 24),
			requiredTime: '7:30',
			branch: 1,
		},
	}
	const order = await getStore().queued.add({
		customerId: CUSTOMER[username],
		username,
		attempt: randomUUID(),
		sessionId: portal.identity.sessionId,
		cartId,
		request: JSON.stringify({ values, methods }),
		shownTotal: shown ? shown(total) : total,
		summary: '[]',
	})
	return { order, shopper: shopperOf(portal, cartId, parseSettings([])), total, reference }
}

const placedWith = (reference: string) =>
	sandbox.all('SELECT transactionNumber FROM transactions WHERE customerOrderNumber = ?', reference)
const emails = () => sandbox.all('SELECT subject FROM outbox').map((e) => e.subject)

test('sent twice at once (two instances): placed once, the customer emailed its number', async () => {
	const { order, shopper, reference } = await keep(2)
	const results = await Promise.all([sendQueued(order, shopper), sendQueued(order, shopper)])
	const placed = results.find((r) => r.kind === 'placed')
	expect(placed).toMatchObject({ kind: 'placed', type: 'Order' })
	expect(results.find((r) => r !== placed)).toMatchObject({ kind: 'refused', status: 409 })
	const number = placed?.kind === 'placed' ? placed.number : 0
	expect(placedWith(reference).map((r) => r.transactionNumber)).toEqual([number])
	expect(await getStore().queued.get(order.id)).toMatchObject({
		status: 'placed',
		orderNumber: number,
	})
	expect(emails()).toContain(`Your order was placed: order ${number}`)
})

test('a total other than the one shown places nothing and waits for the new total', async () => {
	const { order, shopper, total, reference } = await keep(2, (t) => t - 100)
	expect(await sendQueued(order, shopper)).toMatchObject({ kind: 'total-changed', total })
	expect(placedWith(reference)).toEqual([])
	expect(await getStore().queued.get(order.id)).toMatchObject({
		status: 'total-changed',
		newTotal: total,
	})
	expect(emails()).toContain('Your order was not placed: its total changed')
})

test("over the user's order limit now (a sales user): sent for approval, nothing placed", async () => {
	const { order, shopper, reference } = await keep(3, undefined, 'tbaker')
	await getStore().approvals.setLimits(CUSTOMER.tbaker, 'tbaker', {
		mayOrder: true,
		orderLimit: 100,
		monthlyLimit: null,
	})
	expect(await sendQueued(order, shopper)).toMatchObject({ kind: 'sent-for-approval' })
	expect(placedWith(reference)).toEqual([])
	expect(await getStore().queued.get(order.id)).toMatchObject({ status: 'approval' })
	const [request] = await getStore().approvals.list(CUSTOMER.tbaker, 'tbaker')
	expect(request).toMatchObject({ status: 'pending' })
	expect(emails()).toContain('Your order was sent for approval')
})
