/**
 * Presenter round trips per page, read from the Server-Timing header (app/.server/request/timing.ts): the
 * calls that went to the presenter and the depth of the deepest one, i.e. the critical path in
 * round trips. Each page is measured cold (a fresh sign-in: nothing cached for the session) and
 * warm (the same page again), as a browser that has announced JS (its deferred data streams after
 * the page, off the critical path). The rule: at most one round trip after
 * the session check, two for checkout submit.
 */
import { addToCart, checkoutForm, signIn } from './servers.ts'

/** Pages measured signed in (after /login, measured signed out). */
const PAGES = [
	'/',
	'/products',
	'/products/TIM',
	'/products/TIM/FRM',
	'/products/TIM/FRM?product=TH2F004',
	'/search?value=decking',
	'/cart',
	'/checkout',
	'/orders',
	'/invoices',
	'/statements',
	'/quick-order',
	'/custom-lists',
	'/pricebook',
	'/downloads',
	'/support',
	'/stores',
]
/** Measured with a line in the cart: cold then means after one add to cart. */
const NEEDS_CART = new Set(['/cart', '/checkout'])
/** What a browser with JS sends besides its session (app/.server/request/deferred.ts). */
const ANNOUNCED_JS = 'portal_js=1'
const SESSION_CHECK = 'getState'

export type Trips = {
	/** Calls that went to the presenter. */
	calls: number
	/** The critical path in round trips, session check included. */
	depth: number
	/** Round trips on the critical path after the session check. */
	afterCheck: number
}
export type RoundTripRow = {
	page: string
	status: number
	cold: Trips
	warm?: Trips
	/** Round trips allowed after the session check. */
	allowed: number
	ok: boolean
}

/** Reads a response's Server-Timing entries (`p0;desc="getCart ×2";dur=3.1;depth=2`). */
export function tripsOf(response: Response): Trips {
	const header = response.headers.get('server-timing') ?? ''
	let calls = 0
	let depth = 0
	let checkDepth = 0
	for (const m of header.matchAll(/desc="([^"]*)";dur=[\d.]+(?:;depth=(\d+))?/g)) {
		const [, desc, entryDepth] = m
		if (!entryDepth) continue // answered by a cache: no round trip
		const [, name, count] = /^(\S+)(?: ×(\d+))?$/.exec(desc!) ?? []
		calls += Number(count ?? 1)
		depth = Math.max(depth, Number(entryDepth))
		if (name === SESSION_CHECK) checkDepth = Number(entryDepth)
	}
	return { calls, depth, afterCheck: depth - checkDepth }
}

async function get(base: string, page: string, session?: string) {
	const cookie = session ? `${session}; ${ANNOUNCED_JS}` : ANNOUNCED_JS
	const response = await fetch(base + page, { headers: { cookie }, redirect: 'manual' })
	await response.text()
	return response
}

function row(page: string, status: number, allowed: number, cold: Trips, warm?: Trips) {
	const ok = status === 200 && [cold, warm].every((t) => !t || t.afterCheck <= allowed)
	return { page, status, cold, warm, allowed, ok }
}

export async function measureRoundTrips(base: string): Promise<RoundTripRow[]> {
	const rows: RoundTripRow[] = []
	for (const page of ['/login', ...PAGES]) {
		const session = page === '/login' ? undefined : await signIn(base)
		if (session && NEEDS_CART.has(page)) await addToCart(base, session)
		const cold = await get(base, page, session)
		const warm = await get(base, page, session)
		rows.push(row(page, cold.status, 1, tripsOf(cold), tripsOf(warm)))
	}

	// Checkout submit: the order is placed and the browser sent on to the confirmation.
	const session = await signIn(base)
	await addToCart(base, session)
	const checkout = await fetch(`${base}/checkout`, { headers: { cookie: session } })
	const submit = await fetch(`${base}/checkout`, {
		method: 'POST',
		headers: { cookie: `${session}; ${ANNOUNCED_JS}` },
		body: checkoutForm(await checkout.text(), `bench-${Date.now()}`),
		redirect: 'manual',
	})
	await submit.body?.cancel()
	const placed = submit.status === 302 && /number=\d+/.test(submit.headers.get('location') ?? '')
	rows.push(
		row('checkout submit (POST /checkout)', placed ? 200 : submit.status, 2, tripsOf(submit)),
	)
	return rows
}
