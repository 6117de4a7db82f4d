import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { EnvelopeSchema, IP_SERVICE, type Operation } from './contract/define.ts'
import { classifyReply, PresenterError } from './errors.ts'

export type TransportOptions = {
	/** Absolute presenter URL ({host}). */
	host: string
	/** The presenter session context id, sent as X-FLUID-CONTEXT. */
	contextId?: string
	/** Sent with every call: the embedded sandbox's secret (app/.server/config/embedded-sandbox.ts). */
	headers?: Record<string, string>
	timeoutMs: number
	/** Aborts the call when the browser's request goes away. */
	signal?: AbortSignal
	/**
	 * The request's deadline for reads, retries included: when it passes, a call still waiting
	 * ends as a timeout. Mutations are not given one (their own timeout applies).
	 */
	deadline?: AbortSignal
}

/** One operation call as it goes on the wire. */
export type PresenterRequest = {
	url: URL
	method: 'GET' | 'POST'
	headers: Record<string, string>
	body: string | null
}

/** Builds the HTTP request for one operation call, by the rules of its `transport` (contract/define.ts). */
export function buildRequest(
	op: Operation,
	payload: unknown,
	options: TransportOptions,
): PresenterRequest {
	// Replies are asked for uncompressed: the presenter is a neighbour on the network, and
	// compressing would cost both ends CPU for bytes that cross a fast link.
	const headers: Record<string, string> = {
		...options.headers,
		Accept: 'application/json',
		'Accept-Encoding': 'identity',
	}
	const withSession = op.transport.kind !== 'login' && op.transport.kind !== 'anonymous'
	if (withSession && options.contextId) headers['X-FLUID-CONTEXT'] = options.contextId

	const query = (ipApi: string) => {
		const url = new URL(options.host)
		url.searchParams.set('ipApi', ipApi)
		url.searchParams.set('ipService', IP_SERVICE)
		url.searchParams.set('ipFunction', op.fn)
		return url
	}

	switch (op.transport.kind) {
		case 'proxy':
		case 'anonymous': {
			headers['Content-Type'] = 'application/json'
			const url = query(op.transport.kind === 'proxy' ? op.fn : 'anonymousFunction')
			return { url, method: 'POST', headers, body: JSON.stringify(payload) }
		}
		case 'v1': {
			headers['Content-Type'] = 'application/json'
			headers['X-API-KEY'] = ''
			const url = new URL(options.host.replace(/\/+$/, '') + '/api/v1' + op.transport.endpoint)
			return { url, method: 'POST', headers, body: JSON.stringify(payload) }
		}
		case 'login': {
			const body = new URLSearchParams(payload as Record<string, string>).toString()
			headers['Content-Type'] = 'application/x-www-form-urlencoded'
			return { url: query('userLogin'), method: 'POST', headers, body }
		}
		case 'stream': {
			const url = query('stream')
			for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
				url.searchParams.set(key, String(value))
			}
			headers.Accept = '*/*'
			return { url, method: 'GET', headers, body: null }
		}
	}
}

/**
 * Sends the request with node:http(s) and resolves with the reply's head, its body still to read
 * (a third of fetch's CPU per call: docs/decisions/032-presenter-transport.md). A request that
 * fails on a kept-alive connection the presenter has just closed is sent once more, on a new
 * connection, as node's documentation of `reusedSocket` advises.
 */
function exchange(
	request: PresenterRequest,
	signal: AbortSignal,
	retried = false,
): Promise<IncomingMessage> {
	return new Promise((resolve, reject) => {
		const client = request.url.protocol === 'https:' ? https : http
		const req = client.request(
			request.url,
			{ method: request.method, headers: request.headers, signal },
			resolve,
		)
		req.on('error', (error: NodeJS.ErrnoException) => {
			if (!retried && req.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted) {
				resolve(exchange(request, signal, true))
			} else reject(error)
		})
		req.end(request.body ?? undefined)
	})
}

/**
 * Sends with the call's timeout, or less when the request's deadline comes first. The timeout
 * covers the whole reply for JSON calls; for file streams (`untilHeaders`) it covers only the wait
 * for the headers, so a long download is not cut. `timedOut` tells a timeout from other failures.
 */
async function open(
	request: PresenterRequest,
	options: TransportOptions,
	{ untilHeaders = false } = {},
): Promise<{ reply: IncomingMessage; done: () => void; timedOut: () => boolean }> {
	const timer = new AbortController()
	const expire = () =>
		timer.abort(new DOMException(`Timed out after ${options.timeoutMs} ms`, 'TimeoutError'))
	const id = setTimeout(expire, options.timeoutMs)
	const { deadline } = options
	deadline?.addEventListener('abort', expire)
	if (deadline?.aborted) expire()
	const done = () => {
		clearTimeout(id)
		deadline?.removeEventListener('abort', expire)
	}
	const timedOut = () => timer.signal.aborted
	const signal = options.signal ? AbortSignal.any([timer.signal, options.signal]) : timer.signal
	let reply: IncomingMessage
	try {
		reply = await exchange(request, signal)
	} catch (cause) {
		done()
		throw transportFailure(options, timedOut(), cause)
	}
	if (untilHeaders) done()
	const status = reply.statusCode ?? 0
	if (status < 200 || status > 299) {
		done()
		reply.resume()
		throw new PresenterError('transport', `Presenter answered HTTP ${status}`, { status })
	}
	return { reply, done, timedOut }
}

function transportFailure(options: TransportOptions, timedOut: boolean, cause: unknown) {
	return new PresenterError(
		'transport',
		timedOut ? `Presenter timed out after ${options.timeoutMs} ms` : 'Presenter unreachable',
		{ cause },
	)
}

/** The whole body as text; fails when the connection breaks off or the call is aborted. */
async function readText(reply: IncomingMessage) {
	reply.setEncoding('utf8')
	let text = ''
	for await (const chunk of reply) text += chunk as string
	return text
}

/**
 * Sends one call and returns the parsed reply. Errors come back as PresenterError:
 * transport failures, the error catalogue's kinds, or `invalid-reply`.
 */
export async function send<P extends z.ZodType, R extends z.ZodType>(
	op: Operation<P, R>,
	payload: z.input<P>,
	options: TransportOptions,
): Promise<z.output<R>> {
	const request = buildRequest(op, op.payload.parse(payload), options)
	const { reply, done, timedOut } = await open(request, options)
	let text: string
	try {
		text = await readText(reply)
	} catch (cause) {
		// The body broke off (timeout, abort, lost connection): a transport failure, not a bad reply.
		throw transportFailure(options, timedOut(), cause)
	} finally {
		done()
	}
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch (cause) {
		throw new PresenterError('invalid-reply', `${op.fn}: reply is not JSON`, { cause })
	}
	const envelope = EnvelopeSchema.safeParse(json)
	if (!envelope.success) {
		throw new PresenterError('invalid-reply', `${op.fn}: reply is not an object`)
	}
	const error = classifyReply(envelope.data)
	if (error) throw error
	const parsed = op.reply.safeParse(json)
	if (!parsed.success) {
		throw new PresenterError('invalid-reply', `${op.fn}: ${z.prettifyError(parsed.error)}`, {
			cause: parsed.error,
		})
	}
	return parsed.data
}

/** GET stream call: the file itself (status already checked), for resource routes to pass on. */
export async function stream(
	op: Operation,
	payload: unknown,
	options: TransportOptions,
): Promise<Response> {
	const request = buildRequest(op, op.payload.parse(payload), options)
	const { reply } = await open(request, options, { untilHeaders: true })
	const headers = new Headers()
	for (const [name, value] of Object.entries(reply.headers)) {
		for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
			headers.append(name, one)
		}
	}
	return new Response(Readable.toWeb(reply) as ReadableStream<Uint8Array>, {
		status: reply.statusCode,
		headers,
	})
}
