import { http, HttpResponse, type HttpHandler } from 'msw'
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { z } from 'zod'
import {
	defineOperation,
	type ErrorEntrySchema,
	IP_SERVICE,
	type Operation,
	type ParsedPayloadOf,
	type ReplyInputOf,
} from '#app/.server/presenter/contract/define.ts'
import { PresenterError } from '#app/.server/presenter/errors.ts'

export { QUEUED_MESSAGE } from '#app/.server/presenter/contract/invoices.ts'

/** The presenter {host} the tests talk to. Nothing listens there: msw answers every call. */
export const PRESENTER_HOST = 'http://presenter.test/api'

/** A presenter error reply (HTTP 200, hasErrors). */
export type PresenterErrorReply = {
	hasErrors: true
	errorTable?: Array<z.input<typeof ErrorEntrySchema>>
}

/** What a handler may answer: the operation's reply, an error envelope, or any raw Response. */
export type PresenterReply<O extends Operation> = ReplyInputOf<O> | PresenterErrorReply | Response

export type PresenterCall<O extends Operation> = {
	request: Request
	/**
	 * What the client sent: the JSON body (proxy, v1, anonymous), the form fields (login) or the
	 * query parameters other than ipApi/ipService/ipFunction (stream; values are strings).
	 */
	payload: ParsedPayloadOf<O>
	/** The raw request body ('' for GET). */
	body: string
	/** The X-FLUID-CONTEXT header, or null when it was not sent. */
	contextId: string | null
	/** 1-based count of the calls this handler has answered. */
	call: number
}

export type PresenterResolver<O extends Operation> = (
	call: PresenterCall<O>,
) => PresenterReply<O> | Promise<PresenterReply<O>>

const IP_PARAMS = ['ipApi', 'ipService', 'ipFunction']

/** True when `request` is a call of `op` by the transport rules of docs/decisions/002-presenter-wire-format.md. */
export function isCallOf(op: Operation, request: Request, host = PRESENTER_HOST): boolean {
	const url = new URL(request.url)
	const transport = op.transport
	if (transport.kind === 'v1') {
		const expected = new URL(`${host}/api/v1${transport.endpoint}`)
		return (
			request.method === 'POST' &&
			url.origin === expected.origin &&
			url.pathname === expected.pathname
		)
	}
	const base = new URL(host)
	if (url.origin !== base.origin || url.pathname !== base.pathname) return false
	const query = url.searchParams
	switch (transport.kind) {
		case 'proxy':
			return (
				request.method === 'POST' &&
				query.get('ipApi') === op.fn &&
				query.get('ipService') === IP_SERVICE &&
				query.get('ipFunction') === op.fn
			)
		case 'login':
			return request.method === 'POST' && query.get('ipApi') === 'userLogin'
		case 'anonymous':
			return (
				request.method === 'POST' &&
				query.get('ipApi') === 'anonymousFunction' &&
				query.get('ipFunction') === op.fn
			)
		case 'stream':
			return (
				request.method === 'GET' &&
				query.get('ipApi') === 'stream' &&
				query.get('ipFunction') === op.fn
			)
	}
}

const EXPECTED_CONTENT_TYPE: Record<Operation['transport']['kind'], string | null> = {
	proxy: 'application/json',
	v1: 'application/json',
	anonymous: 'application/json',
	login: 'application/x-www-form-urlencoded',
	stream: null,
}

/**
 * An msw handler for one contract operation. It matches the operation's transport, decodes the
 * payload the way that transport carries it, and sends back what the resolver returns: a reply
 * typed by the operation's contract (`ReplyInputOf`), an error envelope, or a raw Response
 * (statuses, non-JSON bodies, files, `HttpResponse.error()`).
 *
 * A body in the wrong encoding for the transport gets HTTP 415, so such a call fails loudly.
 */
export function presenterHandler<O extends Operation>(
	op: O,
	resolver: PresenterResolver<O>,
	options: { host?: string; once?: boolean } = {},
): HttpHandler {
	const host = options.host ?? PRESENTER_HOST
	const method = op.transport.kind === 'stream' ? http.get : http.post
	let calls = 0
	return method(
		({ request }) => isCallOf(op, request, host),
		async ({ request }) => {
			const expectedType = EXPECTED_CONTENT_TYPE[op.transport.kind]
			const contentType = request.headers.get('Content-Type')?.split(';')[0]?.trim() ?? null
			if (expectedType && contentType !== expectedType) {
				return HttpResponse.text(`Expected ${expectedType}, got ${contentType}`, { status: 415 })
			}
			const body = request.method === 'GET' ? '' : await request.text()
			let payload: unknown
			if (op.transport.kind === 'stream') {
				const query = new URL(request.url).searchParams
				payload = Object.fromEntries([...query].filter(([key]) => !IP_PARAMS.includes(key)))
			} else if (op.transport.kind === 'login') {
				payload = Object.fromEntries(new URLSearchParams(body))
			} else {
				try {
					payload = JSON.parse(body)
				} catch {
					return HttpResponse.text('Body is not JSON', { status: 415 })
				}
			}
			calls += 1
			const reply = await resolver({
				request,
				payload: payload as ParsedPayloadOf<O>,
				body,
				contextId: request.headers.get('X-FLUID-CONTEXT'),
				call: calls,
			})
			return reply instanceof Response ? reply : HttpResponse.json(reply as object)
		},
		{ once: options.once },
	)
}

/** The errorTable reply the presenter sends for a failed call (HTTP 200). */
export function errorReply(msg: string, field = ''): PresenterErrorReply {
	return { hasErrors: true, errorTable: [{ field, msg }] }
}

/**
 * An msw server for presenter tests, started for the calling test file. Every request is logged
 * in `requests` (cleared after each test); a request no handler matches fails with a network
 * error and also fails the test in afterEach, so nothing reaches the network.
 */
export function usePresenterServer(...handlers: HttpHandler[]): {
	server: SetupServer
	requests: Request[]
} {
	const server = setupServer(...handlers)
	const requests: Request[] = []
	const unhandled: string[] = []
	server.events.on('request:start', ({ request }) => {
		requests.push(request)
	})
	beforeAll(() => {
		server.listen({
			onUnhandledFrame: ({ frame }) => {
				const request = (frame.data as { request?: Request }).request
				const what = request ? `${request.method} ${request.url}` : 'a network frame'
				unhandled.push(what)
				throw new Error(`No presenter handler for ${what}`)
			},
		})
	})
	afterEach(() => {
		server.resetHandlers()
		requests.length = 0
		const missed = unhandled.splice(0)
		if (missed.length > 0) throw new Error(`Unhandled presenter requests:\n${missed.join('\n')}`)
	})
	afterAll(() => server.close())
	return { server, requests }
}

/** A getCart payload for the tests' cart. */
export const cartPayload = {
	sessionID: 'cart-1',
	tpaID: 'tportal',
	userName: 'jo',
	reprice: true,
	customerID: 42,
	deviceID: 'dev-1',
} as const

/** No stream operation of this shape is in the contract; it has the stream shape of docs/decisions/002-presenter-wire-format.md. */
export const getInvoicePdf = defineOperation({
	fn: 'getInvoicePdf',
	transport: { kind: 'stream' },
	mutation: false,
	payload: z.object({ invoiceNumber: z.string(), copies: z.number().int() }),
	reply: z.unknown(),
})

/** Expects the call to fail with a PresenterError, and returns it. */
export async function presenterFailure(promise: Promise<unknown>): Promise<PresenterError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(PresenterError)
	return error as PresenterError
}
