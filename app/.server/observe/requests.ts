import { randomUUID } from 'node:crypto'
import type express from 'express'
import { isRouteErrorResponse } from 'react-router'
import { logger } from './log.ts'
import { shared, type ObservedRequest } from './shared.ts'
import { endServerSpan, presenterSpan, startServerSpan } from './tracing.ts'

/** The header carrying a request's id, both ways: a proxy's id is kept, else one is made. */
export const REQUEST_ID_HEADER = 'X-Request-Id'
/** A proxy's request id is used when it is this plain; anything else is replaced. */
const USABLE_ID = /^[\w.:-]{1,64}$/
/** Presenter calls one log line lists (a 500-line quick order makes hundreds); the rest are counted. */
export const CALLS_LOGGED = 40
/** Probes answered 200 write no line (a monitor asks every few seconds); a failing one does. */
const PROBES = new Set(['/healthcheck', '/readyz'])

/**
 * Express middleware, first in the chain: gives the request an id (X-Request-Id), runs the rest of
 * its handling with the request in scope (so presenter calls and log lines know it), opens its
 * server span when tracing is on, and once answered writes one line: id, method, path (never the
 * query, which may carry a token), status, time and each presenter call. A refusal (4xx) is that one
 * line, at info; a 5xx is at error. `lines: false` (LOG_REQUESTS=false) writes no request lines.
 */
export function observeRequests({ lines = true } = {}): express.RequestHandler {
	return (req, res, next) => {
		const start = performance.now()
		const given = req.get(REQUEST_ID_HEADER)
		const request: ObservedRequest = {
			id: given && USABLE_ID.test(given) ? given : randomUUID(),
			calls: [],
			moreCalls: 0,
			span: startServerSpan(req.method, req.path),
		}
		res.setHeader(REQUEST_ID_HEADER, request.id)
		let done = false
		const finish = () => {
			if (done) return
			done = true
			const status = res.headersSent ? res.statusCode : 0
			endServerSpan(request.span, status)
			if (!lines || (PROBES.has(req.path) && status === 200)) return
			const entry = {
				reqId: request.id,
				method: req.method,
				path: req.path,
				status,
				ms: Math.round(performance.now() - start),
				...(request.calls.length ? { presenter: request.calls } : {}),
				...(request.moreCalls ? { presenterMore: request.moreCalls } : {}),
				...(request.reason ? { reason: request.reason } : {}),
				...(res.writableFinished ? {} : { aborted: true }),
			}
			const log = logger()
			if (status >= 500 || status === 0) log.error(entry, 'request')
			else log.info(entry, 'request')
		}
		res.once('finish', finish)
		res.once('close', finish)
		shared.requests.run(request, next)
	}
}

/**
 * Notes a presenter call of the current request: in its log line, and as a client span under its
 * server span. `outcome` is 'ok', 'cached' or what failed. Outside a request only the span is made.
 */
export function presenterCalled(fn: string, ms: number, outcome: string) {
	const request = shared.requests.getStore()
	const start = performance.now() - ms
	presenterSpan(request?.span, fn, start, ms, outcome)
	if (!request) return
	if (request.calls.length < CALLS_LOGGED)
		request.calls.push({ fn, ms: Math.round(ms * 10) / 10, outcome })
	else request.moreCalls++
}

/**
 * Logs an error React Router met while answering (its handleError). A refusal (a 4xx: a method a
 * route does not take, a page not found) is expected: its reason goes on the request's one line,
 * never a stack. Anything else is unexpected and logged once, with its stack.
 */
export function requestFailed(error: unknown) {
	if (isRouteErrorResponse(error) && error.status < 500) {
		const request = shared.requests.getStore()
		const reason = reasonOf((error as { error?: unknown }).error ?? error.statusText)
		if (request) request.reason = reason
		return
	}
	const cause = isRouteErrorResponse(error)
		? ((error as { error?: unknown }).error ?? error)
		: error
	logger().error({ err: cause }, 'unexpected error')
}

/** An error's message on one line. */
function reasonOf(error: unknown) {
	return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim()
}
