import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { reusePreparedStatements } from '../sqlite.ts'
import {
	approvalFromRow,
	lengthsFromRow,
	ATTEMPT_TTL_MS,
	holding,
	localLock,
	SUBMISSION_TTL_MS,
	type ApprovalRow,
	type Migration,
	type RecordedAnswer,
	type Store,
} from './contract.ts'

/**
 * The embedded store: one SQLite file (`:memory:` for a throwaway one), for one process. Its
 * limiters count in memory and its lock is the process's, as one process needs nothing more.
 * The first migration creates what files from before the migrations already have.
 */
const MIGRATIONS: Migration[] = [
	{
		version: 1,
		name: 'sessions and preferences',
		sql: `
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires);
CREATE TABLE IF NOT EXISTS preferences (
	username TEXT NOT NULL COLLATE NOCASE, name TEXT NOT NULL, value TEXT NOT NULL,
	PRIMARY KEY (username, name)
);`,
	},
	{
		version: 2,
		name: 'checkout attempts',
		sql: `
CREATE TABLE checkout_attempts (
	key TEXT PRIMARY KEY, type TEXT NOT NULL, number INTEGER NOT NULL, at INTEGER NOT NULL
);
CREATE INDEX checkout_attempts_at ON checkout_attempts (at);`,
	},
	{
		version: 3,
		name: 'submissions',
		sql: `
CREATE TABLE submissions (id TEXT PRIMARY KEY, answer TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX submissions_at ON submissions (at);`,
	},
	{
		version: 4,
		name: 'order limits and approvals',
		sql: `
CREATE TABLE user_limits (
	customer_id INTEGER NOT NULL, username TEXT NOT NULL COLLATE NOCASE,
	may_order INTEGER NOT NULL, order_limit INTEGER, monthly_limit INTEGER,
	PRIMARY KEY (customer_id, username)
);
CREATE TABLE approval_requests (
	id TEXT PRIMARY KEY, customer_id INTEGER NOT NULL, requester TEXT NOT NULL COLLATE NOCASE,
	total INTEGER NOT NULL, snapshot TEXT NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL,
	settled_at INTEGER, settled_by TEXT, reason TEXT, order_number INTEGER
);
CREATE INDEX approval_requests_customer ON approval_requests (customer_id, created_at);
CREATE TABLE placed_orders (
	customer_id INTEGER NOT NULL, username TEXT NOT NULL COLLATE NOCASE, number INTEGER NOT NULL,
	placed_at INTEGER NOT NULL, PRIMARY KEY (customer_id, number)
);
CREATE INDEX placed_orders_user ON placed_orders (customer_id, username, placed_at);
CREATE TABLE customer_admins (
	customer_id INTEGER NOT NULL, username TEXT NOT NULL, email TEXT NOT NULL,
	PRIMARY KEY (customer_id, username)
);`,
	},
	{
		version: 5,
		name: 'order totals and lengths',
		sql: `
ALTER TABLE placed_orders ADD COLUMN total INTEGER;
CREATE TABLE order_lengths (
	customer_id INTEGER NOT NULL, number INTEGER NOT NULL, line_num INTEGER NOT NULL,
	product_id TEXT NOT NULL, uom TEXT NOT NULL, lengths TEXT NOT NULL,
	PRIMARY KEY (customer_id, number, line_num)
);`,
	},
]

function migrate(db: DatabaseSync) {
	db.exec('BEGIN IMMEDIATE')
	try {
		db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`)
		const done = new Set(
			(db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
				(row) => row.version,
			),
		)
		for (const migration of MIGRATIONS) {
			if (done.has(migration.version)) continue
			db.exec(migration.sql)
			db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
				migration.version,
				migration.name,
				Date.now(),
			)
		}
		db.exec('COMMIT')
	} catch (error) {
		db.exec('ROLLBACK')
		throw error
	}
}

export function openSqliteStore(file: string): Store {
	if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
	const db = reusePreparedStatements(new DatabaseSync(file))
	db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 2000')
	migrate(db)
	// node:sqlite is synchronous: each method does its work now and answers a settled promise.
	const settle = <T>(work: () => T) => {
		try {
			return Promise.resolve(work())
		} catch (error) {
			return Promise.reject(error as Error)
		}
	}
	return {
		engine: 'sqlite',
		ready: () => Promise.resolve(),
		sessions: {
			read: (id) =>
				settle(
					() =>
						(db.prepare('SELECT data, expires FROM sessions WHERE id = ?').get(id) as
							{ data: string; expires: number } | undefined) ?? null,
				),
			create: (id, { data, expires }) =>
				settle(() => {
					db.prepare('DELETE FROM sessions WHERE expires <= ?').run(Date.now())
					db.prepare('INSERT INTO sessions (id, data, expires) VALUES (?, ?, ?)').run(
						id,
						data,
						expires,
					)
				}),
			write: (id, { data, expires }) =>
				settle(() => {
					db.prepare(
						`INSERT INTO sessions (id, data, expires) VALUES (?, ?, ?)
						 ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires = excluded.expires`,
					).run(id, data, expires)
				}),
			touch: (id, expires) =>
				settle(() => {
					db.prepare('UPDATE sessions SET expires = ? WHERE id = ?').run(expires, id)
				}),
			delete: (id) =>
				settle(() => {
					db.prepare('DELETE FROM sessions WHERE id = ?').run(id)
				}),
		},
		preferences: {
			read: (username, name) =>
				settle(() => {
					const row = db
						.prepare('SELECT value FROM preferences WHERE username = ? AND name = ?')
						.get(username, name) as { value: string } | undefined
					return row?.value
				}),
			save: (username, name, value) =>
				settle(() => {
					db.prepare(
						`INSERT INTO preferences (username, name, value) VALUES (?, ?, ?)
						 ON CONFLICT (username, name) DO UPDATE SET value = excluded.value`,
					).run(username, name, value)
				}),
		},
		attempts: {
			get: (key) =>
				settle(() => {
					const row = db
						.prepare('SELECT type, number FROM checkout_attempts WHERE key = ? AND at > ?')
						.get(key, Date.now() - ATTEMPT_TTL_MS) as
						{ type: 'Order' | 'Quote'; number: number } | undefined
					return row && { type: row.type, number: row.number }
				}),
			set: (key, { type, number }) =>
				settle(() => {
					db.prepare('DELETE FROM checkout_attempts WHERE at <= ?').run(Date.now() - ATTEMPT_TTL_MS)
					db.prepare(
						`INSERT INTO checkout_attempts (key, type, number, at) VALUES (?, ?, ?, ?)
						 ON CONFLICT (key) DO UPDATE SET type = excluded.type, number = excluded.number, at = excluded.at`,
					).run(key, type, number, Date.now())
				}),
		},
		submissions: {
			get: (id) =>
				settle(() => {
					const row = db
						.prepare('SELECT answer FROM submissions WHERE id = ? AND at > ?')
						.get(id, Date.now() - SUBMISSION_TTL_MS) as { answer: string } | undefined
					return row && (JSON.parse(row.answer) as RecordedAnswer)
				}),
			set: (id, answer) =>
				settle(() => {
					db.prepare('DELETE FROM submissions WHERE at <= ?').run(Date.now() - SUBMISSION_TTL_MS)
					db.prepare(
						`INSERT INTO submissions (id, answer, at) VALUES (?, ?, ?)
						 ON CONFLICT (id) DO UPDATE SET answer = excluded.answer, at = excluded.at`,
					).run(id, JSON.stringify(answer), Date.now())
				}),
		},
		approvals: {
			limits: (customerId, username) =>
				settle(() => {
					const row = db
						.prepare(
							'SELECT may_order, order_limit, monthly_limit FROM user_limits WHERE customer_id = ? AND username = ?',
						)
						.get(customerId, username) as
						| { may_order: number; order_limit: number | null; monthly_limit: number | null }
						| undefined
					return (
						row && {
							mayOrder: row.may_order === 1,
							orderLimit: row.order_limit,
							monthlyLimit: row.monthly_limit,
						}
					)
				}),
			setLimits: (customerId, username, { mayOrder, orderLimit, monthlyLimit }) =>
				settle(() => {
					db.prepare(
						`INSERT INTO user_limits (customer_id, username, may_order, order_limit, monthly_limit)
						 VALUES (?, ?, ?, ?, ?) ON CONFLICT (customer_id, username) DO UPDATE SET
						 may_order = excluded.may_order, order_limit = excluded.order_limit, monthly_limit = excluded.monthly_limit`,
					).run(customerId, username, mayOrder ? 1 : 0, orderLimit, monthlyLimit)
				}),
			create: (request) =>
				settle(() => {
					const id = randomUUID()
					const createdAt = Date.now()
					db.prepare(
						`INSERT INTO approval_requests (id, customer_id, requester, total, snapshot, status, created_at)
						 VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
					).run(
						id,
						request.customerId,
						request.requester.toLowerCase(),
						request.total,
						request.snapshot,
						createdAt,
					)
					return {
						...request,
						requester: request.requester.toLowerCase(),
						id,
						status: 'pending' as const,
						createdAt,
						settledAt: null,
						settledBy: null,
						reason: null,
						orderNumber: null,
					}
				}),
			get: (id) =>
				settle(() => {
					const row = db.prepare('SELECT * FROM approval_requests WHERE id = ?').get(id) as
						ApprovalRow | undefined
					return row && approvalFromRow(row)
				}),
			list: (customerId, requester) =>
				settle(() =>
					(
						db
							.prepare(
								`SELECT * FROM approval_requests WHERE customer_id = ? AND (? IS NULL OR requester = ?)
								 ORDER BY created_at DESC, rowid DESC`,
							)
							.all(customerId, requester ?? null, requester ?? null) as ApprovalRow[]
					).map(approvalFromRow),
				),
			pending: (customerId) =>
				settle(
					() =>
						(
							db
								.prepare(
									`SELECT count(*) AS n FROM approval_requests WHERE customer_id = ? AND status = 'pending'`,
								)
								.get(customerId) as { n: number }
						).n,
				),
			settle: (id, outcome) =>
				settle(() => {
					const { changes } = db
						.prepare(
							`UPDATE approval_requests SET status = ?, settled_at = ?, settled_by = ?, reason = ?, order_number = ?
							 WHERE id = ? AND status = 'pending'`,
						)
						.run(
							outcome.status,
							Date.now(),
							outcome.by,
							outcome.status === 'declined' ? outcome.reason : null,
							outcome.status === 'approved' ? outcome.orderNumber : null,
							id,
						)
					return changes === 1
				}),
			admins: (customerId) =>
				settle(
					() =>
						db
							.prepare(
								'SELECT username, email FROM customer_admins WHERE customer_id = ? ORDER BY username',
							)
							.all(customerId) as Array<{ username: string; email: string }>,
				),
			setAdmins: (customerId, admins) =>
				settle(() => {
					db.exec('BEGIN IMMEDIATE')
					try {
						db.prepare('DELETE FROM customer_admins WHERE customer_id = ?').run(customerId)
						const insert = db.prepare(
							'INSERT INTO customer_admins (customer_id, username, email) VALUES (?, ?, ?)',
						)
						for (const admin of admins)
							insert.run(customerId, admin.username.toLowerCase(), admin.email)
						db.exec('COMMIT')
					} catch (error) {
						db.exec('ROLLBACK')
						throw error
					}
				}),
		},
		orders: {
			record: (customerId, username, { number, total }) =>
				settle(() => {
					db.prepare(
						`INSERT INTO placed_orders (customer_id, username, number, placed_at, total) VALUES (?, ?, ?, ?, ?)
						 ON CONFLICT (customer_id, number) DO NOTHING`,
					).run(customerId, username.toLowerCase(), number, Date.now(), total)
				}),
			since: (customerId, username, since) =>
				settle(() =>
					(
						db
							.prepare(
								`SELECT number, placed_at, total FROM placed_orders
								 WHERE customer_id = ? AND username = ? AND placed_at >= ? ORDER BY placed_at`,
							)
							.all(customerId, username, since) as Array<{
							number: number
							placed_at: number
							total: number | null
						}>
					).map((row) => ({ number: row.number, placedAt: row.placed_at, total: row.total })),
				),
			setLengths: (customerId, number, lines) =>
				settle(() => {
					const insert = db.prepare(
						`INSERT INTO order_lengths (customer_id, number, line_num, product_id, uom, lengths)
						 VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
					)
					for (const l of lines)
						insert.run(customerId, number, l.lineNum, l.productID, l.uom, JSON.stringify(l.tally))
				}),
			lengths: (customerId, number) =>
				settle(() =>
					(
						db
							.prepare(
								`SELECT line_num, product_id, uom, lengths FROM order_lengths
								 WHERE customer_id = ? AND number = ? ORDER BY line_num`,
							)
							.all(customerId, number) as Array<{
							line_num: number
							product_id: string
							uom: string
							lengths: string
						}>
					).map(lengthsFromRow),
				),
		},
		withLock: (() => {
			const withLocalLock = localLock()
			// One process: its own lock is all there is (nested ones run at once).
			return <T>(key: string, fn: () => Promise<T>) =>
				withLocalLock(key, (outer) =>
					outer?.keys.has(key) ? fn() : holding(outer, key, undefined, fn),
				)
		})(),
		makeLimiter: (options) => Promise.resolve(new RateLimiterMemory(options)),
		// One process: there is no other instance to tell.
		publish: () => Promise.resolve(),
		subscribe: () => {},
		close: () => settle(() => db.close()),
	}
}
