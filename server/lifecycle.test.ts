import { type ChildProcess, spawn } from 'node:child_process'
import { connect } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { freePort } from '#tests/utils/portal.ts'

const LIFECYCLE = new URL('./lifecycle.ts', import.meta.url).pathname

/**
 * A server as server/index.ts runs one (lifecycle middleware, graceful stop), with a page that
 * takes `slowMs` to answer and a health check, in a process of its own so that it can be sent
 * SIGTERM and exit.
 */
function startServer(port: number, slowMs: number, grace: number) {
	const script = `
		import express from 'express'
		import { createServer } from 'node:http'
		import { lifecycleMiddleware, stopGracefully } from ${JSON.stringify(LIFECYCLE)}
		const lifecycle = { draining: false }
		const app = express()
		app.use(lifecycleMiddleware('test-instance', lifecycle))
		app.get('/slow', (_req, res) => setTimeout(() => res.send('slow done'), ${slowMs}))
		app.get('/healthcheck', (_req, res) => res.json({ status: 'ok' }))
		const server = createServer(app).listen(${port}, '127.0.0.1', () => console.log('listening'))
		stopGracefully(server, lifecycle, { graceMs: ${grace}, close: () => console.log('store closed') })
	`
	const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (d: Buffer) => (output += d))
	child.stderr.on('data', (d: Buffer) => (output += d))
	const listening = new Promise<void>((resolve, reject) => {
		child.stdout.on('data', () => output.includes('listening') && resolve())
		child.once('exit', () => reject(new Error(`exited early:\n${output}`)))
	})
	const exited = new Promise<number | null>((resolve) =>
		child.once('exit', (code) => resolve(code)),
	)
	return { child, listening, exited, output: () => output }
}

/** Writes `head` on a new connection and resolves with everything the server sends until it hangs up. */
function rawRequest(port: number, head: string) {
	const socket = connect(port, '127.0.0.1')
	const connected = new Promise<void>((resolve, reject) => {
		socket.once('connect', resolve)
		socket.once('error', reject)
	})
	let reply = ''
	socket.on('data', (chunk) => (reply += String(chunk)))
	const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(reply)))
	socket.write(head)
	return { socket, connected, closed }
}

let child: ChildProcess | undefined
afterEach(() => void child?.kill('SIGKILL'))

test('SIGTERM: the request in flight finishes, new connections are refused, the health check says draining, exit 0', async () => {
	const port = await freePort()
	const server = startServer(port, 1_500, 10_000)
	child = server.child
	await server.listening

	const first = await fetch(`http://127.0.0.1:${port}/healthcheck`)
	expect(first.headers.get('X-Portal-Instance')).toBe('test-instance')
	expect(await first.json()).toEqual({ status: 'ok' })

	// In flight at the signal: a slow page, and a health check whose request has begun (its
	// last header line not yet sent).
	const slow = fetch(`http://127.0.0.1:${port}/slow`)
	const health = rawRequest(port, 'GET /healthcheck HTTP/1.1\r\nHost: x\r\n')
	await health.connected
	await new Promise((r) => setTimeout(r, 200))
	const signalled = Date.now()
	server.child.kill('SIGTERM')
	await new Promise((r) => setTimeout(r, 200))

	// No new connection.
	await expect(fetch(`http://127.0.0.1:${port}/healthcheck`)).rejects.toThrow()
	// The health check that arrives now: not ready, and the connection closes after it.
	health.socket.write('\r\n')
	const healthReply = await health.closed
	expect(healthReply).toMatch(/^HTTP\/1\.1 503/)
	expect(healthReply).toMatch(/connection: close/i)
	expect(healthReply).toContain('{"status":"draining"}')

	// The slow page completes, then the process exits 0 after closing its store.
	const reply = await slow
	expect(reply.status).toBe(200)
	expect(await reply.text()).toBe('slow done')
	expect(await server.exited).toBe(0)
	expect(Date.now() - signalled).toBeLessThan(5_000)
	expect(server.output()).toContain('SIGTERM: draining')
	expect(server.output()).toContain('store closed')
})

test('a request still running when the grace period ends is cut, and the process still exits 0', async () => {
	const port = await freePort()
	const server = startServer(port, 60_000, 500)
	child = server.child
	await server.listening

	const slow = fetch(`http://127.0.0.1:${port}/slow`).then(
		(r) => r.status,
		() => 'cut',
	)
	await new Promise((r) => setTimeout(r, 200))
	const signalled = Date.now()
	server.child.kill('SIGTERM')
	expect(await slow).toBe('cut')
	expect(await server.exited).toBe(0)
	expect(Date.now() - signalled).toBeLessThan(3_000)
	expect(server.output()).toContain('store closed')
})

test('an idle keep-alive connection does not hold the stop', async () => {
	const port = await freePort()
	const server = startServer(port, 10, 10_000)
	child = server.child
	await server.listening

	// One answered request, the connection left open (keep-alive) and idle.
	const idle = rawRequest(port, 'GET /healthcheck HTTP/1.1\r\nHost: x\r\n\r\n')
	await idle.connected
	await new Promise((r) => setTimeout(r, 200))
	const signalled = Date.now()
	server.child.kill('SIGTERM')
	expect(await idle.closed).toMatch(/^HTTP\/1\.1 200/)
	expect(await server.exited).toBe(0)
	expect(Date.now() - signalled).toBeLessThan(2_000)
})
