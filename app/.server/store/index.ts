import { env } from '../config/env.ts'
import { type MakeLimiter, type Store } from './contract.ts'
import { postgresEngine, sqliteEngine } from './engines.ts'
import { createStore } from './store.ts'

export type {
	LimiterOptions,
	MakeLimiter,
	OrderLengths,
	PlacedAttempt,
	PlacedOrder,
	RecordedAnswer,
	Store,
	Admin,
	ApprovalOutcome,
	ApprovalRequest,
	ApprovalStatus,
	UserLimits,
	NewQueuedOrder,
	QueuedOrder,
	QueuedOutcome,
	QueuedStatus,
	Job,
	JobFields,
} from './contract.ts'

/** The store on a SQLite file (`:memory:` for a throwaway one): tests and tools that open one. */
export const openSqliteStore = (file: string) => createStore(sqliteEngine(file))
/** The store on a PostgreSQL database: tests and tools that open one. */
export const openPostgresStore = (url: string) => createStore(postgresEngine(url))

/**
 * The portal's own state (docs/decisions/011-request-context-and-sessions.md): signed-in
 * sessions, per-user list preferences, placed checkout attempts, sign-in and send limits, and the
 * cache drops other instances must hear of. Everything else belongs to the presenter.
 * `DATABASE_URL` selects the shared PostgreSQL store (several instances, docs/decisions/055-shared-store.md);
 * without it `PORTAL_DB` names the embedded SQLite file (`:memory:` for a throwaway one, as the
 * unit tests use).
 */
export function openStore({ DATABASE_URL, PORTAL_DB } = env()): Store {
	return createStore(DATABASE_URL ? postgresEngine(DATABASE_URL) : sqliteEngine(PORTAL_DB))
}

let store: Store | undefined
const subscribers: Array<(message: string | null) => void> = []

/** The process's store, opened (and migrated) on first use. */
export function getStore() {
	if (store) return store
	store = openStore()
	for (const listener of subscribers) store.subscribe(listener)
	return store
}

/** Listens to other instances' messages once the store is open (the read cache's drops). */
export function subscribeToStore(listener: (message: string | null) => void) {
	subscribers.push(listener)
	store?.subscribe(listener)
}

/** Closes the process's store (its connections), when one was opened: the last step of a stop. */
export async function closeStore() {
	const open = store
	store = undefined
	await open?.close()
}

/** Limiters counting in the process's store, built on first use (send-limits.ts, throttle.ts). */
export const storeLimiter: MakeLimiter = (options) => getStore().makeLimiter(options)

/** A user's saved preference `name` (e.g. 'orders-filterList'), parsed, or undefined. */
export async function readPreference(username: string, name: string): Promise<unknown> {
	const value = await getStore().preferences.read(username, name)
	if (value === undefined) return undefined
	try {
		return JSON.parse(value) as unknown
	} catch {
		return undefined
	}
}

/** Saves a user's preference `name`. */
export function savePreference(username: string, name: string, value: unknown) {
	return getStore().preferences.save(username, name, JSON.stringify(value))
}
