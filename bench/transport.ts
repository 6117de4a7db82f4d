/**
 * The presenter transport (app/.server/presenter/transport.ts, node:http with the default
 * keep-alive agent) against the same calls sent through undici's Pool: requests per second, p50
 * and p95 and the portal's CPU per call, for a mix of the calls every page makes (the session
 * check, the product menu, a page of a product list) against the sandbox presenter in its own
 * process; then whether each keeps our timeout, abort and keep-alive rules and whether msw (the
 * contract's test handlers) sees its calls. A measurement, not a CI test
 * (docs/decisions/048-sandbox-structure-and-library-second-looks.md).
 *
 * `npm run bench:transport`; BENCH_CALLS (3000), BENCH_CONCURRENCY (8), BENCH_ROUNDS (3).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import { http as mswHttp, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { Pool } from 'undici'
import { type z } from 'zod'
import * as auth from '#app/.server/presenter/contract/auth.ts'
import * as catalogue from '#app/.server/presenter/contract/catalogue.ts'
import { EnvelopeSchema, type Operation } from '#app/.server/presenter/contract/define.ts'
import { classifyReply, PresenterError } from '#app/.server/presenter/errors.ts'
import {
	buildRequest,
	send as sendHttp,
	type TransportOptions,
} from '#app/.server/presenter/transport.ts'
import { COMPANY_ID, DEMO_PASSWORD } from '#server/sandbox/seed/company.ts'

const CALLS = Number(process.env.BENCH_CALLS ?? 3000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

type Send = <P extends z.ZodType, R extends z.ZodType>(
	op: Operation<P, R>,
	payload: z.input<P>,
	options: TransportOptions,
) => Promise<z.output<R>>

/**
 * `send` over undici: one Pool per origin (unlimited connections, like node's agent), the same
 * request, the same timeout/deadline/abort signal and the same reply checks. What undici has no
 * counterpart for is node's `reusedSocket`, so no resend on a dropped kept-alive connection.
 */
function undiciTransport() {
	const pools = new Map<string, Pool>()
	const send: Send = async (op, payload, options) => {
		const request = buildRequest(op, op.payload.parse(payload), options)
		let pool = pools.get(request.url.origin)
		if (!pool) pools.set(request.url.origin, (pool = new Pool(request.url.origin)))
		const timer = new AbortController()
		const expire = () =>
			timer.abort(new DOMException(`Timed out after ${options.timeoutMs} ms`, 'TimeoutError'))
		const id = setTimeout(expire, options.timeoutMs)
		options.deadline?.addEventListener('abort', expire)
		const signal = options.signal ? AbortSignal.any([timer.signal, options.signal]) : timer.signal
		let text: string
		try {
			const reply = await pool.request({
				path: request.url.pathname + request.url.search,
				method: request.method,
				headers: request.headers,
				body: request.body,
				signal,
			})
			if (reply.statusCode < 200 || reply.statusCode > 299) {
				await reply.body.dump()
				throw new PresenterError('transport', `Presenter answered HTTP ${reply.statusCode}`)
			}
			text = await reply.body.text()
		} catch (cause) {
			if (cause instanceof PresenterError) throw cause
			const timedOut = timer.signal.aborted
			throw new PresenterError(
				'transport',
				timedOut ? `Presenter timed out after ${options.timeoutMs} ms` : 'Presenter unreachable',
				{ cause },
			)
		} finally {
			clearTimeout(id)
			options.deadline?.removeEventListener('abort', expire)
		}
		const json: unknown = JSON.parse(text)
		const envelope = EnvelopeSchema.safeParse(json)
		if (!envelope.success) throw new PresenterError('invalid-reply', op.fn)
		const error = classifyReply(envelope.data)
		if (error) throw error
		return op.reply.parse(json)
	}
	const close = () => Promise.all([...pools.values()].map((pool) => pool.close()))
	return { send, close }
}

/** The sandbox presenter in a process of its own, over an in-memory database. */
async function startSandbox() {
	const probe = net.createServer().listen(0, '127.0.0.1')
	await once(probe, 'listening')
	const { port } = probe.address() as net.AddressInfo
	probe.close()
	const child = spawn(process.execPath, ['server/sandbox/standalone.ts'], {
		env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DB: ':memory:' },
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	const host = `http://127.0.0.1:${port}/presenter`
	for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
		const up = await fetch(host).then(
			() => true,
			() => false,
		)
		if (up) return { host, stop: () => child.kill('SIGTERM') }
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	child.kill('SIGTERM')
	throw new Error('The sandbox presenter did not start')
}

/** The calls a signed-in page makes, in turn. */
function mix(options: TransportOptions) {
	const list = {
		companyID: COMPANY_ID,
		deviceID: 'bench',
		userName: 'demo',
		inStockOnly: false,
		incGST: false,
		searchCategory: 'TIM',
		searchType: 'FRM',
		searchClass: '',
		searchString: '',
		page: 1,
		rowsPerPage: 24,
		pagesize: 24,
		limit: 24,
		start: 0,
	}
	return [
		(send: Send) => send(auth.getState, {}, options),
		(send: Send) => send(catalogue.getProductMenu, { companyID: COMPANY_ID }, options),
		(send: Send) => send(catalogue.getProductsByType, list, options),
	]
}

async function measure(send: Send, calls: ReturnType<typeof mix>, count: number) {
	const times: number[] = []
	let next = 0
	const cpu = process.cpuUsage()
	const start = performance.now()
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (next < count) {
				const call = calls[next++ % calls.length]!
				const t = performance.now()
				await call(send)
				times.push(performance.now() - t)
			}
		}),
	)
	const seconds = (performance.now() - start) / 1000
	const used = process.cpuUsage(cpu)
	return { times, seconds, cpuMs: (used.user + used.system) / 1000 }
}

const pct = (sorted: number[], p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1]!

/** A presenter that misbehaves on purpose, on a real socket; counts its connections. */
async function testPresenter(
	answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
	const server = http.createServer(answer)
	let connections = 0
	server.on('connection', () => (connections += 1))
	server.listen(0, '127.0.0.1')
	await once(server, 'listening')
	const { port } = server.address() as net.AddressInfo
	return {
		host: `http://127.0.0.1:${port}/presenter`,
		connections: () => connections,
		close: () => {
			server.closeAllConnections()
			server.close()
		},
	}
}

const STATE = JSON.stringify({ dataset: { stateList: [] } })

/** Rejects how and when the rule says: returns the message and the time it took. */
async function failure(call: () => Promise<unknown>) {
	const t = performance.now()
	try {
		await call()
		return { message: 'answered', ms: performance.now() - t }
	} catch (error) {
		return { message: (error as Error).message, ms: Math.round(performance.now() - t) }
	}
}

async function semantics(send: Send) {
	const results: Record<string, string> = {}
	const silent = await testPresenter(() => {})
	const slowHeaders = await failure(() =>
		send(auth.getState, {}, { host: silent.host, timeoutMs: 150 }),
	)
	results['timeout, no headers (150 ms)'] = `${slowHeaders.message} after ${slowHeaders.ms} ms`
	const late = await failure(() =>
		send(
			auth.getState,
			{},
			{ host: silent.host, timeoutMs: 5_000, deadline: AbortSignal.timeout(100) },
		),
	)
	results['deadline (100 ms) before the timeout'] = `${late.message} after ${late.ms} ms`
	const aborted = await failure(() =>
		send(
			auth.getState,
			{},
			{ host: silent.host, timeoutMs: 5_000, signal: AbortSignal.timeout(80) },
		),
	)
	results['browser gone (abort at 80 ms)'] = `${aborted.message} after ${aborted.ms} ms`
	silent.close()

	const trickle = await testPresenter((_req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': STATE.length })
		res.write(STATE.slice(0, 5))
		setTimeout(() => res.end(STATE.slice(5)), 600)
	})
	const body = await failure(() => send(auth.getState, {}, { host: trickle.host, timeoutMs: 150 }))
	results['timeout covers the body (150 ms)'] = `${body.message} after ${body.ms} ms`
	trickle.close()

	const good = await testPresenter((_req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/json' }).end(STATE)
	})
	for (let i = 0; i < 20; i += 1)
		await send(auth.getState, {}, { host: good.host, timeoutMs: 1_000 })
	results['keep-alive (20 calls in turn)'] = `${good.connections()} connection(s)`
	good.close()

	// Answers the first request on a connection, drops the connection at the second.
	let dropped = 0
	const dropping = net.createServer((socket) => {
		dropped += 1
		let answered = false
		socket.on('data', () => {
			if (answered) return void socket.resetAndDestroy()
			answered = true
			socket.write(
				`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${STATE.length}\r\n` +
					`Connection: keep-alive\r\n\r\n${STATE}`,
			)
		})
	})
	dropping.listen(0, '127.0.0.1')
	await once(dropping, 'listening')
	const droppingHost = `http://127.0.0.1:${(dropping.address() as net.AddressInfo).port}/presenter`
	await send(auth.getState, {}, { host: droppingHost, timeoutMs: 1_000 })
	const again = await failure(() =>
		send(auth.getState, {}, { host: droppingHost, timeoutMs: 1_000 }),
	)
	results['kept-alive connection dropped by the presenter'] =
		`${again.message} (${dropped} connections)`
	dropping.close()

	const msw = setupServer(
		mswHttp.post('http://presenter.test/api', () =>
			HttpResponse.json({ dataset: { stateList: [] } }),
		),
	)
	msw.listen()
	const mocked = await failure(() =>
		send(auth.getState, {}, { host: 'http://presenter.test/api', timeoutMs: 1_000 }),
	)
	results['msw answers the call'] = mocked.message === 'answered' ? 'yes' : `no: ${mocked.message}`
	msw.close()
	return results
}

const sandbox = await startSandbox()
const undici = undiciTransport()
try {
	const login = await sendHttp(
		auth.login,
		{ userid: 'demo', password: DEMO_PASSWORD, domain: COMPANY_ID, extra: '' },
		{ host: sandbox.host, timeoutMs: 5_000 },
	)
	const calls = mix({ host: sandbox.host, contextId: login.sessionID, timeoutMs: 5_000 })
	const transports: Array<[string, Send]> = [
		['node:http', sendHttp],
		['undici Pool', undici.send],
	]
	for (const [, send] of transports) await measure(send, calls, 300) // warm-up
	const runs = new Map(
		transports.map(([name]) => [name, [] as Array<Awaited<ReturnType<typeof measure>>>]),
	)
	// Rounds alternate which transport goes first, so a busy machine weighs on both alike.
	for (let round = 0; round < ROUNDS; round += 1) {
		const order = round % 2 === 0 ? transports : [...transports].reverse()
		for (const [name, send] of order) runs.get(name)!.push(await measure(send, calls, CALLS))
	}
	console.log(`${CALLS} calls × ${ROUNDS} rounds, concurrency ${CONCURRENCY}`)
	console.log('transport     req/s (per round)          p50 ms  p95 ms  portal CPU ms/call')
	for (const [name, rounds] of runs) {
		const times = rounds.flatMap((r) => r.times).sort((a, b) => a - b)
		const rates = rounds.map((r) => Math.round(CALLS / r.seconds))
		const total = rounds.reduce((sum, r) => sum + r.seconds, 0)
		const cpu = rounds.reduce((sum, r) => sum + r.cpuMs, 0) / (CALLS * ROUNDS)
		console.log(
			`${name.padEnd(12)}  ${String(Math.round((CALLS * ROUNDS) / total)).padStart(5)} (${rates.join(', ')})`.padEnd(
				41,
			) +
				`${pct(times, 50).toFixed(2).padStart(6)}  ${pct(times, 95).toFixed(2).padStart(6)}  ${cpu.toFixed(3).padStart(8)}`,
		)
	}
	for (const [name, send] of transports) {
		console.log(`\n${name}:`)
		for (const [rule, result] of Object.entries(await semantics(send))) {
			console.log(`  ${rule.padEnd(48)} ${result}`)
		}
	}
} finally {
	await undici.close()
	sandbox.stop()
}
