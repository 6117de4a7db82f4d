import { LRUCache } from 'lru-cache'
import { presenterState } from './breaker.ts'
import { BRANCH_TIME_ZONE, branchToday } from '#app/utils/input-date.ts'

/** A read's last good reply, and when the presenter gave it (ms since epoch). */
export type StaleCopy = { value: unknown; at: number }

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

	constructor(options: { maxAgeMs: number; max?: number; now?: () => number }) {
		this.#now = options.now ?? Date.now
		this.#copies = new LRUCache({
			max: options.max ?? 10_000,
			ttl: Math.max(1, options.maxAgeMs),
			ttlResolution: 0,
			perf: { now: () => this.#now() },
		})
	}

	/** Keeps `value` as the last good reply of `key` in `scope`, read now. */
	put(scope: string, key: string, value: unknown) {
		this.#copies.set(`${scope}\n${key}`, { value, at: this.#now() })
	}

	/** The last good reply of `key` in `scope`, if one is young enough. */
	get(scope: string, key: string): StaleCopy | undefined {
		return this.#copies.get(`${scope}\n${key}`)
	}

	/** Forgets a scope's copies. */
	dropScope(scope: string) {
		const prefix = `${scope}\n`
		for (const key of [...this.#copies.keys()]) {
			if (key.startsWith(prefix)) this.#copies.delete(key)
		}
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
