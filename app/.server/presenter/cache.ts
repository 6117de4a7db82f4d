import { LRUCache } from 'lru-cache'
import { type CacheTag } from './contract/define.ts'

/**
 * The scope of replies that are the same for every customer (operations with `cache.shared`): one
 * entry for the process. Presenter session ids never contain a space.
 */
export const SHARED_SCOPE = 'shared scope'

type Entry = { expires: number; tags: readonly CacheTag[]; value: Promise<unknown> }

/**
 * Per-session read cache (spec part 1 §9 TTLs). Keys are operation + payload; a scope is one
 * presenter session. In-flight reads are shared, so parallel loaders asking for the same data
 * cause one presenter call. Failed reads are not kept. The sessions are held in an LRU
 * (lru-cache): past `maxScopes`, the least recently used session's reads go first. What is ours:
 * the scopes, the tags and the shared in-flight reads.
 */
export class ReadCache {
	#scopes: LRUCache<string, Map<string, Entry>>
	#now: () => number

	constructor(options: { now?: () => number; maxScopes?: number } = {}) {
		this.#now = options.now ?? Date.now
		this.#scopes = new LRUCache({ max: options.maxScopes ?? 5_000 })
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
