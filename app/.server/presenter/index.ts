import { data } from 'react-router'
import { getConfiguration, presenterHost, type Configuration } from '../config/config.ts'
import { presenterHeaders } from '../config/embedded-sandbox.ts'
import { env } from '../config/env.ts'
import { LOCKS, withLock } from '../store/locks.ts'
import { logFailure } from '../config/log.ts'
import { logger } from '../observe/log.ts'
import { getStore, subscribeToStore } from '../store/index.ts'
import { presenterCalled } from '../observe/requests.ts'
import { recordTiming, requestDeadline, requestMemo } from '../request/timing.ts'
import { authApi } from './auth.ts'
import { breakerFor, resetBreakers } from './breaker.ts'
import { ReadCache, scopeOwner, type CacheDrop } from './cache.ts'
import { catalogueApi } from './catalogue.ts'
import { cartApi } from './cart.ts'
import { checkoutApi } from './checkout.ts'
import { createClient, DEFAULT_RETRY } from './client.ts'
import { configApi } from './config.ts'
import { contentApi } from './content.ts'
import { type Identity, type PresenterContext } from './context.ts'
import { type CacheTag } from './contract/define.ts'
import { isPresenterError, type PresenterError } from './errors.ts'
import { invoicesApi } from './invoices.ts'
import { listsApi } from './lists.ts'
import { statementsApi } from './statements.ts'
import { pricebookApi } from './pricebook.ts'
import { StaleCopies } from './stale.ts'
import { paymentsApi } from './payments.ts'
import { supportApi } from './support.ts'
import { transactionsApi } from './transactions.ts'
import { usersApi } from './users.ts'

export { PresenterError, isPresenterError, recover, toRouteError } from './errors.ts'
export type { Identity } from './context.ts'

const staleMs = env().PRESENTER_STALE_MS
/**
 * Last good replies, served while the presenter is down (docs/decisions/064-presenter-outages.md).
 * Several instances (the shared store) share them, so any instance serves what another read.
 */
export const staleCopies = new StaleCopies({
	maxAgeMs: staleMs,
	shared: env().DATABASE_URL
		? {
				save: (scope, key, copy) =>
					getStore().copies.save(
						scope,
						key,
						JSON.stringify(copy.value),
						copy.at,
						copy.at - staleMs,
					),
				load: async (scope, key, since) => {
					const row = await getStore().copies.load(scope, key, since)
					return row && { value: JSON.parse(row.value) as unknown, at: row.at }
				},
				dropScope: (scope) => getStore().copies.dropScope(scope),
			}
		: undefined,
})

/**
 * One cache for the process; scopes are presenter sessions. What it drops, the other instances
 * sharing the store drop too (docs/decisions/055-shared-store.md).
 */
export const readCache = new ReadCache({
	scopeDropped: (scope) => staleCopies.dropScope(scope),
	publish: (drop) =>
		void getStore()
			.publish(JSON.stringify(drop))
			.catch((error: unknown) => logFailure('Sending a cache drop to other instances', error)),
})
subscribeToStore((message) =>
	readCache.apply(message === null ? null : (JSON.parse(message) as CacheDrop)),
)

/**
 * What the embedded sandbox's control API (tests) may do to this process's presenter client: a
 * reset makes the presenter new and answering, so the breakers forget; an outage that outlasts
 * every cache time empties the read caches (the last good copies stay). Reached through
 * globalThis, as the server and the app build each bundle their own modules.
 */
;(globalThis as { [key: symbol]: unknown })[Symbol.for('trade-portal.embedded-sandbox-hooks')] = {
	reset: resetBreakers,
	outlastCaches: () => readCache.apply(null),
}

const timeoutMs = env().PRESENTER_TIMEOUT_MS
const retry = { ...DEFAULT_RETRY, baseMs: env().PRESENTER_RETRY_BASE_MS }

/**
 * A new presenter session is `customerId`'s user `username`: what its reads cached before that
 * was known (sign-in reads the user's details to learn their customer) goes with the user's
 * rights when they change, like every other session of theirs.
 */
export function ownSession(sessionId: string, customerId: number, username: string) {
	readCache.own(sessionId, scopeOwner(customerId, username))
}

/**
 * Something of a user's changed that every session of theirs shows (`tags`): an order placed for
 * them in one session, or by an administrator's approval. Their other sessions read it afresh.
 */
export function changedForUser(customerId: number, username: string, tags: readonly CacheTag[]) {
	readCache.invalidateOwner(scopeOwner(customerId, username), tags)
}

/** The presenter's domains, each a set of verb+noun functions returning parsed types. */
export function createPresenter(ctx: PresenterContext) {
	return {
		auth: authApi(ctx),
		users: usersApi(ctx),
		config: configApi(ctx),
		content: contentApi(ctx),
		catalogue: catalogueApi(ctx),
		cart: cartApi(ctx),
		checkout: checkoutApi(ctx),
		lists: listsApi(ctx),
		pricebook: pricebookApi(ctx),
		transactions: transactionsApi(ctx),
		invoices: invoicesApi(ctx),
		statements: statementsApi(ctx),
		payments: paymentsApi(ctx),
		support: supportApi(ctx),
		remember: ctx.client.remember,
		staleSince: ctx.client.staleSince,
	}
}
export type Presenter = ReturnType<typeof createPresenter>

/**
 * A presenter bound to one request: its session (if any), its abort signal and the
 * request's Server-Timing list. `onSessionExpired` lets the caller turn expiry into a logout.
 */
export function getPresenter(
	request: Request,
	options: {
		config: Configuration
		identity?: Identity
		onSessionExpired?: (error: PresenterError) => void | Promise<void>
		/** Calls outlive the request (e.g. the best-effort presenter logout after signing out). */
		detached?: boolean
		/**
		 * The session's write stamp, and where a write made now puts its new one: the next request
		 * of the session, on any instance, then reads nothing cached before the write
		 * (ReadCache.seen).
		 */
		writeStamp?: { current: string | undefined; save: (stamp: string) => void }
	},
) {
	const scope = options.identity?.sessionId ?? 'anonymous'
	const { writeStamp } = options
	if (writeStamp) readCache.seen(scope, writeStamp.current)
	const host = presenterHost(options.config)
	const client = createClient({
		host,
		headers: presenterHeaders(options.config),
		contextId: options.identity?.sessionId,
		scope,
		owner: options.identity && scopeOwner(options.identity.customerId, options.identity.username),
		signal: options.detached ? undefined : request.signal,
		timeoutMs,
		// Reads and their retries end within one timeout of the request's first presenter call.
		deadline: options.detached ? undefined : requestDeadline(timeoutMs),
		retry,
		cache: readCache,
		onTiming: (fn, ms, cached, error) => {
			recordTiming(fn, ms, cached)
			presenterCalled(fn, ms, outcomeOf(cached, error))
		},
		memo: requestMemo(),
		onSessionExpired: options.onSessionExpired,
		onWrite: writeStamp && (() => writeStamp.save(readCache.wrote(scope))),
		lockCart: (cart, fn) => withLock(LOCKS.cart(cart), fn),
		breaker: breakerFor(host),
		stale: staleCopies,
	})
	return createPresenter({ client, config: options.config, identity: options.identity })
}

/** A presenter call's outcome as logs and traces name it: ok, cached, or the kind of failure. */
function outcomeOf(cached: boolean, error: unknown) {
	if (error === undefined) return cached ? 'cached' : 'ok'
	return isPresenterError(error) ? error.kind : 'error'
}

/** The configuration, or a 503 the error boundaries show as 'Configuration Unavailable'. */
export function requireConfiguration(): Configuration {
	const result = getConfiguration()
	if (!result.ok) {
		logger().error({ reason: result.reason }, 'Configuration Unavailable')
		throw data({ configurationUnavailable: true }, { status: 503 })
	}
	return result.config
}
