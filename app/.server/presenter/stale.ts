import { LRUCache } from 'lru-cache'
import { logFailure } from '../config/log.ts'
import { presenterState } from './breaker.ts'
import { BRANCH_TIME_ZONE, branchToday } from '#app/utils/input-date.ts'

/** A read's last good reply, and when the presenter gave it (ms since epoch). */
export type StaleCopy = { value: unknown; at: number }

/**
 * Where copies are shared with the other instances (the shared store), so a page one instance read
 * is served by another while the presenter is down: behind a round-robin proxy a user's next page
 * may reach either.
 */
export type SharedCopies = {
	save(scope: string, key: string, copy: StaleCopy): Promise<void>
	load(scope: string, key: string, since: number): Promise<StaleCopy | undefined>
	dropScope(scope: string): Promise<void>
}

/**
 * The last good reply of every read, kept past its cache time for when the presenter is down
 * (docs/decisions/064-presenter-outages.md): a read that fails for an outage answers from here,
 * up to `maxAgeMs` old. Keyed like the read cache (scope, then operation + payload); held in an
 * LRU so a busy instance keeps the most recently used copies. A scope dropped for a logout, an
 * expired session or changed rights takes its copies with it.
 */
export class StaleCopies {
	#copies: LRUCache<string, StaleCopy>
	#now: () => number
	#maxAgeMs: number
	#shared: SharedCopies | undefined
	#shareEveryMs: number
	/** When each copy was last shared: a read answered again soon after is not written again. */
	#sharedAt = new Map<string, number>()

	constructor(options: {
		maxAgeMs: number
		max?: number
		now?: () => number
		/** The other instances' copies (none for a single instance). */
		shared?: SharedCopies
		/** How soon a copy is shared again when read again (a minute by default). */
		shareEveryMs?: number
	}) {
		this.#now = options.now ?? Date.now
		this.#maxAgeMs = options.maxAgeMs
		this.#shared = options.shared
		this.#shareEveryMs = options.shareEveryMs ?? 60_000
		this.#copies = new LRUCache({
			max: options.max ?? 10_000,
			ttl: Math.max(1, options.maxAgeMs),
			ttlResolution: 0,
			perf: { now: () => this.#now() },
		})
	}

	/** Keeps `value` as the last good reply of `key` in `scope`, read now (shared at most once a minute). */
	put(scope: string, key: string, value: unknown) {
		const id = `${scope}\n${key}`
		const copy = { value, at: this.#now() }
		this.#copies.set(id, copy)
		if (!this.#shared || copy.at - (this.#sharedAt.get(id) ?? -Infinity) < this.#shareEveryMs)
			return
		if (this.#sharedAt.size >= 10_000) this.#sharedAt.clear()
		this.#sharedAt.set(id, copy.at)
		this.#shared
			.save(scope, key, copy)
			.catch((error: unknown) => logFailure('Sharing a last good copy', error))
	}

	/** The last good reply of `key` in `scope` this instance has, if one is young enough. */
	get(scope: string, key: string): StaleCopy | undefined {
		return this.#copies.get(`${scope}\n${key}`)
	}

	/** This instance's copy, else the one another instance shared, if young enough. */
	async find(scope: string, key: string): Promise<StaleCopy | undefined> {
		const own = this.get(scope, key)
		if (own || !this.#shared) return own
		return this.#shared
			.load(scope, key, this.#now() - this.#maxAgeMs)
			.catch((error: unknown) => void logFailure('Reading a shared last good copy', error))
	}

	/** Forgets a scope's copies, here and shared. */
	dropScope(scope: string) {
		const prefix = `${scope}\n`
		for (const key of [...this.#copies.keys()]) {
			if (key.startsWith(prefix)) this.#copies.delete(key)
		}
		this.#shared
			?.dropScope(scope)
			.catch((error: unknown) => logFailure('Dropping shared last good copies', error))
	}
}

/**
 * When a copy was read, as the portal shows times: the branches' clock (7:42, 14:05), with the
 * day in the customer's date format when it was not today.
 */
export function formatOutageTime(at: number, locale: 'en-AU' | 'en-US') {
	const time = new Intl.DateTimeFormat('en-AU', {
		timeZone: BRANCH_TIME_ZONE,
		hour: 'numeric',
		minute: '2-digit',
		hourCycle: 'h23',
	})
		.format(at)
		// Intl writes the 24-hour clock's hours with two digits ('07:42'); the portal writes 7:42.
		.replace(/^0(?=\d)/, '')
	if (branchToday(at) === branchToday()) return time
	const day = new Intl.DateTimeFormat(locale, {
		timeZone: BRANCH_TIME_ZONE,
		day: 'numeric',
		month: 'numeric',
		year: 'numeric',
	}).format(at)
	return `${time} on ${day}`
}

/**
 * The outage banner of a page, or null: shown when `staleSince` (the client's oldest last good copy
 * this request) is set, or the breaker says the presenter is down; the time is the copy's, else
 * when the presenter stopped answering.
 */
export function outageNote(staleSince: number | undefined, locale: 'en-AU' | 'en-US') {
	const state = presenterState()
	const at = staleSince ?? (state.up ? undefined : state.since)
	return at === undefined ? null : { at: formatOutageTime(at, locale) }
}
