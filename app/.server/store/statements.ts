import { type DatabaseSync, type StatementSync } from 'node:sqlite'

/**
 * node:sqlite compiles a statement on every `prepare`; the portal's store prepares the same few
 * statements on every request (the session), so each is compiled once and reused. SQLite
 * recompiles a kept statement itself when the schema changes.
 */
export function reusePreparedStatements(db: DatabaseSync) {
	const prepare = db.prepare.bind(db)
	const statements = new Map<string, StatementSync>()
	db.prepare = (sql: string) => {
		let statement = statements.get(sql)
		if (!statement) {
			// Only a handful of statements are built from parts; the bound is a guard, not a policy.
			if (statements.size >= 1_000) statements.clear()
			statement = prepare(sql)
			statements.set(sql, statement)
		}
		return statement
	}
	return db
}
