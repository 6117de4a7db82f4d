import { delay, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ZodError } from 'zod'
import {
	cartPayload,
	errorReply,
	getInvoicePdf,
	PRESENTER_HOST,
	presenterFailure,
	presenterHandler,
	usePresenterServer,
} from '../../../tests/msw/presenter.ts'
import { getState, login } from './contract/auth.ts'
import { createCart, getCart } from './contract/cart.ts'
import { getLoginSettings, getSettings } from './contract/config.ts'
import { getObjectSet } from './contract/content.ts'
import { IP_SERVICE } from './contract/define.ts'
import { buildRequest, send, stream, type TransportOptions } from './transport.ts'

const { server, requests } = usePresenterServer()

const options: TransportOptions = { host: PRESENTER_HOST, contextId: 'ctx-123', timeoutMs: 1_000 }

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

	test('the reply is parsed by its schema: money coerced, booleans normalised, defaults filled', async () => {
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
			expect.objectContaining({ unitPrice: 12.5, unitGST: 1.25, isTally: false, productImage: '' }),
			expect.objectContaining({
				unitPrice: 3,
				unitGST: 0.3,
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
		expect(request.url).toBe(`${PRESENTER_HOST}/api/v1/objectSet`)
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
		// msw 3 mocks at the socket level, and undici trips an internal assertion when a mocked
		// socket closes after the fetch was aborted mid-body; so this case stubs fetch with a
		// body that behaves as undici's does (reading it rejects with the abort reason).
		function fetchWithBrokenBody(breakWith?: Error) {
			return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
				const signal = init?.signal
				const body = new ReadableStream<Uint8Array>({
					start(controller) {
						controller.enqueue(new TextEncoder().encode('{"dataset":'))
						if (breakWith) controller.error(breakWith)
						else signal?.addEventListener('abort', () => controller.error(signal.reason))
					},
				})
				return new Response(body, { headers: { 'Content-Type': 'application/json' } })
			})
		}

		test('a timeout while reading the body is a transport error that says it timed out', async () => {
			const fetch = fetchWithBrokenBody()
			const error = await presenterFailure(send(getState, {}, { ...options, timeoutMs: 50 }))
			expect(fetch).toHaveBeenCalledTimes(1)
			expect(error.kind).toBe('transport')
			expect(error.message).toBe('Presenter timed out after 50 ms')
			expect(error.retryable).toBe(true)
		})

		test('a connection lost while reading the body is a transport error', async () => {
			fetchWithBrokenBody(new TypeError('terminated'))
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
		// Compile-time checks (npx tsc): a reply of the wrong shape does not type-check.
		// @ts-expect-error stateList must be an array of states
		presenterHandler(getState, () => ({ dataset: { stateList: 'NSW' } }))
		// @ts-expect-error createCart's reply has no CartLines
		presenterHandler(createCart, () => ({ dataset: { CartLines: [] } }))
		presenterHandler(createCart, () => ({ dataset: { cartSessionId: 'c1' } }))
		presenterHandler(createCart, () => errorReply('Customer not available', 'customerID'))
		presenterHandler(createCart, () => new HttpResponse(null, { status: 503 }))
		expect(true).toBe(true)
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

	describe('with a stubbed fetch and fake timers', () => {
		// msw 3 mocks at the socket level, and undici trips an internal assertion when a mocked
		// socket closes after the fetch was aborted mid-body; so these cases stub fetch with a body
		// that behaves as undici's does (an abort errors the body with the signal's reason). Fake
		// timers make the order of headers, chunks and timeout exact.
		beforeEach(() => {
			vi.useFakeTimers()
		})
		afterEach(() => {
			vi.useRealTimers()
		})

		/**
		 * A fetch whose headers arrive after `headersAfterMs` and whose body arrives as `chunks`,
		 * `chunkEveryMs` apart (the first at once). Records the signal of every call.
		 */
		function slowFetch({
			headersAfterMs = 0,
			chunks,
			chunkEveryMs,
			contentType = 'application/json',
		}: {
			headersAfterMs?: number
			chunks: Array<string | Uint8Array>
			chunkEveryMs: number
			contentType?: string
		}) {
			const signals: AbortSignal[] = []
			const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
				const signal = init?.signal ?? undefined
				if (signal) signals.push(signal)
				await new Promise<void>((resolve, reject) => {
					const id = setTimeout(resolve, headersAfterMs)
					signal?.addEventListener('abort', () => {
						clearTimeout(id)
						reject(signal.reason as Error)
					})
				})
				const timers: Array<ReturnType<typeof setTimeout>> = []
				const body = new ReadableStream<Uint8Array>({
					start(controller) {
						chunks.forEach((chunk, i) => {
							const id = setTimeout(() => {
								controller.enqueue(
									typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk,
								)
								if (i === chunks.length - 1) controller.close()
							}, i * chunkEveryMs)
							timers.push(id)
						})
						signal?.addEventListener('abort', () => {
							for (const id of timers) clearTimeout(id)
							controller.error(signal.reason)
						})
					},
				})
				return new Response(body, { headers: { 'Content-Type': contentType } })
			})
			return { spy, signals }
		}

		/** Settles `promise` into a result that can be checked after the clock has moved on. */
		function settle<T>(promise: Promise<T>) {
			return promise.then(
				(value) => ({ ok: true as const, value }),
				(error: unknown) => ({ ok: false as const, error }),
			)
		}

		const bytes = (...parts: number[][]) => new Uint8Array(parts.flat())

		describe('stream(): the timeout covers only the wait for the headers', () => {
			test('a body that takes longer than timeoutMs is still read completely', async () => {
				const parts = [
					[0x25, 0x50, 0x44, 0x46],
					[0x2d, 0x31, 0x2e],
					[0x37, 0x00, 0xff],
				]
				const { spy, signals } = slowFetch({
					headersAfterMs: 40,
					chunks: parts.map((p) => bytes(p)),
					chunkEveryMs: 100,
					contentType: 'application/pdf',
				})
				const pending = settle(
					stream(
						getInvoicePdf,
						{ invoiceNumber: 'INV-1', copies: 1 },
						{ ...options, timeoutMs: 50 },
					),
				)
				await vi.advanceTimersByTimeAsync(40)
				const result = await pending
				if (!result.ok) throw result.error
				const response = result.value
				expect(response.status).toBe(200)
				expect(response.headers.get('Content-Type')).toBe('application/pdf')

				// The whole body takes 200 ms after the headers, four times the timeout.
				const file = settle(response.arrayBuffer())
				await vi.advanceTimersByTimeAsync(200)
				const read = await file
				if (!read.ok) throw read.error
				expect(new Uint8Array(read.value)).toEqual(bytes(...parts))
				expect(spy).toHaveBeenCalledTimes(1)

				// The timer is gone: the request's signal is never aborted afterwards.
				await vi.advanceTimersByTimeAsync(10_000)
				expect(signals[0]?.aborted).toBe(false)
			})

			test("the caller's signal still cancels a download that has started", async () => {
				slowFetch({ chunks: ['part 1;', 'part 2'], chunkEveryMs: 200, contentType: 'text/plain' })
				const controller = new AbortController()
				const pending = settle(
					stream(
						getInvoicePdf,
						{ invoiceNumber: 'INV-1', copies: 1 },
						{ ...options, timeoutMs: 50, signal: controller.signal },
					),
				)
				await vi.advanceTimersByTimeAsync(0)
				const started = await pending
				if (!started.ok) throw started.error
				const text = settle(started.value.text())
				await vi.advanceTimersByTimeAsync(100)
				controller.abort(new Error('browser went away'))
				await vi.advanceTimersByTimeAsync(200)
				const result = await text
				expect(result.ok).toBe(false)
				expect((result as { error: Error }).error.message).toBe('browser went away')
			})

			test('headers arriving after timeoutMs time out', async () => {
				const { signals } = slowFetch({ headersAfterMs: 500, chunks: ['late'], chunkEveryMs: 0 })
				const pending = presenterFailure(
					stream(getInvoicePdf, { invoiceNumber: 'X', copies: 1 }, { ...options, timeoutMs: 50 }),
				)
				await vi.advanceTimersByTimeAsync(50)
				const error = await pending
				expect(error.kind).toBe('transport')
				expect(error.message).toBe('Presenter timed out after 50 ms')
				expect(signals[0]?.aborted).toBe(true)
			})
		})

		describe('send(): the timeout covers the whole JSON reply', () => {
			const reply = [
				'{"dataset":',
				'{"stateList":[{"stateID":"NSW","stateName":"New South Wales"}]}}',
			]

			test('a JSON body that takes longer than timeoutMs times out', async () => {
				const { signals } = slowFetch({ chunks: reply, chunkEveryMs: 150 })
				const pending = presenterFailure(send(getState, {}, { ...options, timeoutMs: 50 }))
				await vi.advanceTimersByTimeAsync(200)
				const error = await pending
				expect(error.kind).toBe('transport')
				expect(error.message).toBe('Presenter timed out after 50 ms')
				expect(error.retryable).toBe(true)
				expect(signals[0]?.aborted).toBe(true)
			})

			test('headers and body each within timeoutMs, but not together, time out', async () => {
				slowFetch({ headersAfterMs: 30, chunks: reply, chunkEveryMs: 35 })
				const pending = presenterFailure(send(getState, {}, { ...options, timeoutMs: 50 }))
				await vi.advanceTimersByTimeAsync(100)
				const error = await pending
				expect(error.message).toBe('Presenter timed out after 50 ms')
			})

			test('a reply complete within timeoutMs succeeds, and its timer is cleared', async () => {
				const { signals } = slowFetch({ headersAfterMs: 20, chunks: reply, chunkEveryMs: 20 })
				const pending = settle(send(getState, {}, { ...options, timeoutMs: 50 }))
				await vi.advanceTimersByTimeAsync(40)
				const result = await pending
				if (!result.ok) throw result.error
				expect(result.value.dataset.stateList).toEqual([
					{ stateID: 'NSW', stateName: 'New South Wales' },
				])
				await vi.advanceTimersByTimeAsync(10_000)
				expect(signals[0]?.aborted).toBe(false)
			})
		})
	})
})
