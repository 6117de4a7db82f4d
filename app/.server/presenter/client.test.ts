import { delay, HttpResponse } from 'msw'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
	cartPayload,
	errorReply,
	getInvoicePdf,
	PRESENTER_HOST,
	presenterFailure,
	presenterHandler,
	usePresenterServer,
} from '#tests/msw/presenter.ts'
import { Breaker } from './breaker.ts'
import { ReadCache } from './cache.ts'
import { StaleCopies } from './stale.ts'
import { getState } from './contract/auth.ts'
import { createCart, getCart } from './contract/cart.ts'
import { getProductMenu, getProductsByType } from './contract/catalogue.ts'
import { getSettings } from './contract/config.ts'
import { datasetReply, defineOperation, TTL } from './contract/define.ts'
import { getCustomerDetails, getUserDetails } from './contract/users.ts'
import { createClient, DEFAULT_RETRY, retryDelay, type ClientOptions } from './client.ts'
import { type PresenterError } from './errors.ts'

const { server, requests } = usePresenterServer()

/** A read without a cache entry in the contract. */
const getBranches = defineOperation({
	fn: 'getBranches',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ Branches: z.array(z.object({ branchID: z.number(), name: z.string() })) }),
})

const newCart = { customerID: 42, deviceID: 'dev-1', sessionType: 'Cart' } as const
const line = (productID: string) => ({
	productID,
	lineID: 1,
	prodQty: 1,
	UOM: 'ea',
	unitPrice: 10,
	unitGST: 1,
	prodDesc: productID,
	isTally: false,
})
const menuRow = { prodCategory: 'Timber', menuDesc: 'Timber' }
const customer = {
	customerID: 42,
	customerName: 'Acme Builders',
	streetAddress: '1 Main St',
	streetSuburb: 'Town',
	streetState: 'NSW',
	streetPostCode: '2000',
	customerEmail: 'acme@example.com',
	billAddress: '1 Main St',
	billSuburb: 'Town',
	billState: 'NSW',
	billPostCode: '2000',
	phoneHome: '',
	faxBusiness: '',
	phoneMobile: '',
}

type Timing = { fn: string; ms: number; cached: boolean }

/** A client on session-A with a fresh cache; sleeps are recorded instead of waited. */
function setup(overrides: Partial<ClientOptions> = {}) {
	const delays: number[] = []
	const timings: Timing[] = []
	const expired: PresenterError[] = []
	const cache = overrides.cache ?? new ReadCache()
	const client = createClient({
		host: PRESENTER_HOST,
		contextId: 'session-A',
		scope: 'session-A',
		timeoutMs: 1_000,
		cache,
		sleep: async (ms) => {
			delays.push(ms)
		},
		onTiming: (fn, ms, cached) => timings.push({ fn, ms, cached }),
		onSessionExpired: (error) => {
			expired.push(error)
		},
		...overrides,
	})
	return { client, cache, delays, timings, expired }
}

/** The PresenterError (or other value) a call rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
	return promise.then(
		() => {
			throw new Error('expected the call to fail')
		},
		(e: unknown) => e,
	)
}

const countOf = (fn: string) =>
	requests.filter((r) => new URL(r.url).searchParams.get('ipFunction') === fn).length

describe('retries (3 retries, delay doubling from 1 s to at most 30 s)', () => {
	test('retryDelay doubles from 1 s and is capped at 30 s', () => {
		expect(DEFAULT_RETRY).toEqual({ retries: 3, baseMs: 1_000, maxMs: 30_000 })
		expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => retryDelay(DEFAULT_RETRY, n))).toEqual([
			1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
		])
	})

	test('a read failing with 503 is retried, then succeeds', async () => {
		server.use(
			presenterHandler(getBranches, ({ call }) =>
				call <= 2
					? new HttpResponse(null, { status: 503 })
					: { dataset: { Branches: [{ branchID: 1, name: 'Main' }] } },
			),
		)
		const { client, delays } = setup()
		const reply = await client.call(getBranches, { companyID: 'C1' })
		expect(reply.dataset.Branches).toEqual([{ branchID: 1, name: 'Main' }])
		expect(requests).toHaveLength(3)
		expect(delays).toEqual([1_000, 2_000])
	})

	test('a read failing with network errors is retried 3 times with 1 s, 2 s, 4 s delays', async () => {
		server.use(
			presenterHandler(getBranches, ({ call }) =>
				call <= 3 ? HttpResponse.error() : { dataset: { Branches: [] } },
			),
		)
		const { client, delays } = setup()
		const reply = await client.call(getBranches, { companyID: 'C1' })
		expect(reply.dataset.Branches).toEqual([])
		expect(requests).toHaveLength(4)
		expect(delays).toEqual([1_000, 2_000, 4_000])
	})

	test('a read that keeps failing gives up after 3 retries with the last error', async () => {
		server.use(presenterHandler(getBranches, () => new HttpResponse(null, { status: 503 })))
		const { client, delays } = setup()
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(error.kind).toBe('transport')
		expect(error.status).toBe(503)
		expect(requests).toHaveLength(4)
		expect(delays).toEqual([1_000, 2_000, 4_000])
	})

	test('with more retries the delays stop growing at 30 s', async () => {
		server.use(presenterHandler(getBranches, () => new HttpResponse(null, { status: 500 })))
		const { client, delays } = setup({ retry: { ...DEFAULT_RETRY, retries: 7 } })
		await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
		expect(requests).toHaveLength(8)
	})

	test('cached reads are retried too, and the success is cached', async () => {
		server.use(
			presenterHandler(getCart, ({ call }) =>
				call === 1 ? HttpResponse.error() : { dataset: { CartLines: [line('P1')] } },
			),
		)
		const { client, delays } = setup()
		await client.call(getCart, cartPayload)
		await client.call(getCart, cartPayload)
		expect(requests).toHaveLength(2)
		expect(delays).toEqual([1_000])
	})

	test.each([400, 401, 403, 404, 409, 429])(
		'a read failing with HTTP %i is not retried',
		async (status) => {
			server.use(presenterHandler(getBranches, () => new HttpResponse(null, { status })))
			const { client, delays } = setup()
			const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
			expect(error.status).toBe(status)
			expect(requests).toHaveLength(1)
			expect(delays).toEqual([])
		},
	)

	test.each([
		['a field error', errorReply('Branch closed', 'branchID'), 'field'],
		['no-records', errorReply('No matching records'), 'no-records'],
		['session-expired', errorReply('session has expired'), 'session-expired'],
		['Api Error', { hasErrors: true as const }, 'api'],
	])('an errorTable reply (%s) is not retried', async (_name, reply, kind) => {
		server.use(presenterHandler(getBranches, () => reply))
		const { client, delays } = setup()
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(error.kind).toBe(kind)
		expect(requests).toHaveLength(1)
		expect(delays).toEqual([])
	})

	test('an invalid reply is not retried', async () => {
		server.use(presenterHandler(getBranches, () => HttpResponse.text('<html>oops</html>')))
		const { client, delays } = setup()
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(error.kind).toBe('invalid-reply')
		expect(requests).toHaveLength(1)
		expect(delays).toEqual([])
	})

	test.each([
		['HTTP 503', () => new HttpResponse(null, { status: 503 })],
		['HTTP 500', () => new HttpResponse(null, { status: 500 })],
		['a network error', () => HttpResponse.error()],
	])('a mutation failing with %s is never retried', async (_name, reply) => {
		server.use(presenterHandler(createCart, reply))
		const { client, delays } = setup()
		const error = await presenterFailure(client.call(createCart, newCart))
		expect(error.kind).toBe('transport')
		expect(requests).toHaveLength(1)
		expect(delays).toEqual([])
	})

	test('no retry once the caller has gone away', async () => {
		const controller = new AbortController()
		server.use(
			presenterHandler(getBranches, () => {
				controller.abort()
				return new HttpResponse(null, { status: 503 })
			}),
		)
		const { client, delays } = setup({ signal: controller.signal })
		await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(requests).toHaveLength(1)
		expect(delays).toEqual([])
	})

	test('stream calls are reads: retried on 503, then the file is returned', async () => {
		server.use(
			presenterHandler(getInvoicePdf, ({ call }) =>
				call === 1 ? new HttpResponse(null, { status: 503 }) : new HttpResponse('%PDF-1.7'),
			),
		)
		const { client, delays } = setup()
		const response = await client.stream(getInvoicePdf, { invoiceNumber: 'INV-1', copies: 1 })
		expect(await response.text()).toBe('%PDF-1.7')
		expect(requests).toHaveLength(2)
		expect(delays).toEqual([1_000])
	})
})

describe('timeout', () => {
	const hang = async () => {
		await delay('infinite')
		return new HttpResponse(null, { status: 500 })
	}

	test('a read that never answers times out as a transport error, retried like one', async () => {
		server.use(presenterHandler(getBranches, hang))
		const { client, delays } = setup({ timeoutMs: 50 })
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(error.kind).toBe('transport')
		expect(error.message).toBe('Presenter timed out after 50 ms')
		expect(requests).toHaveLength(4)
		expect(delays).toEqual([1_000, 2_000, 4_000])
	})

	test('a slow read succeeds on retry after one timeout', async () => {
		server.use(
			presenterHandler(getBranches, async ({ call }) => {
				if (call === 1) await delay(500)
				return { dataset: { Branches: [{ branchID: call, name: 'Main' }] } }
			}),
		)
		const { client } = setup({ timeoutMs: 50 })
		const reply = await client.call(getBranches, { companyID: 'C1' })
		expect(reply.dataset.Branches).toEqual([{ branchID: 2, name: 'Main' }])
	})

	test('a read whose body times out is retried like any transport failure', async () => {
		let calls = 0
		server.use(
			presenterHandler(getBranches, () => {
				calls += 1
				if (calls > 1) return { dataset: { Branches: [{ branchID: 1, name: 'Main' }] } }
				// The headers and the start of the body, then nothing more.
				const body = new ReadableStream<Uint8Array>({
					start(controller) {
						controller.enqueue(new TextEncoder().encode('{"dataset":'))
					},
				})
				return new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } })
			}),
		)
		const { client, delays } = setup({ timeoutMs: 50 })
		const reply = await client.call(getBranches, { companyID: 'C1' })
		expect(reply.dataset.Branches).toEqual([{ branchID: 1, name: 'Main' }])
		expect(calls).toBe(2)
		expect(delays).toEqual([1_000])
	})

	test('a mutation that never answers times out once', async () => {
		server.use(presenterHandler(createCart, hang))
		const { client, delays } = setup({ timeoutMs: 50 })
		const error = await presenterFailure(client.call(createCart, newCart))
		expect(error.kind).toBe('transport')
		expect(error.message).toMatch(/timed out/)
		expect(requests).toHaveLength(1)
		expect(delays).toEqual([])
	})
})

describe('one deadline per request for reads, retries included', () => {
	const hang = async () => {
		await delay('infinite')
		return new HttpResponse(null, { status: 500 })
	}
	/** Real waits between retries (not recorded ones), as in production. */
	const realSleep = { sleep: undefined, retry: { ...DEFAULT_RETRY, baseMs: 40 } }

	test('a hanging read fails after about one timeout in all, not one per attempt', async () => {
		server.use(presenterHandler(getBranches, hang))
		const { client } = setup({ ...realSleep, timeoutMs: 200, deadline: AbortSignal.timeout(200) })
		const start = performance.now()
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		const elapsed = performance.now() - start
		expect(error.kind).toBe('transport')
		expect(error.message).toBe('Presenter timed out after 200 ms')
		expect(requests).toHaveLength(1)
		// Without the deadline: 4 attempts × 200 ms plus 40 + 80 + 160 ms of waits, about 1.1 s.
		expect(elapsed).toBeLessThan(600)
	})

	test('failures then a hang: retries stop when the budget is spent', async () => {
		server.use(
			presenterHandler(getBranches, ({ call }) =>
				call === 1 ? new HttpResponse(null, { status: 503 }) : hang(),
			),
		)
		const { client } = setup({ ...realSleep, timeoutMs: 300, deadline: AbortSignal.timeout(300) })
		const start = performance.now()
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(error.message).toMatch(/timed out/)
		expect(requests).toHaveLength(2)
		expect(performance.now() - start).toBeLessThan(700)
	})

	test('a wait between retries ends at the deadline with the last failure', async () => {
		server.use(presenterHandler(getBranches, () => new HttpResponse(null, { status: 503 })))
		const { client } = setup({
			sleep: undefined,
			retry: { ...DEFAULT_RETRY, baseMs: 5_000 },
			deadline: AbortSignal.timeout(100),
		})
		const start = performance.now()
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(error.status).toBe(503)
		expect(requests).toHaveLength(1)
		expect(performance.now() - start).toBeLessThan(1_000)
	})

	test('one budget for the whole request: a later read gets what is left', async () => {
		server.use(
			presenterHandler(getBranches, async () => {
				await delay(150)
				return { dataset: { Branches: [] } }
			}),
		)
		const { client } = setup({ timeoutMs: 250, deadline: AbortSignal.timeout(250) })
		await client.call(getBranches, { companyID: 'C1' })
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C2' }))
		expect(error.message).toMatch(/timed out/)
	})

	test('a read within the budget is unaffected', async () => {
		server.use(presenterHandler(getBranches, () => ({ dataset: { Branches: [] } })))
		const { client } = setup({ deadline: AbortSignal.timeout(1_000) })
		expect((await client.call(getBranches, { companyID: 'C1' })).dataset.Branches).toEqual([])
	})

	test('mutations are not cut by the deadline (their own timeout applies)', async () => {
		server.use(
			presenterHandler(createCart, async () => {
				await delay(100)
				return { dataset: { cartSessionId: 'cart-1' } }
			}),
		)
		const deadline = AbortSignal.abort(new DOMException('spent', 'TimeoutError'))
		const { client } = setup({ timeoutMs: 1_000, deadline })
		expect((await client.call(createCart, newCart)).dataset.cartSessionId).toBe('cart-1')
	})
})

describe('read cache', () => {
	test('a second identical read within its TTL makes no request', async () => {
		server.use(presenterHandler(getCart, () => ({ dataset: { CartLines: [line('P1')] } })))
		const { client } = setup()
		const first = await client.call(getCart, cartPayload)
		const reordered = {
			deviceID: 'dev-1',
			customerID: 42,
			reprice: true,
			userName: 'jo',
			tpaID: 'tportal',
			sessionID: 'cart-1',
		} as const
		const second = await client.call(getCart, reordered)
		expect(second).toEqual(first)
		expect(second.dataset.CartLines[0]?.productID).toBe('P1')
		expect(requests).toHaveLength(1)
	})

	test('a different payload is a different entry', async () => {
		server.use(
			presenterHandler(getCart, ({ payload }) => ({
				dataset: { CartLines: [line(payload.sessionID)] },
			})),
		)
		const { client } = setup()
		const a = await client.call(getCart, cartPayload)
		const b = await client.call(getCart, { ...cartPayload, sessionID: 'cart-2' })
		expect(a.dataset.CartLines[0]?.productID).toBe('cart-1')
		expect(b.dataset.CartLines[0]?.productID).toBe('cart-2')
		expect(requests).toHaveLength(2)
	})

	test('an entry is fresh until its TTL has passed, then refetched', async () => {
		let now = 1_000_000
		server.use(
			presenterHandler(getCart, ({ call }) => ({ dataset: { CartLines: [line(`P${call}`)] } })),
		)
		const { client } = setup({ cache: new ReadCache({ now: () => now }) })
		expect(getCart.cache?.ttlMs).toBe(TTL.list)

		await client.call(getCart, cartPayload)
		now += TTL.list - 1
		const stillFresh = await client.call(getCart, cartPayload)
		expect(stillFresh.dataset.CartLines[0]?.productID).toBe('P1')
		expect(requests).toHaveLength(1)

		now += 1
		const refetched = await client.call(getCart, cartPayload)
		expect(refetched.dataset.CartLines[0]?.productID).toBe('P2')
		expect(requests).toHaveLength(2)
	})

	test('each operation keeps its own TTL', async () => {
		let now = 0
		server.use(
			presenterHandler(getCart, () => ({ dataset: { CartLines: [] } })),
			presenterHandler(getProductMenu, () => ({ dataset: { ProductMenu: [menuRow] } })),
		)
		const { client } = setup({ cache: new ReadCache({ now: () => now }) })
		await client.call(getCart, cartPayload)
		await client.call(getProductMenu, { companyID: 'C1' })
		now = TTL.list
		await client.call(getCart, cartPayload)
		await client.call(getProductMenu, { companyID: 'C1' })
		expect(countOf('getCart')).toBe(2)
		expect(countOf('getProductMenu')).toBe(1)
	})

	test('parallel identical reads share one request', async () => {
		server.use(
			presenterHandler(getCart, async () => {
				await delay(20)
				return { dataset: { CartLines: [line('P1')] } }
			}),
		)
		const { client } = setup()
		const replies = await Promise.all([
			client.call(getCart, cartPayload),
			client.call(getCart, cartPayload),
			client.call(getCart, cartPayload),
		])
		expect(requests).toHaveLength(1)
		for (const reply of replies) expect(reply.dataset.CartLines[0]?.productID).toBe('P1')
	})

	test('parallel identical reads share one failure, and it is not kept', async () => {
		server.use(
			presenterHandler(getCart, async ({ call }) => {
				await delay(20)
				return call === 1 ? errorReply('Cart locked', 'sessionID') : { dataset: { CartLines: [] } }
			}),
		)
		const { client } = setup()
		const results = await Promise.allSettled([
			client.call(getCart, cartPayload),
			client.call(getCart, cartPayload),
		])
		expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
		expect(requests).toHaveLength(1)
		await client.call(getCart, cartPayload)
		expect(requests).toHaveLength(2)
	})

	test('a mutation invalidates the reads carrying its tags and no others', async () => {
		server.use(
			presenterHandler(getCart, ({ call }) => ({
				dataset: { CartLines: call === 1 ? [] : [line('P1')] },
			})),
			presenterHandler(getProductMenu, () => ({ dataset: { ProductMenu: [menuRow] } })),
			presenterHandler(getCustomerDetails, () => ({ dataset: { CustomerDetails: [customer] } })),
			presenterHandler(createCart, () => ({ dataset: { cartSessionId: 'cart-2' } })),
		)
		const { client } = setup()
		expect(createCart.invalidates).toEqual(['cart'])
		expect(getCart.cache?.tags).toContain('cart')

		expect((await client.call(getCart, cartPayload)).dataset.CartLines).toEqual([])
		await client.call(getProductMenu, { companyID: 'C1' })
		await client.call(getCustomerDetails, { customerID: 42 })

		const created = await client.call(createCart, newCart)
		expect(created.dataset.cartSessionId).toBe('cart-2')

		expect((await client.call(getCart, cartPayload)).dataset.CartLines).toEqual([
			expect.objectContaining({ productID: 'P1' }),
		])
		await client.call(getProductMenu, { companyID: 'C1' })
		await client.call(getCustomerDetails, { customerID: 42 })
		expect(countOf('getCart')).toBe(2)
		expect(countOf('getProductMenu')).toBe(1)
		expect(countOf('getCustomerDetails')).toBe(1)
		expect(countOf('createCart')).toBe(1)
	})

	test('mutations are never cached', async () => {
		server.use(
			presenterHandler(createCart, ({ call }) => ({ dataset: { cartSessionId: `cart-${call}` } })),
		)
		const { client } = setup()
		const a = await client.call(createCart, newCart)
		const b = await client.call(createCart, newCart)
		expect([a.dataset.cartSessionId, b.dataset.cartSessionId]).toEqual(['cart-1', 'cart-2'])
		expect(requests).toHaveLength(2)
	})

	test('a failed read is not cached: the next read asks again', async () => {
		server.use(
			presenterHandler(getCart, ({ call }) =>
				call === 1
					? new HttpResponse(null, { status: 404 })
					: { dataset: { CartLines: [line('P1')] } },
			),
		)
		const { client } = setup()
		await presenterFailure(client.call(getCart, cartPayload))
		const reply = await client.call(getCart, cartPayload)
		expect(reply.dataset.CartLines).toHaveLength(1)
		await client.call(getCart, cartPayload)
		expect(requests).toHaveLength(2)
	})

	test('an error reply is not cached either', async () => {
		server.use(
			presenterHandler(getProductMenu, ({ call }) =>
				call === 1
					? errorReply('Menu unavailable', 'companyID')
					: { dataset: { ProductMenu: [menuRow] } },
			),
		)
		const { client } = setup()
		const error = await presenterFailure(client.call(getProductMenu, { companyID: 'C1' }))
		expect(error.kind).toBe('field')
		const reply = await client.call(getProductMenu, { companyID: 'C1' })
		expect(reply.dataset.ProductMenu).toHaveLength(1)
		expect(requests).toHaveLength(2)
	})

	test('each session has its own scope, and sends its own context id', async () => {
		const contexts: Array<string | null> = []
		server.use(
			presenterHandler(getCart, ({ contextId }) => {
				contexts.push(contextId)
				return { dataset: { CartLines: [line(contextId ?? 'none')] } }
			}),
			presenterHandler(createCart, () => ({ dataset: { cartSessionId: 'cart-9' } })),
		)
		const cache = new ReadCache()
		const a = setup({ cache }).client
		const b = setup({ cache, scope: 'session-B', contextId: 'session-B' }).client

		expect((await a.call(getCart, cartPayload)).dataset.CartLines[0]?.productID).toBe('session-A')
		expect((await b.call(getCart, cartPayload)).dataset.CartLines[0]?.productID).toBe('session-B')
		await a.call(getCart, cartPayload)
		await b.call(getCart, cartPayload)
		expect(contexts).toEqual(['session-A', 'session-B'])

		// A's mutation invalidates A's cart only.
		await a.call(createCart, newCart)
		await a.call(getCart, cartPayload)
		await b.call(getCart, cartPayload)
		expect(contexts).toEqual(['session-A', 'session-B', 'session-A'])
	})

	test('a reply the same for every customer (the menu) is cached once for all sessions', async () => {
		server.use(presenterHandler(getProductMenu, () => ({ dataset: { ProductMenu: [menuRow] } })))
		const cache = new ReadCache()
		const a = setup({ cache })
		const b = setup({ cache, scope: 'session-B', contextId: 'session-B' })
		expect(getProductMenu.cache?.shared).toBe(true)
		await a.client.call(getProductMenu, { companyID: 'C1' })
		const reply = await b.client.call(getProductMenu, { companyID: 'C1' })
		expect(reply.dataset.ProductMenu).toEqual([expect.objectContaining(menuRow)])
		expect(countOf('getProductMenu')).toBe(1)
		expect(b.timings).toEqual([expect.objectContaining({ fn: 'getProductMenu', cached: true })])
		// Signing out of one session keeps what everyone shares.
		cache.drop('session-A')
		await b.client.call(getProductMenu, { companyID: 'C1' })
		expect(countOf('getProductMenu')).toBe(1)
	})

	test('a remembered value is worked out once per session and dropped with its tags', async () => {
		server.use(presenterHandler(createCart, () => ({ dataset: { cartSessionId: 'cart-3' } })))
		const cache = new ReadCache()
		const a = setup({ cache }).client
		const b = setup({ cache, scope: 'session-B', contextId: 'session-B' }).client
		let worked = 0
		const work = async () => ++worked
		const kept = { ttlMs: 60_000, tags: ['cart'] } as const

		expect(await a.remember('count', kept, work)).toBe(1)
		expect(await a.remember('count', kept, work)).toBe(1)
		// Another session works it out for itself.
		expect(await b.remember('count', kept, work)).toBe(2)
		// A mutation naming one of its tags drops it, for that session only.
		await a.call(createCart, newCart)
		expect(await a.remember('count', kept, work)).toBe(3)
		expect(await b.remember('count', kept, work)).toBe(2)
	})

	test('a remembered value expires after its ttl; a failed one is not kept', async () => {
		let now = 0
		const cache = new ReadCache({ now: () => now })
		const { client } = setup({ cache })
		let worked = 0
		const kept = { ttlMs: 60_000, tags: [] } as const
		await client.remember('n', kept, async () => ++worked)
		now = 59_999
		expect(await client.remember('n', kept, async () => ++worked)).toBe(1)
		now = 60_000
		expect(await client.remember('n', kept, async () => ++worked)).toBe(2)
		await expect(
			client.remember('failing', kept, () => Promise.reject(new Error('no'))),
		).rejects.toThrow('no')
		expect(await client.remember('failing', kept, async () => 'later')).toBe('later')
	})

	test('uncached operations make a request every time without a request memo', async () => {
		server.use(presenterHandler(getBranches, () => ({ dataset: { Branches: [] } })))
		const { client } = setup()
		await client.call(getBranches, { companyID: 'C1' })
		await client.call(getBranches, { companyID: 'C1' })
		expect(requests).toHaveLength(2)
	})
})

describe('a list page past its end (no records)', () => {
	const classPage = (page: number) => ({
		companyID: 'C1',
		deviceID: 'dev-1',
		userName: 'demo',
		inStockOnly: false,
		incGST: false,
		searchCategory: 'TIM',
		searchType: 'FRM',
		searchClass: 'MGP10',
		searchString: '',
		page,
		limit: 10,
		start: (page - 1) * 10,
	})

	test('is kept like a reply, every reader gets the refusal, and a product change drops it', async () => {
		server.use(presenterHandler(getProductsByType, () => errorReply('No matching records')))
		const { client, cache } = setup()
		for (let i = 0; i < 3; i++) {
			const error = (await rejection(
				client.call(getProductsByType, classPage(2)),
			)) as PresenterError
			expect(error.kind).toBe('no-records')
		}
		expect(countOf('getProductsByType')).toBe(1)
		cache.invalidate('session-A', ['products'])
		await rejection(client.call(getProductsByType, classPage(2)))
		expect(countOf('getProductsByType')).toBe(2)
	})

	test('other failures are not kept', async () => {
		server.use(presenterHandler(getProductsByType, () => errorReply('Branch closed', 'branchID')))
		const { client } = setup()
		await rejection(client.call(getProductsByType, classPage(2)))
		await rejection(client.call(getProductsByType, classPage(2)))
		expect(countOf('getProductsByType')).toBe(2)
	})
})

describe('session expiry', () => {
	test('drops the session scope, calls onSessionExpired and rethrows', async () => {
		server.use(
			presenterHandler(getCustomerDetails, () => ({ dataset: { CustomerDetails: [customer] } })),
			presenterHandler(getCart, () => errorReply('Your session has expired. Please log in again.')),
		)
		const cache = new ReadCache()
		const a = setup({ cache })
		const b = setup({ cache, scope: 'session-B', contextId: 'session-B' })
		await a.client.call(getCustomerDetails, { customerID: 42 })
		await b.client.call(getCustomerDetails, { customerID: 42 })
		expect(countOf('getCustomerDetails')).toBe(2)

		const error = await presenterFailure(a.client.call(getCart, cartPayload))
		expect(error.kind).toBe('session-expired')
		expect(a.expired).toEqual([error])
		expect(b.expired).toEqual([])

		// A's cached customer is gone; B's is kept.
		await a.client.call(getCustomerDetails, { customerID: 42 })
		await b.client.call(getCustomerDetails, { customerID: 42 })
		expect(countOf('getCustomerDetails')).toBe(3)
	})

	test('a mutation meeting an expired session does the same', async () => {
		server.use(
			presenterHandler(getCustomerDetails, () => ({ dataset: { CustomerDetails: [customer] } })),
			presenterHandler(createCart, () => errorReply('Invalid Session ContextID')),
		)
		const { client, expired } = setup()
		await client.call(getCustomerDetails, { customerID: 42 })
		const error = await presenterFailure(client.call(createCart, newCart))
		expect(error.kind).toBe('session-expired')
		expect(expired).toEqual([error])
		await client.call(getCustomerDetails, { customerID: 42 })
		expect(countOf('getCustomerDetails')).toBe(2)
	})

	test('what onSessionExpired throws propagates instead of the error', async () => {
		server.use(presenterHandler(getCart, () => errorReply('session has expired')))
		const redirect = new Response(null, { status: 302, headers: { Location: '/login' } })
		const { client } = setup({
			onSessionExpired: async () => {
				throw redirect
			},
		})
		expect(await rejection(client.call(getCart, cartPayload))).toBe(redirect)
	})

	test('other errors do not call onSessionExpired or drop the cache', async () => {
		server.use(
			presenterHandler(getCustomerDetails, () => ({ dataset: { CustomerDetails: [customer] } })),
			presenterHandler(getCart, () => errorReply('No matching records')),
		)
		const { client, expired } = setup()
		await client.call(getCustomerDetails, { customerID: 42 })
		await presenterFailure(client.call(getCart, cartPayload))
		await client.call(getCustomerDetails, { customerID: 42 })
		expect(expired).toEqual([])
		expect(countOf('getCustomerDetails')).toBe(1)
	})

	test('a 401 on a stream call is a transport failure, not a session expiry', async () => {
		server.use(
			presenterHandler(getInvoicePdf, () => new HttpResponse(null, { status: 401 })),
			presenterHandler(getProductMenu, () => ({ dataset: { ProductMenu: [menuRow] } })),
		)
		const { client, expired } = setup()
		const error = await presenterFailure(
			client.stream(getInvoicePdf, { invoiceNumber: 'X', copies: 1 }),
		)
		expect(error.kind).toBe('transport')
		expect(error.status).toBe(401)
		expect(expired).toEqual([])
		await client.call(getProductMenu, { companyID: 'C1' })
		await client.call(getProductMenu, { companyID: 'C1' })
		expect(countOf('getProductMenu')).toBe(1)
	})
})

describe('timings', () => {
	test('onTiming gets each call with its duration and whether the cache answered', async () => {
		server.use(
			presenterHandler(getCart, async () => {
				await delay(15)
				return { dataset: { CartLines: [] } }
			}),
			presenterHandler(createCart, () => ({ dataset: { cartSessionId: 'cart-2' } })),
			presenterHandler(getBranches, () => new HttpResponse(null, { status: 404 })),
		)
		const { client, timings } = setup()
		await client.call(getCart, cartPayload)
		await client.call(getCart, cartPayload)
		await client.call(createCart, newCart)
		await presenterFailure(client.call(getBranches, { companyID: 'C1' }))

		expect(timings.map(({ fn, cached }) => ({ fn, cached }))).toEqual([
			{ fn: 'getCart', cached: false },
			{ fn: 'getCart', cached: true },
			{ fn: 'createCart', cached: false },
			{ fn: 'getBranches', cached: false },
		])
		expect(timings[0]!.ms).toBeGreaterThanOrEqual(10)
		expect(timings[1]!.ms).toBeLessThan(timings[0]!.ms)
		for (const t of timings) expect(t.ms).toBeGreaterThanOrEqual(0)
	})
})

describe('cached reads are detached from the request that started them', () => {
	const userPayload = {
		userName: 'jo',
		companyID: 'C1',
		tpa: 'tportal',
		limit: 25,
		page: 1,
		start: 0,
	} as const
	const user = {
		id_cust: 42,
		id_user: 7,
		name_first: 'Jo',
		name_last: 'Builder',
		userEmailAddress: 'jo@example.com',
		current_balance: '120.50',
		balance_30_day: 0,
		balance_overdue: 0,
		last_login_time: 3_600,
		last_login_date: '2025-01-31',
		account_status: 'Active',
	} as const
	const settingsPayload = { companyID: 'C1', customerID: 42 }

	test('the contract caches these reads, so other requests of the session share them', async () => {
		server.use(
			presenterHandler(getUserDetails, () => ({ dataset: { UserDetails: [user] } })),
			presenterHandler(getSettings, () => ({
				dataset: { Settings: [{ name: 'tax_mode', value: 'Y' }] },
			})),
		)
		const cache = new ReadCache()
		const first = setup({ cache })
		const details = await first.client.call(getUserDetails, userPayload)
		const settings = await first.client.call(getSettings, settingsPayload)
		expect(details.dataset.UserDetails[0]).toMatchObject({ id_user: 7, current_balance: 12050 })
		expect(settings.dataset.Settings).toEqual([{ name: 'tax_mode', value: 'Y' }])

		// A later request of the same session is answered from the cache, without a call.
		const later = setup({ cache })
		expect(await later.client.call(getUserDetails, userPayload)).toEqual(details)
		expect(await later.client.call(getSettings, settingsPayload)).toEqual(settings)
		expect(requests).toHaveLength(2)
		expect(later.timings.map((t) => t.cached)).toEqual([true, true])
	})

	test('a read shared with a second caller completes after the first request goes away', async () => {
		server.use(
			presenterHandler(getUserDetails, async () => {
				await delay(60)
				return { dataset: { UserDetails: [user] } }
			}),
		)
		const cache = new ReadCache()
		const gone = new AbortController()
		const first = setup({ cache, signal: gone.signal })
		const second = setup({ cache })

		const started = first.client.call(getUserDetails, userPayload)
		const shared = second.client.call(getUserDetails, userPayload)
		setTimeout(() => gone.abort(), 10)

		const [a, b] = await Promise.allSettled([started, shared])
		expect(gone.signal.aborted).toBe(true)
		expect(b.status).toBe('fulfilled')
		const reply = (b as PromiseFulfilledResult<Awaited<typeof shared>>).value
		expect(reply.dataset.UserDetails[0]).toMatchObject({
			id_user: 7,
			current_balance: 12050,
			account_status: 'Active',
		})
		// The first caller's promise settles the same way; nothing was cancelled.
		expect(a.status).toBe('fulfilled')
		expect(requests).toHaveLength(1)
		expect(second.timings.map((t) => t.cached)).toEqual([true])

		// The completed read is cached for the rest of the session.
		await setup({ cache }).client.call(getUserDetails, userPayload)
		expect(requests).toHaveLength(1)
	})

	test('a read started by a request that has already gone away is still sent and cached', async () => {
		server.use(
			presenterHandler(getSettings, () => ({
				dataset: { Settings: [{ name: 'pricebook_enabled', value: 'true' }] },
			})),
		)
		const cache = new ReadCache()
		const gone = new AbortController()
		gone.abort()
		const reply = await setup({ cache, signal: gone.signal }).client.call(
			getSettings,
			settingsPayload,
		)
		expect(reply.dataset.Settings).toEqual([{ name: 'pricebook_enabled', value: 'true' }])
		const again = await setup({ cache }).client.call(getSettings, settingsPayload)
		expect(again).toEqual(reply)
		expect(requests).toHaveLength(1)
	})

	test('its retries go on after the request that started it went away', async () => {
		server.use(
			presenterHandler(getSettings, async ({ call }) => {
				if (call === 1) {
					await delay(40)
					return new HttpResponse(null, { status: 503 })
				}
				return { dataset: { Settings: [{ name: 'tax_mode', value: 'Y' }] } }
			}),
		)
		const cache = new ReadCache()
		const gone = new AbortController()
		const first = setup({ cache, signal: gone.signal })
		const second = setup({ cache })

		const started = first.client.call(getSettings, settingsPayload)
		const shared = second.client.call(getSettings, settingsPayload)
		setTimeout(() => gone.abort(), 10)

		const reply = await shared
		expect(reply.dataset.Settings).toEqual([{ name: 'tax_mode', value: 'Y' }])
		await started
		expect(requests).toHaveLength(2)
		// The retry runs on the policy of the client that started the read.
		expect(first.delays).toEqual([1_000])
	})

	test('only its timeout applies', async () => {
		server.use(
			presenterHandler(getUserDetails, async () => {
				await delay('infinite')
				return { dataset: { UserDetails: [user] } }
			}),
		)
		const cache = new ReadCache()
		const first = setup({ cache, timeoutMs: 50, signal: new AbortController().signal })
		const second = setup({ cache, timeoutMs: 50 })
		const errors = await Promise.all([
			presenterFailure(first.client.call(getUserDetails, userPayload)),
			presenterFailure(second.client.call(getUserDetails, userPayload)),
		])
		for (const error of errors) {
			expect(error.kind).toBe('transport')
			expect(error.message).toBe('Presenter timed out after 50 ms')
		}
		// One shared read: the first attempt and its 3 retries.
		expect(requests).toHaveLength(4)
		expect(first.delays).toEqual([1_000, 2_000, 4_000])
		expect(second.delays).toEqual([])
	})

	test('by contrast, an uncached read is cancelled with its request', async () => {
		server.use(
			presenterHandler(getBranches, async () => {
				await delay('infinite')
				return { dataset: { Branches: [] } }
			}),
		)
		const gone = new AbortController()
		const { client, delays } = setup({ signal: gone.signal, memo: new Map() })
		const pending = presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		setTimeout(() => gone.abort(), 10)
		const error = await pending
		expect(error.kind).toBe('transport')
		expect(error.message).toBe('Presenter unreachable')
		expect(requests).toHaveLength(1)
		expect(delays).toEqual([])
	})
})

describe('getState: the session check, held for the session-check window', () => {
	const states = (call: number) => ({
		dataset: { stateList: [{ stateID: `S${call}`, stateName: `State ${call}` }] },
	})

	test('the contract caches it for 30 s with the state tag', () => {
		expect(getState.mutation).toBe(false)
		expect(getState.cache).toEqual({ ttlMs: 30_000, tags: ['state'] })
		expect(getState.cache?.shared).toBeUndefined()
	})

	test('a passed check holds for the window, then the presenter is asked again', async () => {
		server.use(presenterHandler(getState, ({ call }) => states(call)))
		let now = 0
		const cache = new ReadCache({ now: () => now })
		const { client, timings } = setup({ cache })
		await client.call(getState, {})
		now = TTL.sessionCheck - 1
		await client.call(getState, {})
		expect(countOf('getState')).toBe(1)
		now = TTL.sessionCheck
		const again = await client.call(getState, {})
		expect(again.dataset.stateList[0]?.stateID).toBe('S2')
		expect(timings.map((t) => t.cached)).toEqual([false, true, false])
	})

	test('each session is checked for itself; an expired one is asked again at once', async () => {
		const contexts: Array<string | null> = []
		server.use(
			presenterHandler(getState, ({ contextId, call }) => {
				contexts.push(contextId)
				return states(call)
			}),
			presenterHandler(getCart, () => errorReply('Your session has expired. Please log in again.')),
		)
		const cache = new ReadCache()
		const a = setup({ cache })
		const b = setup({ cache, scope: 'session-B', contextId: 'session-B' })
		await a.client.call(getState, {})
		await b.client.call(getState, {})
		expect(contexts).toEqual(['session-A', 'session-B'])
		// Any call's session-expired reply drops the session's checks with the rest of its cache.
		await presenterFailure(a.client.call(getCart, cartPayload))
		await a.client.call(getState, {})
		await b.client.call(getState, {})
		expect(contexts).toEqual(['session-A', 'session-B', 'session-A'])
	})
})

describe('request memo (uncached reads shared within one request)', () => {
	const states = (call: number) => ({
		dataset: { Branches: [{ branchID: call, name: `Branch ${call}` }] },
	})

	test('identical uncached reads of one request share one call', async () => {
		server.use(
			presenterHandler(getBranches, async () => {
				await delay(10)
				return { dataset: { Branches: [{ branchID: 1, name: 'Main' }] } }
			}),
		)
		const memo = new Map<string, Promise<unknown>>()
		const { client, timings } = setup({ memo })
		await Promise.all([
			client.call(getBranches, { companyID: 'C1' }),
			client.call(getBranches, { companyID: 'C1' }),
		])
		await client.call(getBranches, { companyID: 'C1' })
		await client.call(getBranches, { companyID: 'C2' })
		expect(requests).toHaveLength(2)
		expect(timings.map((t) => t.cached)).toEqual([false, true, true, false])
	})

	test('a new request (a new memo) asks again, and a mutation clears the memo', async () => {
		server.use(
			presenterHandler(getBranches, () => ({ dataset: { Branches: [] } })),
			presenterHandler(createCart, () => ({ dataset: { cartSessionId: 'cart-2' } })),
		)
		const cache = new ReadCache()
		const first = setup({ cache, memo: new Map() }).client
		const second = setup({ cache, memo: new Map() }).client
		await first.call(getBranches, { companyID: 'C1' })
		await second.call(getBranches, { companyID: 'C1' })
		expect(countOf('getBranches')).toBe(2)
		await second.call(createCart, newCart)
		await second.call(getBranches, { companyID: 'C1' })
		expect(countOf('getBranches')).toBe(3)
	})

	test('two calls in one request share one presenter request', async () => {
		server.use(
			presenterHandler(getBranches, async ({ call }) => {
				await delay(10)
				return states(call)
			}),
		)
		const { client, timings } = setup({ memo: new Map() })
		const [a, b] = await Promise.all([
			client.call(getBranches, { companyID: 'C1' }),
			client.call(getBranches, { companyID: 'C1' }),
		])
		const c = await client.call(getBranches, { companyID: 'C1' })
		expect(a.dataset.Branches).toEqual([{ branchID: 1, name: 'Branch 1' }])
		expect(b).toEqual(a)
		expect(c).toEqual(a)
		expect(countOf('getBranches')).toBe(1)
		expect(timings.map((t) => t.cached)).toEqual([false, true, true])
	})

	test('a mutation clears the memo: the next read asks the presenter again', async () => {
		server.use(
			presenterHandler(getBranches, ({ call }) => states(call)),
			presenterHandler(createCart, () => ({ dataset: { cartSessionId: 'cart-2' } })),
		)
		const memo = new Map<string, Promise<unknown>>()
		const { client } = setup({ memo })
		expect(
			(await client.call(getBranches, { companyID: 'C1' })).dataset.Branches[0]?.branchID,
		).toBe(1)
		expect(
			(await client.call(getBranches, { companyID: 'C1' })).dataset.Branches[0]?.branchID,
		).toBe(1)
		expect(memo.size).toBe(1)

		await client.call(createCart, newCart)
		expect(memo.size).toBe(0)

		expect(
			(await client.call(getBranches, { companyID: 'C1' })).dataset.Branches[0]?.branchID,
		).toBe(2)
		expect(
			(await client.call(getBranches, { companyID: 'C1' })).dataset.Branches[0]?.branchID,
		).toBe(2)
		expect(countOf('getBranches')).toBe(2)
		expect(countOf('createCart')).toBe(1)
	})

	test('a failed mutation clears nothing', async () => {
		server.use(
			presenterHandler(getBranches, ({ call }) => states(call)),
			presenterHandler(createCart, () => errorReply('Customer not available', 'customerID')),
		)
		const { client } = setup({ memo: new Map() })
		await client.call(getBranches, { companyID: 'C1' })
		await presenterFailure(client.call(createCart, newCart))
		await client.call(getBranches, { companyID: 'C1' })
		expect(countOf('getBranches')).toBe(1)
	})

	test('the memo lasts one request: without one, or with a new one, the read asks again', async () => {
		server.use(presenterHandler(getBranches, ({ call }) => states(call)))
		const cache = new ReadCache()
		await setup({ cache }).client.call(getBranches, { companyID: 'C1' })
		await setup({ cache }).client.call(getBranches, { companyID: 'C1' })
		expect(countOf('getBranches')).toBe(2)
		const next = await setup({ cache, memo: new Map() }).client.call(getBranches, {
			companyID: 'C1',
		})
		expect(next.dataset.Branches[0]?.branchID).toBe(3)
		expect(countOf('getBranches')).toBe(3)
	})

	test('a memo shared by two sessions keeps their calls apart', async () => {
		const contexts: Array<string | null> = []
		server.use(
			presenterHandler(getBranches, ({ contextId, call }) => {
				contexts.push(contextId)
				return states(call)
			}),
		)
		const memo = new Map<string, Promise<unknown>>()
		const a = setup({ memo }).client
		const b = setup({ memo, scope: 'session-B', contextId: 'session-B' }).client
		await Promise.all([
			a.call(getBranches, { companyID: 'C1' }),
			b.call(getBranches, { companyID: 'C1' }),
			a.call(getBranches, { companyID: 'C1' }),
		])
		expect(contexts.sort()).toEqual(['session-A', 'session-B'])
	})
})

describe('the customer settings', () => {
	test('a change the supplier makes applies within the session check’s time, without signing in again', async () => {
		let locale = 'en-AU'
		server.use(
			presenterHandler(getSettings, () => ({
				dataset: { Settings: [{ name: 'locale', value: locale }] },
			})),
		)
		let now = 0
		const cache = new ReadCache({ now: () => now })
		const settings = async () =>
			(await setup({ cache }).client.call(getSettings, { companyID: 'C1', customerID: 42 })).dataset
				.Settings
		expect(await settings()).toEqual([{ name: 'locale', value: 'en-AU' }])
		locale = 'en-US'
		now += TTL.sessionCheck - 1
		expect(await settings()).toEqual([{ name: 'locale', value: 'en-AU' }])
		now += 1
		expect(await settings()).toEqual([{ name: 'locale', value: 'en-US' }])
		expect(getSettings.cache?.ttlMs).toBe(TTL.sessionCheck)
	})
})

describe('outages: the breaker and the last good copies', () => {
	const failing = () => new HttpResponse(null, { status: 503 })

	test('a read failing for an outage answers its last good copy, and says since when', async () => {
		const clock = { now: 1_000 }
		const stale = new StaleCopies({ maxAgeMs: 60_000, now: () => clock.now })
		const cache = new ReadCache({ now: () => clock.now })
		server.use(
			presenterHandler(getProductMenu, ({ call }) =>
				call === 1 ? { dataset: { ProductMenu: [menuRow] } } : failing(),
			),
			presenterHandler(getBranches, ({ call }) =>
				call === 1 ? { dataset: { Branches: [] } } : failing(),
			),
		)
		const first = setup({ cache, stale }).client
		await first.call(getProductMenu, { companyID: 'C1' })
		await first.call(getBranches, { companyID: 'C1' })
		expect(first.staleSince()).toBeUndefined()
		clock.now += 30 * 60_000
		const { client } = setup({ cache, stale: new StaleCopies({ maxAgeMs: 1, now: () => 0 }) })
		await presenterFailure(client.call(getProductMenu, { companyID: 'C1' }))
		clock.now = 40_000
		const later = setup({ cache, stale }).client
		const menu = await later.call(getProductMenu, { companyID: 'C1' })
		expect(menu.dataset.ProductMenu).toMatchObject([menuRow])
		await later.call(getBranches, { companyID: 'C1' })
		expect(later.staleSince()).toBe(1_000)
		// Past its age, a copy is gone: the failure shows.
		clock.now = 70_000
		await presenterFailure(setup({ cache, stale }).client.call(getBranches, { companyID: 'C1' }))
	})

	test('another session has no copy of a session’s own read; a dropped scope loses its copies', async () => {
		const stale = new StaleCopies({ maxAgeMs: 60_000 })
		const cache = new ReadCache({ scopeDropped: (scope) => stale.dropScope(scope) })
		server.use(
			presenterHandler(getBranches, ({ call }) =>
				call === 1 ? { dataset: { Branches: [] } } : failing(),
			),
		)
		await setup({ cache, stale }).client.call(getBranches, { companyID: 'C1' })
		const other = setup({ cache, stale, scope: 'session-B', contextId: 'session-B' }).client
		await presenterFailure(other.call(getBranches, { companyID: 'C1' }))
		await expect(
			setup({ cache, stale }).client.call(getBranches, { companyID: 'C1' }),
		).resolves.toBeTruthy()
		cache.drop('session-A')
		await presenterFailure(setup({ cache, stale }).client.call(getBranches, { companyID: 'C1' }))
	})

	test('with the breaker open, calls fail at once: no request and no retry', async () => {
		const breaker = new Breaker({ failures: 2, openMs: 60_000 })
		server.use(presenterHandler(getBranches, failing))
		const { client, delays } = setup({ breaker })
		// The second failure opens it: no retry waits for an open breaker.
		const error = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(error.status).toBe(503)
		expect(requests).toHaveLength(2)
		expect(delays).toEqual([1_000])
		const refused = await presenterFailure(client.call(getBranches, { companyID: 'C1' }))
		expect(refused.circuitOpen).toBe(true)
		await presenterFailure(client.call(createCart, newCart))
		expect(requests).toHaveLength(2)
	})
})
