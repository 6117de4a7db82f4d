import express, { Router } from 'express'
import { type Db } from './db.ts'
import { type Faults, FaultsSchema } from './faults.ts'
import { resetDatabase } from './schema.ts'
import { type createSignInLimit } from './sign-in-limit.ts'
import { customerBalances } from './statements.ts'
import { statementDates, statementReference } from './statements-calendar.ts'
import { sydneyTime } from './sydney.ts'
import { z } from 'zod'

/**
 * The embedded portal's presenter client, when this sandbox runs in the portal's process
 * (app/.server/presenter/index.ts): a reset makes its breakers forget, an outage that outlasts
 * every cache time empties its read caches.
 */
const portalHooks = () =>
	(globalThis as { [key: symbol]: unknown })[Symbol.for('trade-portal.embedded-sandbox-hooks')] as
		{ reset: () => void; outlastCaches: () => void } | undefined

/**
 * The sandbox's control API, mounted at /__sandbox for tests (guarded by controlAccess): reset the
 * data, change a customer's settings or a price, inject faults, and read what the sandbox stored.
 */
export function controlRouter({
	db,
	now,
	faults,
	signIns,
}: {
	db: Db
	now: () => Date
	faults: Faults
	signIns: ReturnType<typeof createSignInLimit>
}) {
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
	return control
}
