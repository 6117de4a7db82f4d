import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { reusePreparedStatements } from './sqlite.ts'

/**
 * The portal's own state (docs/decisions/011-request-context-and-sessions.md): signed-in
 * sessions and per-user list preferences. Everything else belongs to the presenter.
 * `PORTAL_DB` names the SQLite file (`:memory:` for a throwaway one, as the tests use).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires);
CREATE TABLE IF NOT EXISTS preferences (
	username TEXT NOT NULL COLLATE NOCASE, name TEXT NOT NULL, value TEXT NOT NULL,
	PRIMARY KEY (username, name)
);
`

let db: DatabaseSync | undefined

/** The portal's database, opened (and created) on first use. */
export function portalDb() {
	if (db) return db
	const file = process.env.PORTAL_DB ?? '.data/portal.sqlite'
	if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
	db = reusePreparedStatements(new DatabaseSync(file))
	db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 2000')
	db.exec(SCHEMA)
	return db
}

/** A user's saved preference `name` (e.g. 'orders-filterList'), parsed, or undefined. */
export function readPreference(username: string, name: string): unknown {
	const row = portalDb()
		.prepare('SELECT value FROM preferences WHERE username = ? AND name = ?')
		.get(username, name) as { value: string } | undefined
	if (!row) return undefined
	try {
		return JSON.parse(row.value) as unknown
	} catch {
		return undefined
	}
}

/** Saves a user's preference `name`. */
export function savePreference(username: string, name: string, value: unknown) {
	portalDb()
		.prepare(
			`INSERT INTO preferences (username, name, value) VALUES (?, ?, ?)
			 ON CONFLICT (username, name) DO UPDATE SET value = excluded.value`,
		)
		.run(username, name, JSON.stringify(value))
}
