import { describe, expect, test } from 'vitest'
import { CUSTOMER, useSandbox } from '../../../../server/sandbox/test-harness.ts'
import { ADDRESS_NOT_FOUND, placeOrder, previewDelivery, quoteDelivery } from './checkout.server.ts'
import { ConfigurationSchema } from '#app/.server/config.ts'
import { ReadCache } from '#app/.server/presenter/cache.ts'
import { createClient } from '#app/.server/presenter/client.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'
import { createPresenter } from '#app/.server/presenter/index.ts'

const sandbox = useSandbox()
const settings = parseSettings([])
const methods = [
	{ methodName: 'DEL', methodDesc: 'Delivery', delivery: true },
	{ methodName: 'PICKUP', methodDesc: 'Pickup from branch', delivery: false },
]
const ALEXANDRIA = {
	address: '14 Bourke Road',
	suburb: 'Alexandria',
	state: 'NSW',
	zipCode: '2015',
}
const NOWHERE = { address: '1 Nowhere Lane', suburb: 'Atlantis', state: 'NSW', zipCode: '2999' }
const TRAY = 2

/** The demo user's presenter through the real client, recording the calls that left the cache. */
function presenter() {
	const sent: string[] = []
	const sessionId = sandbox.options('demo').contextId!
	const client = createClient({
		host: sandbox.host,
		contextId: sessionId,
		scope: sessionId,
		timeoutMs: 5_000,
		cache: new ReadCache(),
		onTiming: (fn, _ms, cached) => {
			if (!cached) sent.push(fn)
		},
	})
	const config = ConfigurationSchema.parse({
		endpointUrl: sandbox.host,
		device_id: 'test',
		company_id: '1',
	})
	const identity = { sessionId, username: 'demo', customerId: CUSTOMER.demo }
	return { presenter: createPresenter({ client, config, identity }), sent }
}

function order(address: typeof ALEXANDRIA, attempt: string) {
	return {
		attempt,
		transactionType: 'Order' as const,
		shipping: { despatchType: 'DEL', deliveryTo: 'Site office', ...address },
		delivery: {
			onsite: false,
			contactName: 'Sam Lee',
			contactPhone: '0412 000 111',
			requiredDate: new Date(2026, 11, 24),
			requiredTime: '7:30',
			vehicleType: TRAY,
		},
	}
}

const cart = { id: async () => '', lines: async () => [], ordered: () => {} }

describe('the delivery charge: one path for the preview and the order', () => {
	test('an address is geocoded, the closest branch found and its charge product named', async () => {
		const { presenter: p } = presenter()
		expect(await quoteDelivery(p, ALEXANDRIA, TRAY)).toMatchObject({
			productID: 'DEL-TRAY-0-10',
			branchID: 1,
			distanceKm: expect.any(Number),
		})
	})

	test('an address the presenter cannot place is null, not 0,0', async () => {
		const { presenter: p } = presenter()
		expect(await quoteDelivery(p, NOWHERE, TRAY)).toBeNull()
		expect(
			await previewDelivery({ presenter: p, settings, address: NOWHERE, vehicleType: TRAY }),
		).toBeNull()
	})

	test('the preview is the charge line the order gets, discount or not; after it only adding the charge and createOrder go to the presenter', async () => {
		const { presenter: p, sent } = presenter()
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId)
		const preview = await previewDelivery({
			presenter: p,
			settings,
			address: ALEXANDRIA,
			vehicleType: TRAY,
		})
		// The tray truck's 0–10 km charge, not discounted (demo has 12% off products).
		expect(preview).toMatchObject({ branchID: 1, charge: 75 })
		// The account lookups the order needs are the page's, cached before the submission.
		await Promise.all([p.users.getDetails(), p.users.getCustomer()])
		sent.length = 0

		const outcome = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values: order(ALEXANDRIA, 'attempt-preview-000001'),
		})
		expect(outcome).toMatchObject({ ok: true, type: 'Order' })
		expect(sent).toEqual(['addToCart', 'createOrder'])
		const line = sandbox.one(
			`SELECT l.unitPrice FROM transaction_lines l JOIN transactions t ON t.id = l.transaction_id
			 WHERE t.transactionNumber = ? AND l.productCode = 'DEL-TRAY-0-10'`,
			outcome.ok ? outcome.number : 0,
		)
		expect(line.unitPrice).toBe(preview?.charge)
	})

	test('an unknown address refuses the order next to the address: nothing ordered, no charge left', async () => {
		const { presenter: p } = presenter()
		const cartSessionId = await sandbox.newCart()
		await sandbox.addToCart(cartSessionId)
		const count = () => sandbox.one('SELECT count(*) AS n FROM transactions').n
		const before = count()
		const outcome = await placeOrder({
			presenter: p,
			cart,
			cartSessionId,
			settings,
			methods,
			values: order(NOWHERE, 'attempt-nowhere-0000001'),
		})
		expect(outcome).toEqual({
			ok: false,
			message: ADDRESS_NOT_FOUND,
			status: 400,
			field: 'shipping.address',
		})
		expect(count()).toBe(before)
		expect((await sandbox.getCart(cartSessionId)).map((l) => l.productID)).toEqual(['TLAS001'])
	})
})
