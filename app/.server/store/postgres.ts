import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { RateLimiterPostgres } from 'rate-limiter-flexible'
import {
	ATTEMPT_TTL_MS,
	holding,
	localLock,
	SUBMISSION_TTL_MS,
	type Migration,
	type RecordedAnswer,
	approvalFromRow,
	lengthsFromRow,
	type ApprovalRow,
	type Store,
} from './contract.ts'

/**
 * The shared store: PostgreSQL, for several instances of the portal (docs/decisions/055-shared-store.md).
 * Usernames of preferences are kept in lower case (SQLite's column ignores case instead). Locks
 * are transaction-scoped advisory locks; other instances hear of cache drops by LISTEN/NOTIFY.
 */
const MIGRATIONS: Migration[] = [
	{
		version: 1,
		name: 'sessions and preferences',
		sql: `
CREATE TABLE sessions (id text PRIMARY KEY, data text NOT NULL, expires bigint NOT NULL);
CREATE INDEX sessions_expires ON sessions (expires);
CREATE TABLE preferences (
	username text NOT NULL, name text NOT NULL, value text NOT NULL, PRIMARY KEY (username, name)
);`,
	},
	{
		version: 2,
		name: 'checkout attempts',
		sql: `
CREATE TABLE checkout_attempts (key text PRIMARY KEY, type text NOT NULL, number integer NOT NULL, at bigint NOT NULL);
CREATE INDEX checkout_attempts_at ON checkout_attempts (at);`,
	},
	{
		version: 3,
		// rate-limiter-flexible's RateLimiterPostgres table, as it would create it itself.
		name: 'rate limits',
		sql: `CREATE TABLE rate_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint);`,
	},
	{
		version: 4,
		name: 'submissions',
		sql: `
CREATE TABLE submissions (id text PRIMARY KEY, answer text NOT NULL, at bigint NOT NULL);
CREATE INDEX submissions_at ON submissions (at);`,
	},
	{
		version: 5,
		// Usernames in lower case, as preferences keep them.
		name: 'order limits and approvals',
		sql: `
CREATE TABLE user_limits (
	customer_id integer NOT NULL, username text NOT NULL, may_order boolean NOT NULL,
	order_limit bigint, monthly_limit bigint, PRIMARY KEY (customer_id, username)
);
CREATE TABLE approval_requests (
	id text PRIMARY KEY, customer_id integer NOT NULL, requester text NOT NULL, total bigint NOT NULL,
	snapshot text NOT NULL, status text NOT NULL, created_at bigint NOT NULL, settled_at bigint,
	settled_by text, reason text, order_number bigint, seq bigserial
);
CREATE INDEX approval_requests_customer ON approval_requests (customer_id, created_at);
CREATE TABLE placed_orders (
	customer_id integer NOT NULL, username text NOT NULL, number bigint NOT NULL,
	placed_at bigint NOT NULL, PRIMARY KEY (customer_id, number)
);
CREATE INDEX placed_orders_user ON placed_orders (customer_id, username, placed_at);
CREATE TABLE customer_admins (
	customer_id integer NOT NULL, username text NOT NULL, email text NOT NULL,
	PRIMARY KEY (customer_id, username)
);`,
	},
	{
		version: 6,
		name: 'order totals and lengths',
		sql: `
ALTER TABLE placed_orders ADD COLUMN total bigint;
CREATE TABLE order_lengths (
	customer_id integer NOT NULL, number bigint NOT NULL, line_num integer NOT NULL,
	product_id text NOT NULL, uom text NOT NULL, lengths text NOT NULL,
	PRIMARY KEY (customer_id, number, line_num)
);`,
	},
]

/** The channel instances tell each other on (cache drops). */
const CHANNEL = 'portal_cache'
/** Waits before listening again after the listening connection was lost. */
const RELISTEN_MS = 1_000

async function migrate(pool: pg.Pool) {
	const client = await pool.connect()
	try {
		await client.query('BEGIN')
		// Instances starting together migrate one after the other.
		await client.query(`SELECT pg_advisory_xact_lock(hashtext('portal schema_migrations'))`)
		await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
			version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
		const { rows } = await client.query<{ version: number }>(
			'SELECT version FROM schema_migrations',
		)
		const done = new Set(rows.map((row) => row.version))
		for (const migration of MIGRATIONS) {
			if (done.has(migration.version)) continue
			await client.query(migration.sql)
			await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
				migration.version,
				migration.name,
			])
		}
		await client.query('COMMIT')
	} catch (error) {
		await client.query('ROLLBACK').catch(() => {})
		throw error
	} finally {
		client.release()
	}
}

export function openPostgresStore(connectionString: string): Store {
	const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 })
	// A checkout holds its lock's connection for as long as the presenter takes: those have their
	// own pool, so waiting checkouts never starve the sessions of connections.
	const lockPool = new pg.Pool({ connectionString, max: 20, connectionTimeoutMillis: 30_000 })
	// An idle connection that fails (the server restarted) is replaced by the pool on next use.
	pool.on('error', (error) => console.warn(`Store connection lost: ${error.message}`))
	lockPool.on('error', (error) => console.warn(`Store lock connection lost: ${error.message}`))
	const instance = randomUUID()
	const listeners: Array<(message: string | null) => void> = []
	let listening: pg.Client | undefined
	let closed = false

	/**
	 * Listens on a connection of its own. When it is lost, messages sent meanwhile are lost too:
	 * the listeners forget what they covered (`null`), now and again once listening anew.
	 */
	async function listen(again = false) {
		const client = new pg.Client({ connectionString })
		client.on('notification', ({ payload }) => {
			let sent: { from?: string; message?: string } = {}
			try {
				sent = JSON.parse(payload ?? '{}') as typeof sent
			} catch {
				return
			}
			if (sent.from === instance || typeof sent.message !== 'string') return
			for (const listener of listeners) listener(sent.message)
		})
		const lost = (error?: Error) => {
			if (listening !== client) return
			listening = undefined
			client.end().catch(() => {})
			if (closed) return
			console.warn(`Store listener lost${error ? `: ${error.message}` : ''}; listening again`)
			for (const listener of listeners) listener(null)
			relisten()
		}
		client.on('error', lost)
		client.on('end', () => lost())
		try {
			await client.connect()
			await client.query(`LISTEN ${CHANNEL}`)
		} catch (error) {
			client.end().catch(() => {})
			throw error
		}
		if (closed) return void (await client.end())
		listening = client
		if (again) for (const listener of listeners) listener(null)
	}

	/** Listens again after a while, until that works or the store is closed. */
	function relisten() {
		setTimeout(() => {
			if (closed) return
			listen(true).catch((error: Error) => {
				console.warn(`Store listener not back: ${error.message}`)
				relisten()
			})
		}, RELISTEN_MS).unref()
	}

	const migrated = migrate(pool).then(() => listen())
	// A failed start is answered by every call, not left unhandled.
	migrated.catch(() => {})
	const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
		await migrated
		return pool.query<R>(text, values)
	}
	const withLocalLock = localLock()

	return {
		engine: 'postgres',
		ready: () => migrated,
		sessions: {
			async read(id) {
				const { rows } = await query<{ data: string; expires: string }>(
					'SELECT data, expires FROM sessions WHERE id = $1',
					[id],
				)
				const row = rows[0]
				return row ? { data: row.data, expires: Number(row.expires) } : null
			},
			async create(id, { data, expires }) {
				await query('DELETE FROM sessions WHERE expires <= $1', [Date.now()])
				await query('INSERT INTO sessions (id, data, expires) VALUES ($1, $2, $3)', [
					id,
					data,
					expires,
				])
			},
			async write(id, { data, expires }) {
				await query(
					`INSERT INTO sessions (id, data, expires) VALUES ($1, $2, $3)
					 ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires = excluded.expires`,
					[id, data, expires],
				)
			},
			async touch(id, expires) {
				await query('UPDATE sessions SET expires = $1 WHERE id = $2', [expires, id])
			},
			async delete(id) {
				await query('DELETE FROM sessions WHERE id = $1', [id])
			},
		},
		preferences: {
			async read(username, name) {
				const { rows } = await query<{ value: string }>(
					'SELECT value FROM preferences WHERE username = $1 AND name = $2',
					[username.toLowerCase(), name],
				)
				return rows[0]?.value
			},
			async save(username, name, value) {
				await query(
					`INSERT INTO preferences (username, name, value) VALUES ($1, $2, $3)
					 ON CONFLICT (username, name) DO UPDATE SET value = excluded.value`,
					[username.toLowerCase(), name, value],
				)
			},
		},
		attempts: {
			async get(key) {
				const { rows } = await query<{ type: 'Order' | 'Quote'; number: number }>(
					'SELECT type, number FROM checkout_attempts WHERE key = $1 AND at > $2',
					[key, Date.now() - ATTEMPT_TTL_MS],
				)
				const row = rows[0]
				return row && { type: row.type, number: row.number }
			},
			async set(key, { type, number }) {
				await query('DELETE FROM checkout_attempts WHERE at <= $1', [Date.now() - ATTEMPT_TTL_MS])
				await query(
					`INSERT INTO checkout_attempts (key, type, number, at) VALUES ($1, $2, $3, $4)
					 ON CONFLICT (key) DO UPDATE SET type = excluded.type, number = excluded.number, at = excluded.at`,
					[key, type, number, Date.now()],
				)
			},
		},
		submissions: {
			async get(id) {
				const { rows } = await query<{ answer: string }>(
					'SELECT answer FROM submissions WHERE id = $1 AND at > $2',
					[id, Date.now() - SUBMISSION_TTL_MS],
				)
				const row = rows[0]
				return row && (JSON.parse(row.answer) as RecordedAnswer)
			},
			async set(id, answer) {
				await query('DELETE FROM submissions WHERE at <= $1', [Date.now() - SUBMISSION_TTL_MS])
				await query(
					`INSERT INTO submissions (id, answer, at) VALUES ($1, $2, $3)
					 ON CONFLICT (id) DO UPDATE SET answer = excluded.answer, at = excluded.at`,
					[id, JSON.stringify(answer), Date.now()],
				)
			},
		},
		approvals: {
			async limits(customerId, username) {
				const { rows } = await query<{
					may_order: boolean
					order_limit: string | null
					monthly_limit: string | null
				}>(
					'SELECT may_order, order_limit, monthly_limit FROM user_limits WHERE customer_id = $1 AND username = $2',
					[customerId, username.toLowerCase()],
				)
				const row = rows[0]
				const cents = (value: string | null) => (value === null ? null : Number(value))
				return (
					row && {
						mayOrder: row.may_order,
						orderLimit: cents(row.order_limit),
						monthlyLimit: cents(row.monthly_limit),
					}
				)
			},
			async setLimits(customerId, username, { mayOrder, orderLimit, monthlyLimit }) {
				await query(
					`INSERT INTO user_limits (customer_id, username, may_order, order_limit, monthly_limit)
					 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (customer_id, username) DO UPDATE SET
					 may_order = excluded.may_order, order_limit = excluded.order_limit, monthly_limit = excluded.monthly_limit`,
					[customerId, username.toLowerCase(), mayOrder, orderLimit, monthlyLimit],
				)
			},
			async create(request) {
				const { rows } = await query<ApprovalRow>(
					`INSERT INTO approval_requests (id, customer_id, requester, total, snapshot, status, created_at)
					 VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING *`,
					[
						randomUUID(),
						request.customerId,
						request.requester.toLowerCase(),
						request.total,
						request.snapshot,
						Date.now(),
					],
				)
				return approvalFromRow(rows[0]!)
			},
			async get(id) {
				const { rows } = await query<ApprovalRow>('SELECT * FROM approval_requests WHERE id = $1', [
					id,
				])
				return rows[0] && approvalFromRow(rows[0])
			},
			async list(customerId, requester) {
				const { rows } = await query<ApprovalRow>(
					`SELECT * FROM approval_requests WHERE customer_id = $1 AND ($2::text IS NULL OR requester = $2)
					 ORDER BY created_at DESC, seq DESC`,
					[customerId, requester?.toLowerCase() ?? null],
				)
				return rows.map(approvalFromRow)
			},
			async pending(customerId) {
				const { rows } = await query<{ n: string }>(
					`SELECT count(*) AS n FROM approval_requests WHERE customer_id = $1 AND status = 'pending'`,
					[customerId],
				)
				return Number(rows[0]!.n)
			},
			async settle(id, outcome) {
				const { rowCount } = await query(
					`UPDATE approval_requests SET status = $1, settled_at = $2, settled_by = $3, reason = $4, order_number = $5
					 WHERE id = $6 AND status = 'pending'`,
					[
						outcome.status,
						Date.now(),
						outcome.by,
						outcome.status === 'declined' ? outcome.reason : null,
						outcome.status === 'approved' ? outcome.orderNumber : null,
						id,
					],
				)
				return rowCount === 1
			},
			async admins(customerId) {
				const { rows } = await query<{ username: string; email: string }>(
					'SELECT username, email FROM customer_admins WHERE customer_id = $1 ORDER BY username',
					[customerId],
				)
				return rows
			},
			async setAdmins(customerId, admins) {
				const usernames = admins.map((admin) => admin.username.toLowerCase())
				await query(
					`INSERT INTO customer_admins (customer_id, username, email)
					 SELECT $1, username, email FROM unnest($2::text[], $3::text[]) AS a (username, email)
					 ON CONFLICT (customer_id, username) DO UPDATE SET email = excluded.email`,
					[customerId, usernames, admins.map((admin) => admin.email)],
				)
				await query(
					'DELETE FROM customer_admins WHERE customer_id = $1 AND NOT (username = ANY($2::text[]))',
					[customerId, usernames],
				)
			},
		},
		orders: {
			async record(customerId, username, { number, total }) {
				await query(
					`INSERT INTO placed_orders (customer_id, username, number, placed_at, total) VALUES ($1, $2, $3, $4, $5)
					 ON CONFLICT (customer_id, number) DO NOTHING`,
					[customerId, username.toLowerCase(), number, Date.now(), total],
				)
			},
			async since(customerId, username, since) {
				const { rows } = await query<{ number: string; placed_at: string; total: string | null }>(
					`SELECT number, placed_at, total FROM placed_orders
					 WHERE customer_id = $1 AND username = $2 AND placed_at >= $3 ORDER BY placed_at`,
					[customerId, username.toLowerCase(), since],
				)
				return rows.map((row) => ({
					number: Number(row.number),
					placedAt: Number(row.placed_at),
					total: row.total === null ? null : Number(row.total),
				}))
			},
			async setLengths(customerId, number, lines) {
				if (!lines.length) return
				await query(
					`INSERT INTO order_lengths (customer_id, number, line_num, product_id, uom, lengths)
					 SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[])
					 ON CONFLICT DO NOTHING`,
					[
						customerId,
						number,
						lines.map((l) => l.lineNum),
						lines.map((l) => l.productID),
						lines.map((l) => l.uom),
						lines.map((l) => JSON.stringify(l.tally)),
					],
				)
			},
			async lengths(customerId, number) {
				const { rows } = await query<{
					line_num: number
					product_id: string
					uom: string
					lengths: string
				}>(
					`SELECT line_num, product_id, uom, lengths FROM order_lengths
					 WHERE customer_id = $1 AND number = $2 ORDER BY line_num`,
					[customerId, number],
				)
				return rows.map(lengthsFromRow)
			},
		},
		withLock(key, fn) {
			return withLocalLock(key, async (outer) => {
				if (outer?.keys.has(key)) return fn()
				await migrated
				// A lock taken inside another is held on the outer one's connection: nested locks
				// never wait for a second connection of a pool the outer ones may fill.
				const shared = outer?.connection as pg.PoolClient | undefined
				const client = shared ?? (await lockPool.connect())
				let lost: Error | undefined
				const lose = (error: Error) => {
					lost = error
					throw error
				}
				try {
					// A session lock: held until unlocked, or until its connection is lost.
					await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]).catch(lose)
					try {
						return await holding(outer, key, client, fn)
					} finally {
						// fn's outcome stands: an unlock that fails means the connection (and its
						// locks) has gone already.
						await client
							.query('SELECT pg_advisory_unlock(hashtext($1))', [key])
							.catch((error: Error) => void (lost = error))
					}
				} finally {
					// A connection that failed is not given to the next holder (its locks go with it).
					if (!shared) client.release(lost)
				}
			})
		},
		async makeLimiter(options) {
			await migrated
			return new RateLimiterPostgres({
				...options,
				storeClient: pool,
				storeType: 'pool',
				tableName: 'rate_limits',
				// Migration 3 made it (the limiter would create it in the background otherwise).
				tableCreated: true,
			})
		},
		async publish(message) {
			await query('SELECT pg_notify($1, $2)', [
				CHANNEL,
				JSON.stringify({ from: instance, message }),
			])
		},
		subscribe(listener) {
			listeners.push(listener)
		},
		async close() {
			if (closed) return
			closed = true
			await listening?.end().catch(() => {})
			listening = undefined
			await Promise.all([pool.end(), lockPool.end()])
		},
	}
}
