import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely'
import pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible'
import { reusePreparedStatements } from './statements.ts'
import { holding, localLock, type MakeLimiter, type Store } from './contract.ts'
import { type Database } from './schema.ts'
import { logger } from '../observe/log.ts'

/**
 * Where the two engines differ, and nothing else (docs/decisions/055-shared-store.md):
 * how a database is opened, how a lock is held across instances, how instances hear of each
 * other, and where limiters count. Queries and migrations are written once, over `db`.
 */
export type Engine = Pick<
	Store,
	'engine' | 'withLock' | 'makeLimiter' | 'publish' | 'subscribe'
> & {
	db: Kysely<Database>
	/** Runs once the migrations have: the shared engine starts listening. */
	started(): Promise<void>
	close(): Promise<void>
}

/**
 * node:sqlite's database as the query builder's SQLite dialect wants it (the subset of
 * better-sqlite3 it uses): a statement reads when it has result columns (a SELECT, or RETURNING),
 * parameters are spread, and booleans are stored as 1 and 0 (SQLite has no boolean).
 */
function sqliteForKysely(db: DatabaseSync): SqliteDatabase {
	const values = (parameters: ReadonlyArray<unknown>) =>
		parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p)) as Array<string | number | null>
	return {
		close: () => db.close(),
		prepare(text) {
			const statement = db.prepare(text)
			return {
				reader: statement.columns().length > 0,
				all: (parameters) => statement.all(...values(parameters)),
				run: (parameters) => statement.run(...values(parameters)),
				iterate: (parameters) => statement.iterate(...values(parameters)),
			}
		},
	}
}

/**
 * The embedded engine: one SQLite file (`:memory:` for a throwaway one) for one process. Its lock
 * is the process's, its limiters count in memory, and there is no other instance to tell.
 */
export function sqliteEngine(file: string): Engine {
	if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
	const database = reusePreparedStatements(new DatabaseSync(file))
	database.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 2000')
	const db = new Kysely<Database>({
		dialect: new SqliteDialect({ database: sqliteForKysely(database) }),
	})
	const withLocalLock = localLock()
	return {
		engine: 'sqlite',
		db,
		withLock: (key, fn) =>
			withLocalLock(key, (outer) =>
				outer?.keys.has(key) ? fn() : holding(outer, key, undefined, fn),
			),
		makeLimiter: (options) => Promise.resolve(new RateLimiterMemory(options)),
		publish: () => Promise.resolve(),
		subscribe: () => {},
		started: () => Promise.resolve(),
		close: () => db.destroy(),
	}
}

/** The channel instances tell each other what their read caches dropped on. */
const CHANNEL = 'portal_cache'
/** How long a lost listening connection waits before listening again. */
const RELISTEN_MS = 1_000
/** bigint (int8) columns arrive as numbers: times in ms and cents are far below 2^53. */
const types = {
	getTypeParser: ((oid: number, format?: string) =>
		oid === 20
			? Number
			: pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
}

/**
 * The shared engine: PostgreSQL, for several instances (docs/decisions/055-shared-store.md).
 * Locks are session advisory locks on connections of their own pool (a checkout holds one for as
 * long as the presenter takes, and never starves the queries); other instances hear of cache drops
 * by LISTEN/NOTIFY on a connection of its own.
 */
export function postgresEngine(connectionString: string): Engine {
	const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000, types })
	const lockPool = new pg.Pool({ connectionString, max: 20, connectionTimeoutMillis: 30_000 })
	// An idle connection that fails (the server restarted) is replaced by the pool on next use.
	pool.on('error', (error) => logger().warn(`Store connection lost: ${error.message}`))
	lockPool.on('error', (error) => logger().warn(`Store lock connection lost: ${error.message}`))
	const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
	const instance = randomUUID()
	const listeners: Array<(message: string | null) => void> = []
	let listening: pg.Client | undefined
	let closed = false
	const withLocalLock = localLock()

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
			logger().warn(`Store listener lost${error ? `: ${error.message}` : ''}; listening again`)
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
				logger().warn(`Store listener not back: ${error.message}`)
				relisten()
			})
		}, RELISTEN_MS).unref()
	}

	const makeLimiter: MakeLimiter = (options) =>
		Promise.resolve(
			new RateLimiterPostgres({
				...options,
				storeClient: pool,
				storeType: 'pool',
				tableName: 'rate_limits',
				// The migrations made it (the limiter would create it in the background otherwise).
				tableCreated: true,
			}),
		)

	return {
		engine: 'postgres',
		db,
		withLock(key, fn) {
			return withLocalLock(key, async (outer) => {
				if (outer?.keys.has(key)) return fn()
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
		makeLimiter,
		async publish(message) {
			await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ from: instance, message })})`.execute(
				db,
			)
		},
		subscribe(listener) {
			listeners.push(listener)
		},
		started: () => listen(),
		async close() {
			if (closed) return
			closed = true
			await listening?.end().catch(() => {})
			listening = undefined
			await Promise.all([db.destroy(), lockPool.end()])
		},
	}
}
