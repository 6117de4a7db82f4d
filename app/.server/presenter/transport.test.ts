import { delay, HttpResponse } from 'msw'
import { describe, expect, expectTypeOf, test } from 'vitest'
import { ZodError } from 'zod'
import {
	cartPayload,
	errorReply,
	getInvoicePdf,
	PRESENTER_HOST,
	presenterFailure,
	presenterHandler,
	type PresenterReply,
	type PresenterResolver,
	usePresenterServer,
} from '#tests/msw/presenter.ts'
import { getState, login } from './contract/auth.ts'
import { createCart, getCart } from './contract/cart.ts'
import { getLoginSettings, getSettings } from './contract/config.ts'
import { getObjectSet } from './contract/content.ts'
import { IP_SERVICE } from './contract/define.ts'
import { buildRequest, send, stream, type TransportOptions } from './transport.ts'

const { server, requests } = usePresenterServer()

const options: TransportOptions = { host: PRESENTER_HOST, contextId: 'ctx-123', timeoutMs: 1_000 }

/** A getState reply in two pieces. */
const STATES = ['{"dataset":', '{"stateList":[{"stateID":"NSW","stateName":"New South Wales"}]}}']

/**
 * A reply whose headers come after `headersAfterMs` and whose body comes as `chunks`,
 * `chunkEveryMs` apart (the first at once); with `breakAfter`, the connection breaks after that
 * many chunks.
 */
function slowReply({
	headersAfterMs = 0,
	chunks,
	chunkEveryMs,
	contentType = 'application/json',
	breakAfter,
}: {
	headersAfterMs?: number
	chunks: Array<string | Uint8Array>
	chunkEveryMs: number
	contentType?: string
	breakAfter?: number
}) {
	return async () => {
		await delay(headersAfterMs)
		const body = new ReadableStream<Uint8Array>({
			async start(controller) {
				for (const [i, chunk] of chunks.entries()) {
					if (i === breakAfter) return controller.error(new Error('connection lost'))
					if (i > 0) await delay(chunkEveryMs)
					controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk)
				}
				controller.close()
			},
		})
		return new HttpResponse(body, { headers: { 'Content-Type': contentType } })
	}
}

describe('proxy transport', () => {
	test('POSTs JSON to {host}?ipApi={fn}&ipService=tportalMobile&ipFunction={fn} with the session', async () => {
		let seen: { url: URL; headers: Headers; body: string } | undefined
		server.use(
			presenterHandler(getCart, ({ request, body }) => {
				seen = { url: new URL(request.url), headers: request.headers, body }
				return { dataset: { CartLines: [] } }
			}),
		)
		await send(getCart, cartPayload, options)

		expect(requests).toHaveLength(1)
		expect(requests[0]?.method).toBe('POST')
		expect(seen?.url.origin + seen!.url.pathname).toBe(PRESENTER_HOST)
		expect(Object.fromEntries(seen!.url.searchParams)).toEqual({
			ipApi: 'getCart',
			ipService: IP_SERVICE,
			ipFunction: 'getCart',
		})
		expect(IP_SERVICE).toBe('tportalMobile')
		expect(JSON.parse(seen!.body)).toEqual(cartPayload)
		expect(seen!.headers.get('Content-Type')).toBe('application/json')
		expect(seen!.headers.get('Accept')).toBe('application/json')
		expect(seen!.headers.get('X-FLUID-CONTEXT')).toBe('ctx-123')
		expect(seen!.headers.has('X-API-KEY')).toBe(false)
	})

	test('the reply is parsed by its schema: money coerced to cents, booleans normalised, defaults filled', async () => {
		server.use(
			presenterHandler(getCart, () => ({
				dataset: {
					CartLines: [
						{
							productID: 'P1',
							lineID: 1,
							prodQty: 2,
							UOM: 'ea',
							unitPrice: '12.50',
							unitGST: 1.25,
							prodDesc: 'Hammer',
							isTally: 'N',
						},
						{
							productID: 'P2',
							lineID: 2,
							prodQty: 1,
							UOM: 'm',
							unitPrice: 3,
							unitGST: '0.3',
							prodDesc: 'Timber',
							productImage: 'p2.jpg',
							isTally: 1,
						},
					],
				},
			})),
		)
		const reply = await send(getCart, cartPayload, options)
		expect(reply.dataset.CartLines).toEqual([
			expect.objectContaining({ unitPrice: 1250, unitGST: 125, isTally: false, productImage: '' }),
			expect.objectContaining({
				unitPrice: 300,
				unitGST: 30,
				isTally: true,
				productImage: 'p2.jpg',
			}),
		])
	})

	test('X-FLUID-CONTEXT is absent when there is no context id', async () => {
		let contextHeader: string | null | undefined
		server.use(
			presenterHandler(getState, ({ contextId }) => {
				contextHeader = contextId
				return { dataset: { stateList: [] } }
			}),
		)
		await send(getState, {}, { host: PRESENTER_HOST, timeoutMs: 1_000 })
		expect(contextHeader).toBeNull()
	})

	test('the payload is validated before sending: an invalid one makes no request', async () => {
		server.use(presenterHandler(getCart, () => ({ dataset: { CartLines: [] } })))
		const bad = { ...cartPayload, reprice: false } as unknown as typeof cartPayload
		await expect(send(getCart, bad, options)).rejects.toBeInstanceOf(ZodError)
		await expect(
			send(createCart, { customerID: 1.5, deviceID: 'd', sessionType: 'Cart' }, options),
		).rejects.toBeInstanceOf(ZodError)
		expect(requests).toHaveLength(0)
	})

	test('what is sent is the parsed payload, with schema defaults applied', async () => {
		let sent: unknown
		server.use(
			presenterHandler(getObjectSet, ({ payload }) => {
				sent = payload
				return { dataset: { ObjectSet: [] } }
			}),
		)
		await send(getObjectSet, { companyID: 'C1', customerID: 7, objectSet: 'homepage' }, options)
		expect(sent).toEqual({ companyID: 'C1', customerID: 7, objectSet: 'homepage', page: '' })
	})
})

describe('v1 transport', () => {
	test('POSTs JSON to {host}/api/v1{endpoint} with an empty X-API-KEY header and the session', async () => {
		let seen: { url: URL; headers: Headers; payload: unknown } | undefined
		server.use(
			presenterHandler(getSettings, ({ request, payload }) => {
				seen = { url: new URL(request.url), headers: request.headers, payload }
				return { dataset: { Settings: [{ name: 'pricebook_enabled', value: 'true' }] } }
			}),
		)
		const reply = await send(getSettings, { companyID: 'C1', customerID: 7 }, options)

		expect(reply.dataset.Settings).toEqual([{ name: 'pricebook_enabled', value: 'true' }])
		expect(requests[0]?.method).toBe('POST')
		expect(seen!.url.href).toBe(`${PRESENTER_HOST}/api/v1/settings`)
		expect(seen!.url.search).toBe('')
		expect(seen!.headers.has('X-API-KEY')).toBe(true)
		expect(seen!.headers.get('X-API-KEY')).toBe('')
		expect(seen!.headers.get('Content-Type')).toBe('application/json')
		expect(seen!.headers.get('X-FLUID-CONTEXT')).toBe('ctx-123')
		expect(seen!.payload).toEqual({ companyID: 'C1', customerID: 7 })
	})

	test('a trailing slash on the host does not double the separator', () => {
		const request = buildRequest(
			getObjectSet,
			{ companyID: 'C1', customerID: 7, objectSet: 'Links', page: '' },
			{ ...options, host: `${PRESENTER_HOST}//` },
		)
		expect(request.url.href).toBe(`${PRESENTER_HOST}/api/v1/objectSet`)
	})
})

describe('login transport', () => {
	const credentials = {
		userid: 'jo@example.com',
		password: 'p&ss=w rd+%',
		domain: 'trade',
		extra: '',
	}

	test('POSTs a form-encoded body (userid, password, domain, extra) with ipApi=userLogin', async () => {
		let seen: { url: URL; headers: Headers; body: string; payload: unknown } | undefined
		server.use(
			presenterHandler(login, ({ request, body, payload }) => {
				seen = { url: new URL(request.url), headers: request.headers, body, payload }
				return { sessionID: 'session-9' }
			}),
		)
		const reply = await send(login, credentials, options)

		expect(reply).toEqual({ sessionID: 'session-9', msg: '' })
		expect(requests[0]?.method).toBe('POST')
		expect(seen!.url.searchParams.get('ipApi')).toBe('userLogin')
		expect(seen!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded')
		expect(seen!.body).toBe(
			'userid=jo%40example.com&password=p%26ss%3Dw+rd%2B%25&domain=trade&extra=',
		)
		expect(seen!.payload).toEqual(credentials)
	})

	test('never sends X-FLUID-CONTEXT, even when a context id is known', async () => {
		let contextHeader: string | null | undefined
		server.use(
			presenterHandler(login, ({ contextId }) => {
				contextHeader = contextId
				return { sessionID: '', msg: 'Invalid login' }
			}),
		)
		const reply = await send(login, credentials, { ...options, contextId: 'stale-session' })
		expect(reply).toEqual({ sessionID: '', msg: 'Invalid login' })
		expect(contextHeader).toBeNull()
	})
})

describe('anonymous transport', () => {
	test('POSTs JSON with ipApi=anonymousFunction&ipFunction={fn} and no session', async () => {
		let seen: { url: URL; headers: Headers; payload: unknown } | undefined
		server.use(
			presenterHandler(getLoginSettings, ({ request, payload }) => {
				seen = { url: new URL(request.url), headers: request.headers, payload }
				return { dataset: { Settings: [{ name: 'login_text', value: 'Welcome' }] } }
			}),
		)
		const reply = await send(getLoginSettings, { companyID: 'C1' }, options)

		expect(reply.dataset.Settings).toEqual([{ name: 'login_text', value: 'Welcome' }])
		expect(requests[0]?.method).toBe('POST')
		expect(seen!.url.searchParams.get('ipApi')).toBe('anonymousFunction')
		expect(seen!.url.searchParams.get('ipFunction')).toBe('getLoginSettings')
		expect(seen!.headers.get('Content-Type')).toBe('application/json')
		expect(seen!.headers.get('X-FLUID-CONTEXT')).toBeNull()
		expect(seen!.payload).toEqual({ companyID: 'C1' })
	})
})

describe('stream transport', () => {
	const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x00, 0xff])

	test('GETs with ipApi=stream, the payload as query parameters, and returns the file', async () => {
		let seen: { url: URL; headers: Headers; payload: unknown } | undefined
		server.use(
			presenterHandler(getInvoicePdf, ({ request, payload }) => {
				seen = { url: new URL(request.url), headers: request.headers, payload }
				return new HttpResponse(pdf, {
					headers: {
						'Content-Type': 'application/pdf',
						'Content-Disposition': 'attachment; filename="INV-77.pdf"',
					},
				})
			}),
		)
		const response = await stream(getInvoicePdf, { invoiceNumber: 'INV-77', copies: 2 }, options)

		expect(requests[0]?.method).toBe('GET')
		expect(Object.fromEntries(seen!.url.searchParams)).toEqual({
			ipApi: 'stream',
			ipService: IP_SERVICE,
			ipFunction: 'getInvoicePdf',
			invoiceNumber: 'INV-77',
			copies: '2',
		})
		expect(seen!.headers.get('X-FLUID-CONTEXT')).toBe('ctx-123')
		expect(seen!.payload).toEqual({ invoiceNumber: 'INV-77', copies: '2' })
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('application/pdf')
		expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="INV-77.pdf"')
		expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf)
	})

	test('the stream request carries no body', () => {
		const request = buildRequest(getInvoicePdf, { invoiceNumber: 'X', copies: 1 }, options)
		expect(request.method).toBe('GET')
		expect(request.body).toBeNull()
	})

	test('a failed status is a transport error', async () => {
		server.use(presenterHandler(getInvoicePdf, () => new HttpResponse(null, { status: 404 })))
		const error = await presenterFailure(
			stream(getInvoicePdf, { invoiceNumber: 'X', copies: 1 }, options),
		)
		expect(error.kind).toBe('transport')
		expect(error.status).toBe(404)
	})

	test('the payload is validated before sending', async () => {
		server.use(presenterHandler(getInvoicePdf, () => new HttpResponse('file')))
		await expect(stream(getInvoicePdf, { invoiceNumber: 'X' }, options)).rejects.toBeInstanceOf(
			ZodError,
		)
		expect(requests).toHaveLength(0)
	})
})

describe('status codes', () => {
	test.each([300, 400, 401, 403, 404, 418, 500, 502, 503, 504])(
		'HTTP %i is a transport error carrying the status',
		async (status) => {
			server.use(
				presenterHandler(getState, () =>
					HttpResponse.json({ dataset: { stateList: [] } }, { status }),
				),
			)
			const error = await presenterFailure(send(getState, {}, options))
			expect(error.kind).toBe('transport')
			expect(error.status).toBe(status)
			expect(error.message).toBe(`Presenter answered HTTP ${status}`)
		},
	)

	test.each([200, 201, 299])('HTTP %i is a success', async (status) => {
		server.use(
			presenterHandler(getState, () =>
				HttpResponse.json(
					{ dataset: { stateList: [{ stateID: 'NSW', stateName: 'New South Wales' }] } },
					{ status },
				),
			),
		)
		const reply = await send(getState, {}, options)
		expect(reply.dataset.stateList).toEqual([{ stateID: 'NSW', stateName: 'New South Wales' }])
	})
})

describe('failures', () => {
	test('a network error is a transport error without a status', async () => {
		server.use(presenterHandler(getState, () => HttpResponse.error()))
		const error = await presenterFailure(send(getState, {}, options))
		expect(error.kind).toBe('transport')
		expect(error.status).toBeUndefined()
		expect(error.message).toBe('Presenter unreachable')
		expect(error.retryable).toBe(true)
	})

	test('no answer within timeoutMs is a transport error that says it timed out', async () => {
		server.use(
			presenterHandler(getState, async () => {
				await delay('infinite')
				return { dataset: { stateList: [] } }
			}),
		)
		const started = performance.now()
		const error = await presenterFailure(send(getState, {}, { ...options, timeoutMs: 50 }))
		expect(error.kind).toBe('transport')
		expect(error.message).toBe('Presenter timed out after 50 ms')
		expect(error.status).toBeUndefined()
		expect(performance.now() - started).toBeLessThan(1_000)
	})

	test("an aborted caller's signal is a transport error, not a timeout", async () => {
		server.use(
			presenterHandler(getState, async () => {
				await delay('infinite')
				return { dataset: { stateList: [] } }
			}),
		)
		const controller = new AbortController()
		const pending = presenterFailure(send(getState, {}, { ...options, signal: controller.signal }))
		setTimeout(() => controller.abort(), 10)
		const error = await pending
		expect(error.kind).toBe('transport')
		expect(error.message).toBe('Presenter unreachable')
	})

	describe('when the body breaks off after the headers', () => {
		test('a timeout while reading the body is a transport error that says it timed out', async () => {
			server.use(presenterHandler(getState, slowReply({ chunks: STATES, chunkEveryMs: 2_000 })))
			const started = performance.now()
			const error = await presenterFailure(send(getState, {}, { ...options, timeoutMs: 100 }))
			expect(error.kind).toBe('transport')
			expect(error.message).toBe('Presenter timed out after 100 ms')
			expect(error.retryable).toBe(true)
			expect(performance.now() - started).toBeLessThan(1_500)
		})

		test('a connection lost while reading the body is a transport error', async () => {
			server.use(
				presenterHandler(getState, slowReply({ chunks: STATES, chunkEveryMs: 10, breakAfter: 1 })),
			)
			const error = await presenterFailure(send(getState, {}, options))
			expect(error.kind).toBe('transport')
			expect(error.message).toBe('Presenter unreachable')
			expect(error.retryable).toBe(true)
		})
	})

	test('a reply that is not JSON is invalid-reply', async () => {
		server.use(
			presenterHandler(getState, () => HttpResponse.html('<html>Service Unavailable</html>')),
		)
		const error = await presenterFailure(send(getState, {}, options))
		expect(error.kind).toBe('invalid-reply')
		expect(error.message).toBe('getState: reply is not JSON')
		expect(error.retryable).toBe(false)
	})

	test.each([['[]'], ['null'], ['"ok"'], ['42']])(
		'a JSON reply that is not an object (%s) is invalid-reply',
		async (text) => {
			server.use(
				presenterHandler(
					getState,
					() => new HttpResponse(text, { headers: { 'Content-Type': 'application/json' } }),
				),
			)
			const error = await presenterFailure(send(getState, {}, options))
			expect(error.kind).toBe('invalid-reply')
			expect(error.message).toBe('getState: reply is not an object')
		},
	)

	test('a reply failing its schema is invalid-reply naming the operation', async () => {
		server.use(
			presenterHandler(getState, () =>
				HttpResponse.json({ dataset: { stateList: [{ stateID: 'NSW' }] } }),
			),
		)
		const error = await presenterFailure(send(getState, {}, options))
		expect(error.kind).toBe('invalid-reply')
		expect(error.message).toMatch(/^getState: /)
		expect(error.message).toContain('stateName')
		expect(error.cause).toBeInstanceOf(ZodError)
	})

	test('an error envelope is judged before the reply schema', async () => {
		server.use(presenterHandler(getState, () => errorReply('No matching records')))
		const error = await presenterFailure(send(getState, {}, options))
		expect(error.kind).toBe('no-records')
	})
})

describe('presenterHandler typing', () => {
	test('resolvers are typed by the contract', () => {
		// Checked by tsc: a resolver answers its operation's reply, an error envelope or a Response.
		type CartReply = PresenterReply<typeof createCart>
		expectTypeOf<PresenterResolver<typeof createCart>>().returns.toEqualTypeOf<
			CartReply | Promise<CartReply>
		>()
		expectTypeOf({ dataset: { cartSessionId: 'c1' } }).toExtend<CartReply>()
		expectTypeOf(errorReply('Customer not available', 'customerID')).toExtend<CartReply>()
		expectTypeOf(new HttpResponse(null, { status: 503 })).toExtend<CartReply>()
		// A reply of the wrong shape is not one.
		expectTypeOf({ dataset: { CartLines: [] } }).not.toExtend<CartReply>()
		expectTypeOf({ dataset: { stateList: 'NSW' } }).not.toExtend<PresenterReply<typeof getState>>()
		expectTypeOf({
			dataset: { stateList: [{ stateID: 'NSW', stateName: 'New South Wales' }] },
		}).toExtend<PresenterReply<typeof getState>>()
	})
})

describe('timeouts of streams and JSON replies', () => {
	test('stream(): headers that never arrive time out as a transport error', async () => {
		server.use(
			presenterHandler(getInvoicePdf, async () => {
				await delay('infinite')
				return new HttpResponse('never')
			}),
		)
		const started = performance.now()
		const error = await presenterFailure(
			stream(getInvoicePdf, { invoiceNumber: 'X', copies: 1 }, { ...options, timeoutMs: 50 }),
		)
		expect(error.kind).toBe('transport')
		expect(error.message).toBe('Presenter timed out after 50 ms')
		expect(error.status).toBeUndefined()
		expect(error.retryable).toBe(true)
		expect(performance.now() - started).toBeLessThan(1_000)
	})

	describe('stream(): the timeout covers only the wait for the headers', () => {
		test('a body that takes longer than timeoutMs is still read completely', async () => {
			const parts = [
				[0x25, 0x50, 0x44, 0x46],
				[0x2d, 0x31, 0x2e],
				[0x37, 0x00, 0xff],
			]
			server.use(
				presenterHandler(
					getInvoicePdf,
					slowReply({
						headersAfterMs: 20,
						chunks: parts.map((part) => new Uint8Array(part)),
						chunkEveryMs: 150,
						contentType: 'application/pdf',
					}),
				),
			)
			const response = await stream(
				getInvoicePdf,
				{ invoiceNumber: 'INV-1', copies: 1 },
				{ ...options, timeoutMs: 100 },
			)
			expect(response.status).toBe(200)
			expect(response.headers.get('Content-Type')).toBe('application/pdf')
			// The whole body takes 300 ms after the headers, three times the timeout.
			expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(parts.flat()))
		})

		test("the caller's signal still cancels a download that has started", async () => {
			server.use(
				presenterHandler(
					getInvoicePdf,
					slowReply({
						chunks: ['part 1;', 'part 2'],
						chunkEveryMs: 2_000,
						contentType: 'text/plain',
					}),
				),
			)
			const controller = new AbortController()
			const response = await stream(
				getInvoicePdf,
				{ invoiceNumber: 'INV-1', copies: 1 },
				{ ...options, timeoutMs: 100, signal: controller.signal },
			)
			const text = response.text()
			setTimeout(() => controller.abort(new Error('browser went away')), 50)
			const started = performance.now()
			await expect(text).rejects.toThrow()
			expect(performance.now() - started).toBeLessThan(1_500)
		})

		test('headers arriving after timeoutMs time out', async () => {
			server.use(
				presenterHandler(
					getInvoicePdf,
					slowReply({ headersAfterMs: 2_000, chunks: ['late'], chunkEveryMs: 0 }),
				),
			)
			const started = performance.now()
			const error = await presenterFailure(
				stream(getInvoicePdf, { invoiceNumber: 'X', copies: 1 }, { ...options, timeoutMs: 100 }),
			)
			expect(error.kind).toBe('transport')
			expect(error.message).toBe('Presenter timed out after 100 ms')
			expect(performance.now() - started).toBeLessThan(1_500)
		})
	})

	describe('send(): the timeout covers the whole JSON reply', () => {
		test('a JSON body that takes longer than timeoutMs times out', async () => {
			server.use(presenterHandler(getState, slowReply({ chunks: STATES, chunkEveryMs: 400 })))
			const error = await presenterFailure(send(getState, {}, { ...options, timeoutMs: 100 }))
			expect(error.kind).toBe('transport')
			expect(error.message).toBe('Presenter timed out after 100 ms')
			expect(error.retryable).toBe(true)
		})

		test('headers and body each within timeoutMs, but not together, time out', async () => {
			server.use(
				presenterHandler(
					getState,
					slowReply({ headersAfterMs: 80, chunks: STATES, chunkEveryMs: 80 }),
				),
			)
			const error = await presenterFailure(send(getState, {}, { ...options, timeoutMs: 100 }))
			expect(error.message).toBe('Presenter timed out after 100 ms')
		})

		test('a reply complete within timeoutMs succeeds', async () => {
			server.use(
				presenterHandler(
					getState,
					slowReply({ headersAfterMs: 10, chunks: STATES, chunkEveryMs: 10 }),
				),
			)
			const reply = await send(getState, {}, { ...options, timeoutMs: 1_000 })
			expect(reply.dataset.stateList).toEqual([{ stateID: 'NSW', stateName: 'New South Wales' }])
		})
	})
})
