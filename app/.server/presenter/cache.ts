import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { type CacheTag } from './contract/define.ts'

/**
 * The scope of replies that are the same for every customer (operations with `cache.shared`): one
 * entry for the process. Presenter session ids never contain a space.
 */
export const SHARED_SCOPE = 'shared scope'

type Entry = { expires: number; tags: readonly CacheTag[]; value: Promise<unknown> }

/**
 * What one instance's cache dropped, for the other instances sharing the store to drop too
 * (docs/decisions/055-shared-store.md): a write's tags in a scope, a scope, or an owner's scopes.
 * Scopes and owners are the same on every instance: presenter sessions and users.
 */
export type CacheDrop =
	| { scope: string; tags: readonly CacheTag[] }
	| { scope: string }
	| { owner: string; tags?: readonly CacheTag[] }

/**
 * Who a scope belongs to: one user of one customer (usernames in any case). Every session of the
 * user is one scope of this owner.
 */
export function scopeOwner(customerId: number, username: string) {
	return `${customerId}:${username.trim().toLowerCase()}`
}

/**
 * Per-session read cache (lifetimes: `TTL` in contract/define.ts). Keys are operation + payload; a scope is one
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
	/** Each scope's write stamp as this instance last saw it (`seen`, `wrote`). */
	#stamps = new Map<string, string>()
	#publish: (drop: CacheDrop) => void
	#scopeDropped: (scope: string) => void

	constructor(
		options: {
			now?: () => number
			maxScopes?: number
			/** Tells the other instances what this one dropped (they `apply` it). */
			publish?: (drop: CacheDrop) => void
			/** Told of each scope dropped whole (logout, expiry, changed rights): its other copies go. */
			scopeDropped?: (scope: string) => void
		} = {},
	) {
		this.#now = options.now ?? Date.now
		this.#publish = options.publish ?? (() => {})
		this.#scopeDropped = options.scopeDropped ?? (() => {})
		this.#scopes = new LRUCache({
			max: options.maxScopes ?? 5_000,
			dispose: (_entries, scope) => {
				this.#disown(scope)
				this.#stamps.delete(scope)
			},
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
		this.apply({ owner })
		this.#publish({ owner })
	}

	/**
	 * Drops the entries carrying any of `tags` in every session of `owner`: something of theirs
	 * changed that all their sessions show (an order placed for them, in one session or by an
	 * administrator's approval).
	 */
	invalidateOwner(owner: string, tags: readonly CacheTag[]) {
		this.apply({ owner, tags })
		this.#publish({ owner, tags })
	}

	/**
	 * Read-your-writes across instances (docs/decisions/055-shared-store.md): `stamp` is the
	 * session's write stamp as the shared store holds it. A stamp other than the one this instance
	 * last saw means another instance wrote for the session since, perhaps before its drop reached
	 * this one: the scope's reads go. Called before the request's first read.
	 */
	seen(scope: string, stamp: string | undefined) {
		if (stamp === this.#stamps.get(scope)) return
		this.#scopes.delete(scope)
		if (stamp === undefined) return
		this.#scopes.set(scope, new Map())
		this.#stamps.set(scope, stamp)
	}

	/** A write for `scope` made here: its new stamp, for the session to carry to other instances. */
	wrote(scope: string) {
		const stamp = randomUUID()
		if (!this.#scopes.has(scope)) this.#scopes.set(scope, new Map())
		this.#stamps.set(scope, stamp)
		return stamp
	}

	/**
	 * Drops what another instance dropped; `null`: what others dropped may have been missed (the
	 * store's listening connection was lost), so everything goes.
	 */
	apply(drop: CacheDrop | null) {
		if (!drop) return this.#scopes.clear()
		const scopes = 'owner' in drop ? [...(this.#owned.get(drop.owner) ?? [])] : [drop.scope]
		const tags = 'tags' in drop ? drop.tags : undefined
		for (const scope of scopes) {
			if (!tags) {
				this.#scopes.delete(scope)
				this.#scopeDropped(scope)
				continue
			}
			const entries = this.#scopes.peek(scope)
			for (const [key, entry] of entries ?? []) {
				if (entry.tags.some((t) => tags.includes(t))) entries!.delete(key)
			}
		}
	}

	#disown(scope: string) {
		const owner = this.#ownerOf.get(scope)
		if (owner === undefined) return
		this.#ownerOf.delete(scope)
		const scopes = this.#owned.get(owner)
		scopes?.delete(scope)
		if (!scopes?.size) this.#owned.delete(owner)
	}

	/**
	 * Returns the fresh cached value, or runs `load` and caches its result for `ttlMs`. `refresh`:
	 * runs `load` whatever is cached, and keeps its result instead.
	 */
	read<T>(
		scope: string,
		key: string,
		ttlMs: number,
		tags: readonly CacheTag[],
		load: () => Promise<T>,
		refresh = false,
	): Promise<T> {
		let entries = this.#scopes.get(scope)
		if (!entries) this.#scopes.set(scope, (entries = new Map()))
		const now = this.#now()
		const hit = entries.get(key)
		if (hit && hit.expires > now && !refresh) return hit.value as Promise<T>
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
		if (tags.length === 0) return
		this.apply({ scope, tags })
		this.#publish({ scope, tags })
	}

	/** Forgets everything cached for a session (logout, session expiry). */
	drop(scope: string) {
		this.apply({ scope })
		this.#publish({ scope })
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
