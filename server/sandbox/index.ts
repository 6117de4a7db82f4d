import express, { Router, type Request, type RequestHandler, type Response } from 'express'
import { timingSafeEqual } from 'node:crypto'
import { login } from '#app/.server/presenter/contract/auth.ts'
import { IP_SERVICE, type Operation } from '#app/.server/presenter/contract/define.ts'
import { openDatabase, resetDatabase } from './schema.ts'
import { type Db } from './db.ts'
import { Faults, FaultsSchema } from './faults.ts'
import {
	SandboxFault,
	SESSION_EXPIRED,
	type Implementation,
	type SessionUser,
} from './implement.ts'
import { mediaRouter } from './media.ts'
import { paymentPages } from './payment-pages.ts'
import { createSignInLimit, refusalMessage } from './sign-in-limit.ts'
import { customerBalances } from './statements.ts'
import { statementDates, statementReference } from './statements-calendar.ts'
import { sydneyTime } from './sydney.ts'
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

	/**
	 * The embedded portal's presenter client, when this sandbox runs in the portal's process
	 * (app/.server/presenter/index.ts): a reset makes its breakers forget, an outage that outlasts
	 * every cache time empties its read caches.
	 */
	const portalHooks = () =>
		(globalThis as { [key: symbol]: unknown })[
			Symbol.for('trade-portal.embedded-sandbox-hooks')
		] as { reset: () => void; outlastCaches: () => void } | undefined

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

	const control = Router()
	control.use(express.json())
	control.post('/reset', (_req, res) => {
		resetDatabase(db)
		faults.clear()
		signIns.reset()
		portalHooks()?.reset()
		res.sendStatus(204)
	})
	const SettingsChange = z.object({
		customer: z.union([z.number().int(), z.string()]),
		settings: z.record(z.string(), z.string().nullable()).default({}),
		widgets: z
			.array(
				z.object({
					objectSet: z.enum(['homepage', 'topbuttonbar', 'Links', 'bottomlinkbar']),
					label: z.string(),
					type: z.string().optional(),
					value: z.string().optional(),
					value2: z.string().optional(),
					enabled: z.boolean(),
					desc: z.string().optional(),
				}),
			)
			.default([]),
		/** The customer's account state: status and balances. */
		account: z
			.object({
				account_status: z.enum(['Active', 'On Hold', 'Suspended']),
				current_balance: z.number(),
				balance_30_day: z.number(),
				balance_overdue: z.number(),
			})
			.partial()
			.default({}),
	})
	control.post('/settings', (req, res) => {
		const parsed = SettingsChange.safeParse(req.body)
		if (!parsed.success) return void res.status(400).json({ error: z.prettifyError(parsed.error) })
		const { customer, settings, widgets, account } = parsed.data
		const row = db
			.prepare(
				typeof customer === 'number'
					? 'SELECT id_cust FROM customers WHERE id_cust = ?'
					: 'SELECT id_cust FROM users WHERE username = ?',
			)
			.get(customer) as { id_cust: number } | undefined
		if (!row) return void res.status(404).json({ error: 'No such customer' })
		for (const [name, value] of Object.entries(settings)) {
			db.prepare('DELETE FROM settings WHERE id_cust = ? AND name = ?').run(row.id_cust, name)
			if (value !== null)
				db.prepare('INSERT INTO settings VALUES (?, ?, ?)').run(row.id_cust, name, value)
		}
		for (const w of widgets) {
			const base = db
				.prepare(
					'SELECT * FROM widgets WHERE object_set = ? AND lower(label_object) = lower(?) ORDER BY id_cust IS NULL LIMIT 1',
				)
				.get(w.objectSet, w.label) as Record<string, string | number> | undefined
			db.prepare(
				'DELETE FROM widgets WHERE id_cust = ? AND object_set = ? AND lower(label_object) = lower(?)',
			).run(row.id_cust, w.objectSet, w.label)
			db.prepare(
				`INSERT INTO widgets (id_cust, object_set, label_object, type_object, object_value, object_value_2, is_enabled, desc_object, sort)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			).run(
				row.id_cust,
				w.objectSet,
				w.label,
				w.type ?? String(base?.type_object ?? 'button'),
				w.value ?? String(base?.object_value ?? ''),
				w.value2 ?? String(base?.object_value_2 ?? ''),
				w.enabled ? 1 : 0,
				w.desc ?? String(base?.desc_object ?? ''),
				Number(base?.sort ?? 999),
			)
		}
		for (const [column, value] of Object.entries(account)) {
			db.prepare(`UPDATE customers SET ${column} = ? WHERE id_cust = ?`).run(value, row.id_cust)
		}
		res.sendStatus(204)
	})
	/** A product's trade price changes (the customer's discount still applies): a price rise. */
	control.post('/prices', (req, res) => {
		const change = z
			.object({ productID: z.string(), tradePrice: z.number().positive() })
			.safeParse(req.body)
		if (!change.success) return void res.status(400).json({ error: change.error.message })
		const { changes } = db
			.prepare('UPDATE products SET TradePrice = ? WHERE productID = ?')
			.run(change.data.tradePrice, change.data.productID)
		if (!changes) return void res.status(404).json({ error: 'No such product' })
		res.sendStatus(204)
	})
	control.get('/outbox', (_req, res) => {
		const emails = db.prepare('SELECT * FROM outbox ORDER BY id').all() as Array<
			Record<string, unknown>
		>
		res.json({
			emails: emails.map((e) => ({
				...e,
				attachments: JSON.parse(String(e.attachments)) as unknown,
			})),
		})
	})
	const customerOf = (username: unknown) =>
		db.prepare('SELECT id_cust FROM users WHERE username = ?').get(String(username ?? '')) as
			{ id_cust: number } | undefined
	/**
	 * The carts and lists of a user's customer with their lines and tally lines, newest first.
	 * sessionType is the kind (Cart, Custom or Generic list), name the list's name; ordered (and
	 * ordered_at) once a cart became an order or quote. ?type= keeps one kind.
	 */
	control.get('/carts', (req, res) => {
		const user = customerOf(req.query.username)
		if (!user) return void res.status(404).json({ error: 'No such user' })
		const type = typeof req.query.type === 'string' ? req.query.type : null
		// `open=true`: only carts not yet ordered.
		const open = req.query.open === 'true' ? 1 : 0
		const carts = db
			.prepare(
				`SELECT cartSessionId, sessionType, name, created_at, ordered_at IS NOT NULL AS ordered, ordered_at FROM carts
				 WHERE id_cust = ? AND (? IS NULL OR sessionType = ?) AND (? = 0 OR ordered_at IS NULL)
				 ORDER BY created_at DESC, rowid DESC`,
			)
			.all(user.id_cust, type, type, open) as Array<{ cartSessionId: string; ordered: number }>
		const lines = db.prepare('SELECT * FROM cart_lines WHERE cartSessionId = ? ORDER BY lineID')
		const tallies = db.prepare(
			'SELECT length, qty FROM cart_tallies WHERE cartSessionId = ? AND lineID = ? ORDER BY rowid',
		)
		res.json({
			carts: carts.map((c) => ({
				...c,
				ordered: c.ordered === 1,
				lines: (lines.all(c.cartSessionId) as Array<{ lineID: number }>).map((l) => ({
					...l,
					tally: tallies.all(c.cartSessionId, l.lineID),
				})),
			})),
		})
	})
	/**
	 * The orders, quotes and invoices of a user's customer with their lines, newest first (`after`:
	 * only those numbered above it).
	 */
	control.get('/transactions', (req, res) => {
		const user = customerOf(req.query.username)
		if (!user) return void res.status(404).json({ error: 'No such user' })
		const after = Number(req.query.after) || 0
		const rows = db
			.prepare(
				'SELECT * FROM transactions WHERE id_cust = ? AND transactionNumber > ? ORDER BY created_at DESC, transactionNumber DESC, transactionSuffix DESC',
			)
			.all(user.id_cust, after) as Array<{ id: number }>
		const lines = db.prepare(
			'SELECT lineNum, productCode, productDesc, quantity, unitOfMeasure, unitPrice, linePrice FROM transaction_lines WHERE transaction_id = ? ORDER BY lineNum',
		)
		res.json({ transactions: rows.map((t) => ({ ...t, lines: lines.all(t.id) })) })
	})
	/**
	 * The users of a user's customer (account administration): username, names, email, role,
	 * active (web access), mobile access, and how the password is stored (its scheme, never the hash).
	 */
	control.get('/users', (req, res) => {
		const user = customerOf(req.query.username)
		if (!user) return void res.status(404).json({ error: 'No such user' })
		const rows = db
			.prepare(
				`SELECT id_user, username, name_first, name_last, email, roleID, active = 1 AS active,
				 mobile_access = 1 AS mobile_access, substr(password_hash, 1, instr(password_hash, '$') - 1) AS password_scheme
				 FROM users WHERE id_cust = ? ORDER BY id_user`,
			)
			.all(user.id_cust) as Array<{ active: number; mobile_access: number }>
		res.json({
			users: rows.map((u) => ({
				...u,
				active: u.active === 1,
				mobile_access: u.mobile_access === 1,
			})),
		})
	})
	/** The files a user's customer sees on the Downloads page, newest first. */
	control.get('/downloads', (req, res) => {
		const user = customerOf(req.query.username)
		if (!user) return void res.status(404).json({ error: 'No such user' })
		const rows = db
			.prepare(
				`SELECT FileName, Description, Category, Date FROM downloads
				 WHERE id_cust IS NULL OR id_cust = ? ORDER BY Date DESC, id`,
			)
			.all(user.id_cust)
		res.json({ downloads: rows })
	})
	/** A user's customer's price book configuration (null: none) and history, newest first. */
	control.get('/pricebook', (req, res) => {
		const user = customerOf(req.query.username)
		if (!user) return void res.status(404).json({ error: 'No such user' })
		const config =
			db.prepare('SELECT * FROM pricebooks WHERE id_cust = ?').get(user.id_cust) ?? null
		const history = db
			.prepare(
				'SELECT * FROM pricebook_history WHERE id_cust = ? ORDER BY dateGenerated DESC, historyID DESC',
			)
			.all(user.id_cust)
		res.json({ config, history })
	})
	/** The payment sessions of a user's customer (newest first) and its balances as they stand. */
	control.get('/payments', (req, res) => {
		const user = customerOf(req.query.username)
		if (!user) return void res.status(404).json({ error: 'No such user' })
		res.json({
			payments: db
				.prepare(
					'SELECT session_id, amount, reference, status, completed_at FROM payment_sessions WHERE id_cust = ? ORDER BY created_at DESC, rowid DESC',
				)
				.all(user.id_cust),
			balances: customerBalances(db, user.id_cust, sydneyTime(now()).date),
		})
	})
	/** The statements of a user's customer, newest first, with the reference each one prints. */
	control.get('/statements', (req, res) => {
		const user = customerOf(req.query.username)
		if (!user) return void res.status(404).json({ error: 'No such user' })
		res.json({
			statements: statementDates(now()).map((date) => ({
				date,
				reference: statementReference(db, user.id_cust, date),
			})),
		})
	})
	/** A user as stored (registration creates them inactive), or 404. */
	control.get('/users/:username', (req, res) => {
		const row = db
			.prepare(
				'SELECT id_user, id_cust, username, name_first, name_last, email, roleID, active FROM users WHERE username = ?',
			)
			.get(req.params.username)
		if (!row) return void res.status(404).json({ error: 'No such user' })
		res.json({ user: row })
	})
	control.get('/sessions', (req, res) => {
		const username = String(req.query.username ?? '')
		const rows = db
			.prepare(
				'SELECT s.session_id, s.created_at FROM sessions s JOIN users u USING (id_user) WHERE u.username = ?',
			)
			.all(username)
		res.json({ sessions: rows })
	})
	control.post('/faults', (req, res) => {
		const parsed = FaultsSchema.safeParse(req.body ?? {})
		if (!parsed.success) return void res.status(400).json({ error: z.prettifyError(parsed.error) })
		if (parsed.data.expireSessions) db.exec('DELETE FROM sessions')
		faults.configure(parsed.data)
		if (parsed.data.outlastCaches) portalHooks()?.outlastCaches()
		res.sendStatus(204)
	})

	return { presenter, control, db, faults, close: () => db.close() }
}
