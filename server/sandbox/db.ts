import { type DatabaseSync } from 'node:sqlite'

/**
 * The sandbox's database, as operations and seeds use it. Its tables, and how a database is opened
 * or rebuilt from seed, are in schema.ts: this module imports nothing of the sandbox, so everything
 * can import it.
 */
export type Db = DatabaseSync

/** Runs `fn` in one write transaction. */
export function inTransaction<T>(db: Db, fn: () => T): T {
	db.exec('BEGIN IMMEDIATE')
	try {
		const result = fn()
		db.exec('COMMIT')
		return result
	} catch (error) {
		db.exec('ROLLBACK')
		throw error
	}
}
