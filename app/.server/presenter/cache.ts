import { LRUCache } from 'lru-cache'
import { type CacheTag } from './contract/define.ts'

/**
 * The scope of replies that are the same for every customer (operations with `cache.shared`): one
 * entry for the process. Presenter session ids never contain a space.
 */
export const SHARED_SCOPE = 'shared scope'

type Entry = { expires: number; tags: readonly CacheTag[]; value: Promise<unknown> }

/**
 * Who a scope belongs to: one user of one customer (usernames in any case). Every session of the
 * user is one scope of this owner.
 */
export function scopeOwner(customerId: number, username: string) {
	return `${customerId}:${username.trim().toLowerCase()}`
}

/**
 * Per-session read cache (spec part 1 §9 TTLs). Keys are operation + payload; a scope is one
 * presenter session. In-flight reads are shared, so parallel loaders asking for the same data
 * cause one presenter call. Failed reads are not kept. The sessions are held in an LRU
 * (lru-cache): past `maxScopes`, the least recently used session's reads go first. What is ours:
 * the scopes, the tags, the shared in-flight reads and each scope's owner, so a change to a user's
 * rights drops every session's reads of that user at once (docs/decisions/054-revocation-and-request-bounds.md).
 */
export class ReadCache {
	#scopes: LRUCache<string, Map<string, Entry>>
	#now: () => number
	/** Scopes by owner, and each scope's owner; a scope leaving the LRU leaves these too. */
	#owned = new Map<string, Set<string>>()
	#ownerOf = new Map<string, string>()

	constructor(options: { now?: () => number; maxScopes?: number } = {}) {
		this.#now = options.now ?? Date.now
		this.#scopes = new LRUCache({
			max: options.maxScopes ?? 5_000,
			dispose: (_entries, scope) => this.#disown(scope),
		})
	}

	/** Records that `scope` is a session of `owner` (scopeOwner). */
	own(scope: string, owner: string) {
		if (this.#ownerOf.get(scope) === owner) return
		this.#disown(scope)
		if (!this.#scopes.has(scope)) this.#scopes.set(scope, new Map())
		this.#ownerOf.set(scope, owner)
		let scopes = this.#owned.get(owner)
		if (!scopes) this.#owned.set(owner, (scopes = new Set()))
		scopes.add(scope)
	}

	/**
	 * Forgets everything cached for every session of `owner`: their role or access changed, so
	 * nothing read under the old rights (the session check included) may answer again.
	 */
	dropOwner(owner: string) {
		for (const scope of [...(this.#owned.get(owner) ?? [])]) this.#scopes.delete(scope)
	}

	#disown(scope: string) {
		const owner = this.#ownerOf.get(scope)
		if (owner === undefined) return
		this.#ownerOf.delete(scope)
		const scopes = this.#owned.get(owner)
		scopes?.delete(scope)
		if (!scopes?.size) this.#owned.delete(owner)
	}

	/** Returns the fresh cached value, or runs `load` and caches its result for `ttlMs`. */
	read<T>(
		scope: string,
		key: string,
		ttlMs: number,
		tags: readonly CacheTag[],
		load: () => Promise<T>,
	): Promise<T> {
		let entries = this.#scopes.get(scope)
		if (!entries) this.#scopes.set(scope, (entries = new Map()))
		const now = this.#now()
		const hit = entries.get(key)
		if (hit && hit.expires > now) return hit.value as Promise<T>
		const value = load()
		const entry: Entry = { expires: now + ttlMs, tags, value }
		entries.set(key, entry)
		value.catch(() => {
			if (entries.get(key) === entry) entries.delete(key)
		})
		return value
	}

	/** Drops a scope's entries carrying any of `tags`. */
	invalidate(scope: string, tags: readonly CacheTag[]) {
		const entries = this.#scopes.peek(scope)
		if (!entries || tags.length === 0) return
		for (const [key, entry] of entries) {
			if (entry.tags.some((t) => tags.includes(t))) entries.delete(key)
		}
	}

	/** Forgets everything cached for a session (logout, session expiry). */
	drop(scope: string) {
		this.#scopes.delete(scope)
	}

	has(scope: string, key: string) {
		const hit = this.#scopes.peek(scope)?.get(key)
		return Boolean(hit && hit.expires > this.#now())
	}
}

/** Stable cache key: operation plus payload with sorted keys. */
export function cacheKey(fn: string, payload: unknown): string {
	return (
		fn +
		':' +
		JSON.stringify(payload, (_k, v: unknown) =>
			v && typeof v === 'object' && !Array.isArray(v)
				? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
				: v,
		)
	)
}
