import { type Kysely, sql } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'

/**
 * The store's schema changes, one list for both engines, written with the query builder's schema
 * builder (Kysely writes each engine's DDL). Kysely's migrator records what ran (its
 * `kysely_migration` table) and runs the rest in name order, one instance at a time.
 *
 * Each step may also meet a database made before this list, by the two engines' own lists of old
 * (`schema_migrations`): tables and indexes are created only when missing and columns added only
 * when missing, so an old database ends with the same tables as a new one; the last step drops
 * the old version table.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the tables as they were, not as schema.ts types them now
type Db = Kysely<any>

/** Adds a column unless the table has it already (a database from before this list). */
async function addColumn(db: Db, table: string, column: string, type: 'bigint' | 'text') {
	const tables = await db.introspection.getTables()
	const found = tables.find((t) => t.name === table)
	if (found?.columns.some((c) => c.name === column)) return
	await db.schema.alterTable(table).addColumn(column, type).execute()
}

const MIGRATIONS: Record<string, Migration> = {
	'001 sessions and preferences': {
		async up(db: Db) {
			await db.schema
				.createTable('sessions')
				.ifNotExists()
				.addColumn('id', 'text', (c) => c.primaryKey())
				.addColumn('data', 'text', (c) => c.notNull())
				.addColumn('expires', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema
				.createIndex('sessions_expires')
				.ifNotExists()
				.on('sessions')
				.column('expires')
				.execute()
			await db.schema
				.createTable('preferences')
				.ifNotExists()
				.addColumn('username', 'text', (c) => c.notNull())
				.addColumn('name', 'text', (c) => c.notNull())
				.addColumn('value', 'text', (c) => c.notNull())
				.addPrimaryKeyConstraint('preferences_pk', ['username', 'name'])
				.execute()
		},
	},
	'002 checkout attempts': {
		async up(db: Db) {
			await db.schema
				.createTable('checkout_attempts')
				.ifNotExists()
				.addColumn('key', 'text', (c) => c.primaryKey())
				.addColumn('type', 'text', (c) => c.notNull())
				.addColumn('number', 'bigint', (c) => c.notNull())
				.addColumn('at', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema
				.createIndex('checkout_attempts_at')
				.ifNotExists()
				.on('checkout_attempts')
				.column('at')
				.execute()
		},
	},
	'003 submissions': {
		async up(db: Db) {
			await db.schema
				.createTable('submissions')
				.ifNotExists()
				.addColumn('id', 'text', (c) => c.primaryKey())
				.addColumn('answer', 'text', (c) => c.notNull())
				.addColumn('at', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema
				.createIndex('submissions_at')
				.ifNotExists()
				.on('submissions')
				.column('at')
				.execute()
		},
	},
	'004 rate limits': {
		// rate-limiter-flexible's table, as its PostgreSQL limiter would create it itself.
		async up(db: Db) {
			await db.schema
				.createTable('rate_limits')
				.ifNotExists()
				.addColumn('key', 'varchar(255)', (c) => c.primaryKey())
				.addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('expire', 'bigint')
				.execute()
		},
	},
	'005 order limits and approvals': {
		async up(db: Db) {
			await db.schema
				.createTable('user_limits')
				.ifNotExists()
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('username', 'text', (c) => c.notNull())
				.addColumn('may_order', 'boolean', (c) => c.notNull())
				.addColumn('order_limit', 'bigint')
				.addColumn('monthly_limit', 'bigint')
				.addPrimaryKeyConstraint('user_limits_pk', ['customer_id', 'username'])
				.execute()
			await db.schema
				.createTable('approval_requests')
				.ifNotExists()
				.addColumn('id', 'text', (c) => c.primaryKey())
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('requester', 'text', (c) => c.notNull())
				.addColumn('total', 'bigint', (c) => c.notNull())
				.addColumn('snapshot', 'text', (c) => c.notNull())
				.addColumn('status', 'text', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('settled_at', 'bigint')
				.addColumn('settled_by', 'text')
				.addColumn('reason', 'text')
				.addColumn('order_number', 'bigint')
				.addColumn('seq', 'bigint')
				.execute()
			// A table from before this list had no `seq` on SQLite (its rows were in rowid order).
			await addColumn(db, 'approval_requests', 'seq', 'bigint')
			await sql`UPDATE approval_requests SET seq = created_at WHERE seq IS NULL`.execute(db)
			await db.schema
				.createIndex('approval_requests_customer')
				.ifNotExists()
				.on('approval_requests')
				.columns(['customer_id', 'created_at'])
				.execute()
			await db.schema
				.createTable('placed_orders')
				.ifNotExists()
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('username', 'text', (c) => c.notNull())
				.addColumn('number', 'bigint', (c) => c.notNull())
				.addColumn('placed_at', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('placed_orders_pk', ['customer_id', 'number'])
				.execute()
			await db.schema
				.createIndex('placed_orders_user')
				.ifNotExists()
				.on('placed_orders')
				.columns(['customer_id', 'username', 'placed_at'])
				.execute()
			await db.schema
				.createTable('customer_admins')
				.ifNotExists()
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('username', 'text', (c) => c.notNull())
				.addColumn('email', 'text', (c) => c.notNull())
				.addPrimaryKeyConstraint('customer_admins_pk', ['customer_id', 'username'])
				.execute()
		},
	},
	'006 order totals and lengths': {
		async up(db: Db) {
			await addColumn(db, 'placed_orders', 'total', 'bigint')
			await db.schema
				.createTable('order_lengths')
				.ifNotExists()
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('number', 'bigint', (c) => c.notNull())
				.addColumn('line_num', 'integer', (c) => c.notNull())
				.addColumn('product_id', 'text', (c) => c.notNull())
				.addColumn('uom', 'text', (c) => c.notNull())
				.addColumn('lengths', 'text', (c) => c.notNull())
				.addPrimaryKeyConstraint('order_lengths_pk', ['customer_id', 'number', 'line_num'])
				.execute()
		},
	},
	'007 usernames in lower case': {
		// The store keeps usernames in lower case on both engines (SQLite's columns used to ignore
		// case instead); the old version table goes.
		async up(db: Db) {
			for (const [table, column] of [
				['preferences', 'username'],
				['user_limits', 'username'],
				['approval_requests', 'requester'],
				['placed_orders', 'username'],
				['customer_admins', 'username'],
			] as const)
				await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = lower(${sql.ref(column)})`.execute(
					db,
				)
			await db.schema.dropTable('schema_migrations').ifExists().execute()
		},
	},
	'008 queued orders': {
		async up(db: Db) {
			await db.schema
				.createTable('queued_orders')
				.ifNotExists()
				.addColumn('id', 'text', (c) => c.primaryKey())
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('username', 'text', (c) => c.notNull())
				.addColumn('attempt', 'text', (c) => c.notNull())
				.addColumn('session_id', 'text', (c) => c.notNull())
				.addColumn('cart_id', 'text', (c) => c.notNull())
				.addColumn('request', 'text', (c) => c.notNull())
				.addColumn('shown_total', 'bigint')
				.addColumn('summary', 'text', (c) => c.notNull())
				.addColumn('status', 'text', (c) => c.notNull())
				.addColumn('order_number', 'bigint')
				.addColumn('message', 'text')
				.addColumn('new_total', 'bigint')
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('settled_at', 'bigint')
				.addColumn('seq', 'bigint')
				.addUniqueConstraint('queued_orders_attempt', ['customer_id', 'username', 'attempt'])
				.execute()
			await db.schema
				.createIndex('queued_orders_status')
				.ifNotExists()
				.on('queued_orders')
				.columns(['status', 'created_at'])
				.execute()
		},
	},
	'009 last good copies': {
		async up(db: Db) {
			await db.schema
				.createTable('last_good_copies')
				.ifNotExists()
				.addColumn('scope', 'text', (c) => c.notNull())
				.addColumn('key', 'text', (c) => c.notNull())
				.addColumn('value', 'text', (c) => c.notNull())
				.addColumn('at', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('last_good_copies_pk', ['scope', 'key'])
				.execute()
			await db.schema
				.createIndex('last_good_copies_at')
				.ifNotExists()
				.on('last_good_copies')
				.column('at')
				.execute()
		},
	},
	'009 jobs': {
		// Jobs a customer's purchases are booked against, and per-customer settings (who may add
		// jobs): the presenter has neither.
		async up(db: Db) {
			await db.schema
				.createTable('jobs')
				.ifNotExists()
				.addColumn('id', 'text', (c) => c.primaryKey())
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('name', 'text', (c) => c.notNull())
				.addColumn('number', 'text')
				.addColumn('street', 'text', (c) => c.notNull())
				.addColumn('suburb', 'text', (c) => c.notNull())
				.addColumn('state', 'text', (c) => c.notNull())
				.addColumn('postcode', 'text', (c) => c.notNull())
				.addColumn('contact_name', 'text')
				.addColumn('contact_phone', 'text')
				.addColumn('budget', 'bigint')
				.addColumn('open', 'boolean', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('updated_at', 'bigint', (c) => c.notNull())
				.addColumn('seq', 'bigint')
				.execute()
			await db.schema
				.createIndex('jobs_customer')
				.ifNotExists()
				.on('jobs')
				.column('customer_id')
				.execute()
			await db.schema
				.createTable('customer_settings')
				.ifNotExists()
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('name', 'text', (c) => c.notNull())
				.addColumn('value', 'text', (c) => c.notNull())
				.addPrimaryKeyConstraint('customer_settings_pk', ['customer_id', 'name'])
				.execute()
		},
	},
	'010 last jobs': {
		// The job each user last placed an order or quote with, offered first at their next checkout.
		async up(db: Db) {
			await db.schema
				.createTable('last_jobs')
				.ifNotExists()
				.addColumn('customer_id', 'integer', (c) => c.notNull())
				.addColumn('username', 'text', (c) => c.notNull())
				.addColumn('job_id', 'text', (c) => c.notNull())
				.addColumn('at', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('last_jobs_pk', ['customer_id', 'username'])
				.execute()
		},
	},
}

/** The migrations' names, in the order they run. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort()

/** Runs the migrations not yet run; throws with the first failure. */
export async function migrate(db: Db) {
	const migrator = new Migrator({
		db,
		provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
	})
	const { error, results } = await migrator.migrateToLatest()
	if (error) {
		const failed = results?.find((r) => r.status === 'Error')?.migrationName
		throw new Error(`Store migration ${failed ?? ''} failed: ${String(error)}`, { cause: error })
	}
}
