import express, { Router, type Request, type RequestHandler, type Response } from 'express'
import { timingSafeEqual } from 'node:crypto'
import { login } from '#app/.server/presenter/contract/auth.ts'
import { IP_SERVICE, type Operation } from '#app/.server/presenter/contract/define.ts'
import { openDatabase } from './schema.ts'
import { type Db } from './db.ts'
import { controlRouter } from './control.ts'
import { Faults } from './faults.ts'
import {
	SandboxFault,
	SESSION_EXPIRED,
	type Implementation,
	type SessionUser,
} from './implement.ts'
import { mediaRouter } from './media.ts'
import { paymentPages } from './payment-pages.ts'
import { createSignInLimit, refusalMessage } from './sign-in-limit.ts'
import { implementations } from './operations/index.ts'
import { z } from 'zod'

/** Sessions idle longer than this are expired, as a real presenter would. */
const SESSION_IDLE_MS = 8 * 60 * 60_000
const SESSION_TOUCH_MS = 60_000

function sessionUser(db: Db, contextId: string | undefined, now: Date): SessionUser {
	if (!contextId) throw new SandboxFault('Invalid Session ContextID')
	const row = db
		.prepare(
			`SELECT s.session_id, s.last_seen_at, u.id_user, u.id_cust, u.username
			 FROM sessions s JOIN users u USING (id_user) WHERE s.session_id = ?`,
		)
		.get(contextId) as (SessionUser & { last_seen_at: string }) | undefined
	if (!row || now.getTime() - Date.parse(row.last_seen_at) > SESSION_IDLE_MS) {
		throw new SandboxFault(SESSION_EXPIRED)
	}
	// Idle time is counted in minutes: the session is touched at most once a minute, not written
	// on every call.
	if (now.getTime() - Date.parse(row.last_seen_at) >= SESSION_TOUCH_MS) {
		db.prepare('UPDATE sessions SET last_seen_at = ? WHERE session_id = ?').run(
			now.toISOString(),
			contextId,
		)
	}
	return {
		session_id: row.session_id,
		id_user: row.id_user,
		id_cust: row.id_cust,
		username: row.username,
	}
}

function errorReply(error: SandboxFault) {
	return { hasErrors: true, errorTable: [{ field: error.field, msg: error.message }] }
}

/** Finds the operation a request names, by the transport rules of docs/decisions/002-presenter-wire-format.md. */
function resolve(req: Request): Implementation | undefined {
	if (req.query.ipService !== IP_SERVICE) return undefined
	const ipApi = String(req.query.ipApi ?? '')
	const fn = String(req.query.ipFunction ?? '')
	const impl = implementations.get(fn)
	if (!impl) return undefined
	const kind = impl.op.transport.kind
	const matches =
		(kind === 'proxy' && ipApi === fn) ||
		(kind === 'login' && ipApi === 'userLogin') ||
		(kind === 'anonymous' && ipApi === 'anonymousFunction') ||
		(kind === 'stream' && ipApi === 'stream')
	return matches ? impl : undefined
}

const byEndpoint = new Map<string, Implementation>(
	[...implementations.values()]
		.filter(
			(i): i is Implementation & { op: Operation & { transport: { kind: 'v1' } } } =>
				i.op.transport.kind === 'v1',
		)
		.map((i) => [i.op.transport.endpoint, i]),
)

const isLoopback = (address: string | undefined) =>
	Boolean(address && /^(127\.|::1$|::ffff:127\.)/.test(address))

/** Whether `sent` is `expected`, compared in constant time. */
function sameSecret(sent: string | undefined, expected: Buffer | null) {
	if (!expected || !sent) return false
	const given = Buffer.from(sent)
	return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Who may use the control API (docs/decisions/016-hardening.md): nobody unless
 * SANDBOX_CONTROL=true (404); then clients on this machine — the socket and, through a trusted
 * local proxy, the forwarded client too — or anyone sending SANDBOX_CONTROL_TOKEN in the
 * X-Sandbox-Token header; everyone else gets 403.
 */
export function controlAccess(env = process.env): RequestHandler {
	const enabled = env.SANDBOX_CONTROL === 'true'
	const token = env.SANDBOX_CONTROL_TOKEN ? Buffer.from(env.SANDBOX_CONTROL_TOKEN) : null
	return (req, res, next) => {
		if (!enabled) return void res.status(404).type('text').send('Not Found')
		const local = isLoopback(req.socket.remoteAddress) && isLoopback(req.ip)
		if (local || sameSecret(req.get('X-Sandbox-Token'), token)) return next()
		res.status(403).type('text').send('The sandbox control API is refused to this client')
	}
}

/**
 * Who may call the embedded sandbox's presenter functions
 * (docs/decisions/052-embedded-sandbox-answers-only-the-portal.md): the portal process alone, a
 * loopback socket sending the process's `secret` in the `header` the portal names; everyone else
 * gets 404, as if there were no presenter here. `open` (SANDBOX_PUBLIC=true) lets anyone in, for a
 * public demo.
 */
export function presenterAccess(options: {
	header: string
	secret: string
	open?: boolean
}): RequestHandler {
	if (options.open) return (_req, _res, next) => next()
	const secret = Buffer.from(options.secret)
	const header = options.header
	return (req, res, next) => {
		if (isLoopback(req.socket.remoteAddress) && sameSecret(req.get(header), secret)) return next()
		res.status(404).type('text').send('Not Found')
	}
}

export type Sandbox = ReturnType<typeof createSandbox>

/**
 * The sandbox presenter: the presenter protocol over node:sqlite with seeded demo data.
 * `presenter` is mounted at the configured endpoint path; `control` at /__sandbox (tests only).
 * `access` guards the presenter functions; the pictures and the hosted payment page, which
 * browsers load, are outside it.
 */
export function createSandbox(options: {
	dbFile: string
	now?: () => Date
	access?: RequestHandler
	/**
	 * Failed sign-ins per username per 15 minutes, then refused. A backstop above the portal's own
	 * limit: the portal lets a user's own browser past its per-user limit
	 * (docs/decisions/054-revocation-and-request-bounds.md), which this must not undo. The portal
	 * that embeds the sandbox passes four times its limit; 20 (four times the portal's default)
	 * otherwise.
	 */
	signInLimit?: number
}) {
	const db = openDatabase(options.dbFile)
	const now = options.now ?? (() => new Date())
	const faults = new Faults()
	const signIns = createSignInLimit(options.signInLimit ?? 20)
	async function throttledLogin(payload: unknown, handle: () => unknown) {
		const { userid } = login.payload.parse(payload)
		const attempt = await signIns.run(
			userid,
			async () => login.reply.parse(handle()),
			(reply) => reply.sessionID === '',
		)
		return attempt.refused
			? { sessionID: '', msg: refusalMessage(attempt.retryAfterSeconds) }
			: attempt.result
	}

	async function dispatch(impl: Implementation | undefined, req: Request, res: Response) {
		if (!impl)
			return void res
				.status(404)
				.json({ hasErrors: true, errorTable: [{ field: '', msg: 'Unknown presenter function' }] })
		const failure = await faults.before(impl.op.fn)
		if (failure?.hang) return // never answers: the client's timeout must end the call
		if (failure) return void res.status(failure.status).json({ error: 'Injected fault' })
		const at = now()
		try {
			const user = impl.session ? sessionUser(db, req.get('X-FLUID-CONTEXT'), at) : null
			const body: unknown = impl.op.transport.kind === 'stream' ? req.query : req.body
			const payload = impl.op.payload.safeParse(body)
			if (!payload.success) {
				const issue = payload.error.issues[0]
				throw new SandboxFault(
					`Invalid ${issue?.path.join('.') || 'request'}: ${issue?.message}`,
					String(issue?.path[0] ?? ''),
				)
			}
			const handle = () => impl.handle(payload.data, { db, now: at, user, mount: req.baseUrl })
			// Handlers are synchronous except where a document is rendered (PDFs stream out of pdfkit).
			const reply: unknown =
				impl.op === login ? await throttledLogin(payload.data, handle) : await handle()
			if (reply instanceof globalThis.Response) {
				res.status(reply.status)
				reply.headers.forEach((value, key) => res.setHeader(key, value))
				return void res.send(Buffer.from(await reply.arrayBuffer()))
			}
			const checked = impl.op.reply.safeParse(reply)
			if (!checked.success) {
				console.error(
					`sandbox: ${impl.op.fn} reply breaks its contract`,
					z.prettifyError(checked.error),
				)
				return void res.status(500).json({ error: 'Sandbox reply breaks the contract' })
			}
			res.json(reply)
		} catch (error) {
			if (error instanceof SandboxFault) return void res.json(errorReply(error))
			throw error
		}
	}

	const presenter = Router()
	presenter.use('/media', mediaRouter(db))
	presenter.use('/pay', paymentPages(db, now))
	if (options.access) presenter.use(options.access)
	presenter.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: false }))
	presenter.post('/', (req, res) => dispatch(resolve(req), req, res))
	presenter.get('/', (req, res) => dispatch(resolve(req), req, res))
	presenter.post('/api/v1/*endpoint', (req, res) => {
		const endpoint = '/' + (req.params as { endpoint: string[] }).endpoint.join('/')
		return dispatch(byEndpoint.get(endpoint), req, res)
	})

	const control = controlRouter({ db, now, faults, signIns })

	return { presenter, control, db, faults, close: () => db.close() }
}
