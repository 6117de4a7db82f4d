import { env } from '../config/env.ts'
import { reasonOf } from '../config/log.ts'
import { logger } from '../observe/log.ts'
import { PresenterError } from './errors.ts'

/** What a breaker needs: when to open, how long to stay open before a probe, and a clock. */
export type BreakerOptions = {
	/** Consecutive failures (or timeouts) that open the breaker. */
	failures: number
	/** How long an open breaker refuses calls before it lets one probe through. */
	openMs: number
	now?: () => number
}

/** Where a breaker stands: `since` is when the presenter stopped answering (ms since epoch). */
export type BreakerState = { up: true } | { up: false; since: number }

/**
 * A failure that says the presenter is not answering: a timeout, a lost or refused connection, or
 * a 5xx status. A reply the presenter sent (an error table, a 4xx) is an answer.
 */
export function isOutage(error: unknown) {
	return error instanceof PresenterError && (error.retryable || error.circuitOpen)
}

/**
 * A circuit breaker for one presenter host (docs/decisions/064-presenter-outages.md). Closed, it
 * counts consecutive outage failures; at `failures` it opens, and every call then fails at once
 * (a 'transport' PresenterError with `circuitOpen`). After `openMs` one call goes through as a
 * probe (half-open): an answer closes the breaker, a failure keeps it open for another `openMs`.
 */
export class Breaker {
	#options: Required<BreakerOptions>
	#failures = 0
	/** When the current run of failures began; kept while open. */
	#firstFailure = 0
	#openUntil = 0
	#open = false
	#probing = false
	/** Called when the breaker closes again (the presenter answered a probe). */
	onClose: (() => void) | undefined
	/** Called when the closed breaker opens, with the failure that opened it. */
	onOpen: ((error: unknown) => void) | undefined

	constructor(options: BreakerOptions) {
		this.#options = { now: Date.now, ...options }
	}

	/** Up, or down since when. */
	state(): BreakerState {
		return this.#open ? { up: false, since: this.#firstFailure } : { up: true }
	}

	/** Runs `fn` through the breaker: at once refused while open, counted when it fails. */
	async run<T>(fn: () => Promise<T>): Promise<T> {
		const probe = this.#admit()
		try {
			const result = await fn()
			this.#succeeded()
			return result
		} catch (error) {
			if (isOutage(error)) this.#failed(error)
			else this.#succeeded()
			throw error
		} finally {
			if (probe) this.#probing = false
		}
	}

	/** Lets a call through, or throws when open; true when the call is the half-open probe. */
	#admit() {
		if (!this.#open) return false
		const now = this.#options.now()
		if (now >= this.#openUntil && !this.#probing) {
			this.#probing = true
			return true
		}
		throw new PresenterError('transport', 'Presenter unavailable (circuit open)', {
			circuitOpen: true,
		})
	}

	#succeeded() {
		const wasOpen = this.#open
		this.#failures = 0
		this.#open = false
		if (wasOpen) this.onClose?.()
	}

	#failed(error: unknown) {
		const now = this.#options.now()
		if (this.#failures === 0 && !this.#open) this.#firstFailure = now
		this.#failures++
		if (this.#open || this.#failures >= this.#options.failures) {
			if (!this.#open) this.onOpen?.(error)
			this.#open = true
			this.#openUntil = now + this.#options.openMs
		}
	}
}

/** One breaker per presenter host, for the process (per instance: decision 064). */
const breakers = new Map<string, Breaker>()
const backListeners = new Set<() => void>()

/** The breaker of `host`, made on first use with the environment's settings. */
export function breakerFor(host: string): Breaker {
	let breaker = breakers.get(host)
	if (!breaker) {
		breaker = new Breaker({
			failures: env().PRESENTER_BREAKER_FAILURES,
			openMs: env().PRESENTER_BREAKER_OPEN_MS,
		})
		// Operators see each outage begin and end (one line each; README, 'What to watch').
		breaker.onOpen = (error) =>
			logger().warn({ host, reason: reasonOf(error) }, 'Presenter breaker opened')
		breaker.onClose = () => {
			logger().info({ host }, 'Presenter breaker closed')
			backListeners.forEach((listener) => listener())
		}
		breakers.set(host, breaker)
	}
	return breaker
}

/**
 * Whether the presenter answers, as this instance's breakers see it: down since the earliest
 * open breaker's first failure, else up. For readiness answers and the outage banner.
 */
export function presenterState(): BreakerState {
	let since: number | undefined
	for (const breaker of breakers.values()) {
		const state = breaker.state()
		if (!state.up) since = Math.min(since ?? state.since, state.since)
	}
	return since === undefined ? { up: true } : { up: false, since }
}

/** Runs `listener` whenever a breaker closes again; returns how to stop. */
export function onPresenterBack(listener: () => void) {
	backListeners.add(listener)
	return () => void backListeners.delete(listener)
}

/** Forgets every breaker's failures (the embedded sandbox's reset, in tests). */
export function resetBreakers() {
	breakers.clear()
}
