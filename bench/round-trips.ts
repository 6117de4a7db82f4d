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

/** The presenter latency the slow-ERP figures are measured with: every call waits this long. */
export const SLOW_PRESENTER_MS = 150
/** Pages measured against the slow presenter; the class-level list besides the others. */
const SLOW_PAGES = [
	'/',
	'/products',
	'/products/TIM/FRM',
	'/products/TIM/FRM/MGP10',
	'/search?value=decking',
	'/cart',
	'/checkout',
	'/orders',
	'/invoices',
	'/statements',
	'/quick-order',
	'/custom-lists',
	'/pricebook',
]

export type SlowRow = {
	page: string
	mode: 'js' | 'no-js'
	status: number
	/** Wall time in presenter round trips (ms / SLOW_PRESENTER_MS), the first time after sign-in. */
	cold: number
	/** The same, the page again right after. */
	warm: number
	/** The critical path's depth in round trips (Server-Timing), cold and warm: no machine noise. */
	coldDepth: number
	warmDepth: number
	ok: boolean
}

/**
 * Each page's wall time with the slow presenter (150 ms added to every call, sign-in included), in
 * round trips: cold (the first time after a fresh sign-in) and warm (again), as a browser with JS
 * and one without. With JS the page counts until its headers (the shell; deferred data streams
 * after it), without JS until the whole document (it carries every deferred part). Beside each,
 * the critical path's depth from Server-Timing, which a loaded machine does not change. The rule:
 * warm at most one round trip + 30 ms; cold at most 1.5 with JS and 2 without.
 */
export async function measureSlowPresenter(base: string): Promise<SlowRow[]> {
	const faults = (body: object) =>
		fetch(`${base}/__sandbox/faults`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		}).then((r) => void r.body?.cancel())
	const timed = async (page: string, cookie: string, js: boolean) => {
		const start = performance.now()
		const response = await fetch(base + page, { headers: { cookie }, redirect: 'manual' })
		const shell = performance.now()
		await response.text()
		const trips = ((js ? shell : performance.now()) - start) / SLOW_PRESENTER_MS
		return {
			status: response.status,
			trips: Number(trips.toFixed(2)),
			depth: tripsOf(response).depth,
		}
	}
	const rows: SlowRow[] = []
	await faults({ latencyMs: SLOW_PRESENTER_MS })
	try {
		for (const mode of ['js', 'no-js'] as const) {
			for (const page of SLOW_PAGES) {
				const session = await signIn(base)
				if (NEEDS_CART.has(page)) await addToCart(base, session)
				const cookie = mode === 'js' ? `${session}; ${ANNOUNCED_JS}` : session
				const cold = await timed(page, cookie, mode === 'js')
				const warm = await timed(page, cookie, mode === 'js')
				const coldAllowed = mode === 'js' ? 1.5 : 2
				const warmAllowed = 1 + 30 / SLOW_PRESENTER_MS
				const ok =
					cold.status === 200 &&
					warm.status === 200 &&
					cold.trips <= coldAllowed &&
					warm.trips <= warmAllowed
				rows.push({
					page,
					mode,
					status: cold.status,
					cold: cold.trips,
					warm: warm.trips,
					coldDepth: cold.depth,
					warmDepth: warm.depth,
					ok,
				})
			}
		}
	} finally {
		await faults({})
	}
	return rows
}

if (import.meta.main) {
	// `npm run build && npm run bench:round-trips`: both tables, without the rest of the suite.
	const { startPortal } = await import('#tests/utils/portal.ts')
	const portal = await startPortal(Number(process.env.BENCH_PORT ?? 3480), {
		PRESENTER_TIMEOUT_MS: '15000',
		PRESENTER_RETRY_BASE_MS: '1000',
	})
	try {
		console.table(
			(await measureRoundTrips(portal.url)).map((r) => ({
				page: r.page,
				cold: `${r.cold.calls} / ${r.cold.depth} / ${r.cold.afterCheck}`,
				warm: r.warm ? `${r.warm.calls} / ${r.warm.depth} / ${r.warm.afterCheck}` : '',
				ok: r.ok ? 'ok' : 'FAIL',
			})),
		)
		const slow = await measureSlowPresenter(portal.url)
		console.log(`\nWall time in round trips, presenter +${SLOW_PRESENTER_MS} ms a call`)
		console.table(slow.map((r) => ({ ...r, ok: r.ok ? 'ok' : 'FAIL' })))
		if (slow.some((r) => !r.ok)) process.exitCode = 1
	} finally {
		await portal.stop()
	}
}
