import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { expect, startPortal, test } from './fixtures.ts'

/**
 * What an operator sees (docs/decisions/065-logs-traces-and-readiness.md): one JSON log line per
 * request with its presenter calls, expected refusals without a stack, spans exported over
 * OTLP/HTTP to a collector (here a receiver in the test), and the readiness answer.
 */

type OtlpSpan = {
	traceId: string
	spanId: string
	parentSpanId?: string
	name: string
	kind: number
	attributes: Array<{ key: string; value: Record<string, unknown> }>
}
type OtlpExport = {
	resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>
}

/** A collector's OTLP/HTTP trace endpoint (JSON): every span it was sent. */
async function otlpReceiver() {
	const spans: OtlpSpan[] = []
	const server: Server = createServer((req, res) => {
		let body = ''
		req.on('data', (chunk: Buffer) => (body += chunk))
		req.on('end', () => {
			if (req.url === '/v1/traces' && req.headers['content-type']?.includes('json')) {
				const sent = JSON.parse(body) as OtlpExport
				spans.push(...sent.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)))
			}
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		spans,
		close: () => new Promise((resolve) => server.close(resolve)),
	}
}

const attribute = (span: OtlpSpan, key: string) =>
	Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0]

test('request log lines, refusals without a stack, OTLP spans and readiness @api', async () => {
	test.setTimeout(60_000)
	const collector = await otlpReceiver()
	const portal = await startPortal(undefined, {
		LOG_REQUESTS: 'true',
		OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
	})
	let stopped = false
	try {
		const lines = () =>
			portal
				.output()
				.split('\n')
				.filter((line) => line.startsWith('{'))
				.map((line) => JSON.parse(line) as Record<string, unknown>)
		const requestLine = (id: string) => lines().find((line) => line.reqId === id)

		// Anonymous posts to pages without forms: refused, one line each, no stack trace.
		for (const path of ['/healthcheck', '/debug', '/media']) {
			const response = await fetch(portal.url + path, { method: 'POST', body: 'a=1' })
			expect(response.status).toBe(405)
			const id = response.headers.get('X-Request-Id')!
			await expect.poll(() => requestLine(id)).toMatchObject({ method: 'POST', path, status: 405 })
			expect(lines().filter((line) => line.reqId === id)).toHaveLength(1)
		}
		expect(portal.output()).not.toMatch(/^\s+at /m)

		// A signed-in page: its presenter calls, each with its name, time and outcome.
		const signIn = await fetch(`${portal.url}/login`, {
			method: 'POST',
			body: new URLSearchParams({ username: 'demo', password: 'demo' }),
			redirect: 'manual',
		})
		expect(signIn.status).toBe(302)
		const cookie = signIn.headers
			.getSetCookie()
			.find((c) => c.startsWith('__portal='))!
			.split(';')[0]!
		const home = await fetch(`${portal.url}/?from=mail`, { headers: { cookie } })
		expect(home.status).toBe(200)
		const homeId = home.headers.get('X-Request-Id')!
		await expect
			.poll(() => requestLine(homeId))
			.toMatchObject({ method: 'GET', path: '/', status: 200 })
		const calls = requestLine(homeId)!.presenter as Array<{
			fn: string
			ms: number
			outcome: string
		}>
		expect(calls.map((c) => c.fn)).toEqual(
			expect.arrayContaining(['getUserDetails', 'getObjectSet']),
		)
		for (const call of calls) {
			expect(call.ms).toBeGreaterThanOrEqual(0)
			expect(['ok', 'cached']).toContain(call.outcome)
		}

		// Readiness: the store and the presenter are up.
		const ready = await fetch(`${portal.url}/readyz`)
		expect(ready.status).toBe(200)
		expect(await ready.json()).toEqual({ ready: true, store: 'up', presenter: 'up' })

		// Stopping sends what is buffered: a server span for the page, a client span for each of its
		// presenter calls under it.
		await portal.stop()
		stopped = true
		const server = collector.spans.find((s) => s.name === 'GET /' && s.kind === 2)
		expect(server, 'the home page’s server span').toBeDefined()
		expect(attribute(server!, 'http.response.status_code')).toBe(200)
		const children = collector.spans.filter((s) => s.parentSpanId === server!.spanId)
		expect(children.map((s) => s.name)).toEqual(
			expect.arrayContaining(['presenter getUserDetails', 'presenter getObjectSet']),
		)
		for (const child of children) {
			expect(child.kind).toBe(3)
			expect(child.traceId).toBe(server!.traceId)
		}
	} finally {
		if (!stopped) await portal.stop()
		await collector.close()
	}
})
