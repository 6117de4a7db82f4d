import { createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import express from 'express'
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { expect, onTestFinished, test } from 'vitest'
import { createLogger, useLogger } from './log.ts'
import { observeRequests, presenterCalled, requestFailed } from './requests.ts'
import { shared } from './shared.ts'
import { startServerSpan, startTracing, stopTracing } from './tracing.ts'

/** The log lines written while `run` runs, parsed. */
function captureLog() {
	const lines: string[] = []
	const sink = new Writable({
		write(chunk: Buffer, _encoding, done) {
			lines.push(...chunk.toString().split('\n').filter(Boolean))
			done()
		},
	})
	const previous = useLogger(createLogger(sink))
	onTestFinished(() => void useLogger(previous))
	return {
		raw: lines,
		entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
	}
}

/** An Express app with the request observer, listening on a free port. */
async function serve(setup: (app: express.Express) => void) {
	const app = express()
	app.use(observeRequests())
	setup(app)
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	onTestFinished(() => void server.close())
	return base
}

/** The log is written as the answer finishes: wait for its lines. */
async function lines(log: ReturnType<typeof captureLog>, count: number) {
	for (let i = 0; i < 50 && log.raw.length < count; i++) await new Promise((r) => setTimeout(r, 10))
	return log.entries()
}

test('a request with two presenter calls is one JSON line: id, method, path without the query, status, time, each call', async () => {
	const log = captureLog()
	const base = await serve((app) =>
		app.get('/cart', async (_req, res) => {
			await new Promise((r) => setTimeout(r, 5))
			presenterCalled('getCart', 12.34, 'ok')
			presenterCalled('getSettings', 0.2, 'cached')
			res.send('cart')
		}),
	)
	const response = await fetch(`${base}/cart?token=secret`)
	const id = response.headers.get('X-Request-Id')
	expect(id).toMatch(/^[0-9a-f-]{36}$/)
	const [line, ...more] = await lines(log, 1)
	expect(more).toEqual([])
	expect(line).toMatchObject({
		level: 'info',
		msg: 'request',
		reqId: id,
		method: 'GET',
		path: '/cart',
		status: 200,
		presenter: [
			{ fn: 'getCart', ms: 12.3, outcome: 'ok' },
			{ fn: 'getSettings', ms: 0.2, outcome: 'cached' },
		],
	})
	expect(line!.ms).toBeGreaterThanOrEqual(5)
	expect(log.raw.join('\n')).not.toContain('secret')
})

test('a refusal is one line with its reason and no stack; an unexpected error is logged once with its stack', async () => {
	const log = captureLog()
	const base = await serve((app) => {
		// As React Router reports a post to a route without an action.
		app.post('/healthcheck', (_req, res) => {
			const internal = new Error(
				'You made a POST request to "/healthcheck" but did not provide an `action`',
			)
			requestFailed(new ErrorResponse(405, 'Method Not Allowed', internal, true))
			res.status(405).send('Method Not Allowed')
		})
		app.get('/broken', (_req, res) => {
			requestFailed(new Error('the page broke'))
			res.status(500).send('error')
		})
	})
	await fetch(`${base}/healthcheck`, { method: 'POST', headers: { 'X-Request-Id': 'probe-1' } })
	const [refused, ...more] = await lines(log, 1)
	expect(more).toEqual([])
	expect(refused).toMatchObject({
		reqId: 'probe-1',
		method: 'POST',
		path: '/healthcheck',
		status: 405,
	})
	expect(log.raw.join('\n')).not.toMatch(/\bat \S/)

	await fetch(`${base}/broken`)
	const [, unexpected, request] = await lines(log, 3)
	expect(unexpected).toMatchObject({ level: 'error', msg: 'unexpected error' })
	expect((unexpected!.err as { stack: string }).stack).toMatch(/the page broke\n\s+at /)
	expect(unexpected!.reqId).toBe(request!.reqId)
	expect(request).toMatchObject({ level: 'error', path: '/broken', status: 500 })
})

type OtlpSpan = {
	traceId: string
	spanId: string
	parentSpanId?: string
	name: string
	kind: number
	startTimeUnixNano: string
	endTimeUnixNano: string
	attributes: Array<{ key: string; value: Record<string, unknown> }>
}

/** A collector's OTLP/HTTP endpoint in the test: the spans of every JSON export it was sent. */
async function otlpReceiver() {
	const spans: OtlpSpan[] = []
	const server = createServer((req, res) => {
		let body = ''
		req.on('data', (chunk: Buffer) => (body += chunk))
		req.on('end', () => {
			if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
				const sent = JSON.parse(body) as {
					resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>
				}
				spans.push(...sent.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)))
			}
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	onTestFinished(() => void server.close())
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans }
}

test('without an endpoint no tracer is set and no span is made', () => {
	expect(shared.tracing).toBeUndefined()
	expect(startServerSpan('GET', '/')).toBeUndefined()
})

test('with an endpoint: a server span per request, a client span per presenter call under it, sent over OTLP/HTTP', async () => {
	captureLog()
	const collector = await otlpReceiver()
	await startTracing(collector.url, 'portal-test')
	onTestFinished(() => stopTracing())
	const base = await serve((app) =>
		app.get('/orders', async (_req, res) => {
			await new Promise((r) => setTimeout(r, 20))
			presenterCalled('getCustomerTransactions', 15, 'ok')
			presenterCalled('getSettings', 0.1, 'cached')
			res.send('orders')
		}),
	)
	expect((await fetch(`${base}/orders?page=2`)).status).toBe(200)
	await stopTracing()

	const server = collector.spans.find((s) => s.name === 'GET /orders')!
	expect(server.kind).toBe(2)
	const value = (span: OtlpSpan, key: string) =>
		Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0]
	expect(value(server, 'http.request.method')).toBe('GET')
	expect(value(server, 'url.path')).toBe('/orders')
	expect(value(server, 'http.response.status_code')).toBe(200)
	const calls = collector.spans.filter((s) => s.parentSpanId === server.spanId)
	expect(calls.map((s) => [s.name, s.kind, s.traceId, value(s, 'presenter.outcome')])).toEqual([
		['presenter getCustomerTransactions', 3, server.traceId, 'ok'],
		['presenter getSettings', 3, server.traceId, 'cached'],
	])
	// Each call lies within its request.
	for (const call of calls) {
		expect(BigInt(call.startTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(server.startTimeUnixNano))
		expect(BigInt(call.endTimeUnixNano)).toBeLessThanOrEqual(BigInt(server.endTimeUnixNano))
	}
	expect(shared.tracing).toBeUndefined()
})
