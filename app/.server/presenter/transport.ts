import { z } from 'zod'
import { EnvelopeSchema, IP_SERVICE, type Operation } from './contract/define.ts'
import { classifyReply, PresenterError } from './errors.ts'

export type TransportOptions = {
	/** Absolute presenter URL ({host}). */
	host: string
	/** The presenter session context id, sent as X-FLUID-CONTEXT. */
	contextId?: string
	timeoutMs: number
	/** Aborts the call when the browser's request goes away. */
	signal?: AbortSignal
	/**
	 * The request's deadline for reads, retries included: when it passes, a call still waiting
	 * ends as a timeout. Mutations are not given one (their own timeout applies).
	 */
	deadline?: AbortSignal
}

/** Builds the HTTP request for one operation call, exactly as spec part 1 §7 describes. */
export function buildRequest(op: Operation, payload: unknown, options: TransportOptions): Request {
	const headers = new Headers({ Accept: 'application/json' })
	const withSession = op.transport.kind !== 'login' && op.transport.kind !== 'anonymous'
	if (withSession && options.contextId) headers.set('X-FLUID-CONTEXT', options.contextId)

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
			headers.set('Content-Type', 'application/json')
			const url = query(op.transport.kind === 'proxy' ? op.fn : 'anonymousFunction')
			return new Request(url, { method: 'POST', headers, body: JSON.stringify(payload) })
		}
		case 'v1': {
			headers.set('Content-Type', 'application/json')
			headers.set('X-API-KEY', '')
			const url = new URL(options.host.replace(/\/+$/, '') + '/api/v1' + op.transport.endpoint)
			return new Request(url, { method: 'POST', headers, body: JSON.stringify(payload) })
		}
		case 'login': {
			const body = new URLSearchParams(payload as Record<string, string>)
			headers.set('Content-Type', 'application/x-www-form-urlencoded')
			return new Request(query('userLogin'), { method: 'POST', headers, body })
		}
		case 'stream': {
			const url = query('stream')
			for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
				url.searchParams.set(key, String(value))
			}
			headers.set('Accept', '*/*')
			return new Request(url, { method: 'GET', headers })
		}
	}
}

/**
 * Fetches with the call's timeout, or less when the request's deadline comes first. The timeout
 * covers the whole reply for JSON calls; for file streams (`untilHeaders`) it covers only the wait
 * for the headers, so a long download is not cut.
 */
async function fetchWithTimeout(
	request: Request,
	options: TransportOptions,
	{ untilHeaders = false } = {},
): Promise<{ response: Response; done: () => void }> {
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
	const signal = options.signal ? AbortSignal.any([timer.signal, options.signal]) : timer.signal
	let response: Response
	try {
		response = await fetch(request, { signal })
	} catch (cause) {
		done()
		throw new PresenterError(
			'transport',
			timer.signal.aborted
				? `Presenter timed out after ${options.timeoutMs} ms`
				: 'Presenter unreachable',
			{ cause },
		)
	}
	if (untilHeaders) done()
	if (response.status < 200 || response.status > 299) {
		done()
		await response.body?.cancel()
		throw new PresenterError('transport', `Presenter answered HTTP ${response.status}`, {
			status: response.status,
		})
	}
	return { response, done }
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
	const { response, done } = await fetchWithTimeout(request, options)
	let text: string
	try {
		text = await response.text()
	} catch (cause) {
		done()
		// The body broke off (timeout, abort, lost connection): a transport failure, not a bad reply.
		const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError'
		throw new PresenterError(
			'transport',
			timedOut ? `Presenter timed out after ${options.timeoutMs} ms` : 'Presenter unreachable',
			{ cause },
		)
	}
	done()
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
	const { response } = await fetchWithTimeout(request, options, { untilHeaders: true })
	return response
}
