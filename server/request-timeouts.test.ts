import { connect } from 'node:net'
import { type AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { createPortalServer } from './index.ts'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

/** Sends `head` and part of a body, then waits for the server to answer or hang up. */
function sendPartOfABody(port: number, head: string, body: string) {
	return new Promise<{ reply: string; ms: number }>((resolve) => {
		const start = performance.now()
		let reply = ''
		const socket = connect(port, '127.0.0.1', () => socket.write(head + body))
		socket.on('data', (chunk) => (reply += String(chunk)))
		socket.on('close', () => resolve({ reply, ms: performance.now() - start }))
		socket.on('error', () => {})
	})
}

test('a client that declares a body and sends less of it is cut off after the request timeout', async () => {
	const server = createPortalServer(
		(req, res) => {
			req.resume()
			req.on('end', () => res.end('read'))
		},
		{ headersMs: 200, requestMs: 400 },
	)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	close = () => new Promise((resolve) => server.close(() => resolve()))
	const { port } = server.address() as AddressInfo

	const { reply, ms } = await sendPartOfABody(
		port,
		'POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n',
		'0123456789',
	)
	expect(reply).toMatch(/^HTTP\/1\.1 408/)
	expect(ms).toBeGreaterThanOrEqual(350)
	expect(ms).toBeLessThan(3_000)
})
