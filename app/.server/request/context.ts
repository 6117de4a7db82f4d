import {
	createContext,
	redirect,
	type MiddlewareFunction,
	type RouterContextProvider,
} from 'react-router'
import { type Configuration } from '../config/config.ts'
import { type Settings } from '../presenter/config.ts'
import { type CartLine } from '../presenter/contract/cart.ts'
import {
	getPresenter,
	isPresenterError,
	requireConfiguration,
	toRouteError,
	type Identity,
	type Presenter,
} from '../presenter/index.ts'
import { presenterState } from '../presenter/breaker.ts'
import { loginRedirectUrl } from './redirect.ts'
import { identityOf, openSession, sessionHeaders, type RequestSession } from './session.ts'
import { getStore } from '../store/index.ts'
import { serverTimingHeader, withRequestStore } from './timing.ts'

/**
 * The request context (docs/decisions/011-request-context-and-sessions.md). The root middleware
 * opens the session and commits it once on the way out; the portal layout's middleware resolves the
 * signed-in customer once, for every loader and action below it.
 */
const sessionContext = createContext<RequestSession>()
const customerContext = createContext<StartedCustomer>()

type Context = Readonly<RouterContextProvider>

/** What every signed-in loader and action works with. */
export type Customer = {
	config: Configuration
	identity: Identity
	/** The presenter bound to this customer's session and this request. */
	presenter: Presenter
	/** The customer's settings flags. */
	settings: Settings
	cart: RequestCart
}

/** The customer before the settings are in: enough to start reads that do not need them. */
export type StartedCustomer = Omit<Customer, 'settings'> & {
	/** The settings flags; a failed read rejects with the route's error (toRouteError). */
	settings: Promise<Settings>
}

/** The session of this request (root middleware). */
export function getSession(context: Context): RequestSession {
	return context.get(sessionContext)
}

/** The signed-in customer of this request, settings included (portal layout middleware). */
export async function getCustomer(context: Context): Promise<Customer> {
	const customer = context.get(customerContext)
	return { ...customer, settings: await customer.settings }
}

/**
 * The signed-in customer of this request at once, the settings still a promise: a loader starts
 * the reads that do not need the settings with it, then awaits them beside those reads
 * (docs/decisions/068-reads-beside-the-session-check.md).
 */
export function startCustomer(context: Context): StartedCustomer {
	return context.get(customerContext)
}

/** Root middleware: the session, Server-Timing and the per-request read memo for every request. */
export const sessionMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) =>
	withRequestStore(async () => {
		const session = await openSession(request)
		context.set(sessionContext, session)
		const response = await next()
		await session.commit(response.headers)
		sessionHeaders(response.headers, session.current)
		const timing = serverTimingHeader()
		if (timing) response.headers.append('Server-Timing', timing)
		// A redirect answers one user's request: no cache may keep it.
		if (response.status >= 300 && response.status < 400 && !response.headers.has('Cache-Control'))
			response.headers.set('Cache-Control', 'no-store')
		return response
	})

/** A promise's outcome, never rejecting: what is awaited later must not reject unheard meanwhile. */
const settled = <T>(promise: Promise<T>) =>
	promise.then(
		(value) => ({ ok: true, value }) as const,
		(error: unknown) => ({ ok: false, error }) as const,
	)

/**
 * Portal layout middleware: no session → /login?redirectTo=…; otherwise the session check and the
 * settings flags are asked in one parallel round. A page (GET) does not wait for them: its loaders
 * run beside them (reading the settings when they need them), and its answer goes out only once the
 * check has passed. A form post waits for the check before its action runs. A session-expired
 * reply from any call of this request ends the portal session and goes to /login.
 */
export const customerMiddleware: MiddlewareFunction<Response> = async (
	{ request, context },
	next,
) => {
	const config = requireConfiguration()
	const session = getSession(context)
	const identity = identityOf(session.current)
	if (!identity) throw redirect(loginRedirectUrl(request))
	const presenter = getPresenter(request, {
		config,
		identity,
		writeStamp: {
			current: session.current.get('cacheStamp'),
			save: (stamp) => session.current.set('cacheStamp', stamp),
		},
		onSessionExpired: () => {
			session.end()
			session.flash({ type: 'error', message: 'Your session has expired. Please sign in again.' })
			throw redirect(loginRedirectUrl(request))
		},
	})
	const check = settled(presenter.auth.getStates())
	const settings = presenter.config.getSettings().catch(toRouteError)
	const read = settled(settings)
	const passed = async () => {
		const outcome = await check
		if (!outcome.ok) toRouteError(outcome.error)
	}
	const reading = request.method === 'GET' || request.method === 'HEAD'
	if (!reading) await Promise.all([passed(), settings])
	context.set(customerContext, {
		config,
		identity,
		presenter,
		settings,
		cart: requestCart(presenter, session, identity),
	})
	const response = await next()
	// Nothing of the page goes out before the session check has passed.
	await passed().catch(async (error: unknown) => {
		await response.body?.cancel()
		throw error
	})
	// The customer's language: the service worker writes its notes in it (sw/sw.ts).
	const flags = await read
	if (flags.ok) response.headers.set('Content-Language', flags.value.locale)
	return response
}

/** The customer's cart for one request: its id and lines, each fetched or created at most once. */
export type RequestCart = {
	/** The cart's id, creating the cart when the session has none. */
	id(): Promise<string>
	/**
	 * The cart's lines; a cart the presenter no longer knows is replaced by a new, empty one (none
	 * is started while the ordering system is down).
	 */
	lines(): Promise<CartLine[]>
	/** The cart became an order: the next request starts a new one. */
	ordered(): void
	/**
	 * Adds to the cart: `add` with its id; when the presenter no longer knows that cart (it was
	 * ordered from another tab while this add waited for its lock), once more with a new cart.
	 */
	adding<T>(add: (cartSessionId: string) => Promise<T>): Promise<T>
}

/** The presenter says the cart session is gone (ordered, or unknown). */
const cartGone = (error: unknown) =>
	isPresenterError(error, 'field') && error.errorTable[0]?.field === 'sessionID'

/** Carts being created, by portal session: concurrent requests of one session share one. */
const starting = new Map<string, Promise<string>>()

function requestCart(presenter: Presenter, session: RequestSession, identity: Identity) {
	/**
	 * Creates the session's cart, unless another request of the session already did (it is in
	 * the store) or is doing it (in this process: it is in `starting`; in another instance sharing
	 * the store: it holds the session's lock, and the store has its cart once the lock is ours).
	 * `stale` is an id the presenter has refused.
	 */
	function start(stale?: string): Promise<string> {
		const key = session.current.id || identity.sessionId
		let pending = starting.get(key)
		if (!pending) {
			pending = getStore()
				.withLock(`cart-start:${key}`, async () => {
					const stored = (await session.stored())?.cartSessionId
					if (stored && stored !== stale) return stored
					const id = await presenter.cart.create(identity.customerId)
					session.current.set('cartSessionId', id)
					await session.persist()
					return id
				})
				.finally(() => starting.delete(key))
			starting.set(key, pending)
		}
		return pending.then((id) => {
			session.current.set('cartSessionId', id)
			return id
		})
	}

	let id: Promise<string> | undefined
	let lines: Promise<CartLine[]> | undefined
	const cart: RequestCart = {
		id() {
			id ??= (async () => session.current.get('cartSessionId') ?? (await start()))()
			return id
		},
		lines() {
			lines ??= (async () => {
				const current = session.current.get('cartSessionId')
				// No cart yet while the ordering system is down (the last one became an order kept to
				// send later): nothing in it, and none can be started until the system is back.
				if (!current && !presenterState().up) return []
				if (current) {
					try {
						return await presenter.cart.get(current)
					} catch (error) {
						// The presenter no longer knows this cart (e.g. it became an order elsewhere).
						if (!cartGone(error)) throw error
					}
				}
				id = start(current)
				await id
				return []
			})()
			return lines
		},
		ordered() {
			session.current.unset('cartSessionId')
			id = undefined
			lines = undefined
		},
		async adding(add) {
			const first = await cart.id()
			try {
				return await add(first)
			} catch (error) {
				if (!cartGone(error)) throw error
				lines = undefined
				id = start(first)
				return add(await id)
			}
		},
	}
	return cart
}
