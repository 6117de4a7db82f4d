/**
 * Presenter round trips per page, read from the Server-Timing header (app/.server/request/timing.ts): the
 * calls that went to the presenter and the depth of the deepest one, i.e. the critical path in
 * round trips. Each page is measured cold (a fresh sign-in: nothing cached for the session) and
 * warm (the same page again), as a browser (its User-Agent) that has announced JS (its deferred
 * data streams after the page, off the critical path). The rule: at most one round trip after
 * the session check, two for checkout submit. Then the same pages with a slow presenter, in wall
 * time (measureSlowPresenter, slowSummary).
 */
import { availableParallelism, loadavg } from 'node:os'
import { addToCart, checkoutForm, signIn } from './servers.ts'

/** Pages measured signed in (after /login, measured signed out). */
const PAGES = [
	'/',
	'/products',
	'/products/TIM',
	'/products/TIM/FRM',
	'/products/TIM/FRM/MGP10',
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
/**
 * A browser's User-Agent. Node's fetch says `node`, which isbot counts as a crawler: the portal
 * then renders the whole page before its first byte (entry.server.tsx), deferred data included.
 */
const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SESSION_CHECK = 'getState'

export type Trips = {
	/** Calls that went to the presenter. */
	calls: number
	/** The critical path in round trips, session check included. */
	depth: number
	/** Round trips on the critical path after the session check. */
	afterCheck: number
	/** The operations of those calls, each once. */
	names: string[]
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
	const names = new Set<string>()
	for (const m of header.matchAll(/desc="([^"]*)";dur=[\d.]+(?:;depth=(\d+))?/g)) {
		const [, desc, entryDepth] = m
		if (!entryDepth) continue // answered by a cache: no round trip
		const [, name, count] = /^(\S+)(?: ×(\d+))?$/.exec(desc!) ?? []
		calls += Number(count ?? 1)
		names.add(name!)
		depth = Math.max(depth, Number(entryDepth))
		if (name === SESSION_CHECK) checkDepth = Number(entryDepth)
	}
	return { calls, depth, afterCheck: depth - checkDepth, names: [...names] }
}

async function get(base: string, page: string, session?: string) {
	const cookie = session ? `${session}; ${ANNOUNCED_JS}` : ANNOUNCED_JS
	const response = await fetch(base + page, {
		headers: { cookie, 'User-Agent': BROWSER },
		redirect: 'manual',
	})
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
/** The class-level product list: cached like the type level. */
const CLASS_LIST = '/products/TIM/FRM/MGP10'
/** Pages measured against the slow presenter; the class-level list besides the others. */
const SLOW_PAGES = [
	'/',
	'/products',
	'/products/TIM/FRM',
	CLASS_LIST,
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
	/** Wall time in presenter round trips (ms / SLOW_PRESENTER_MS): the first page after sign-in. */
	cold: number
	/** The same, for the page's first visit after another page of the session (JS only). */
	coldInSession?: number
	/** The same, the page again a second after its cold visit. */
	warm: number
	/** The critical path's depth in round trips (Server-Timing): no machine noise. */
	coldDepth: number
	coldInSessionDepth?: number
	warmDepth: number
	/** The operations the warm page still asked the presenter (everything else was cached). */
	warmCalls: string[]
	/** Home without JS: whether recently ordered was in the page or its link ('still being gathered'). */
	recent?: 'shown' | 'link'
	ok: boolean
}

/** The slow-presenter budgets, in round trips of wall time. */
export const SLOW_BUDGET = { warm: 1 + 30 / SLOW_PRESENTER_MS, coldJs: 1.5, coldNoJs: 2 }
/**
 * Between a page's cold and warm visits: what the cold visit started in the background ends (home
 * without JS: recently ordered's reads, about four round trips after sign-in on a busy machine).
 */
const WARM_AFTER_MS = 1_000
/** The page visited first for a cold visit in a running session: it reads only the settings. */
const FIRST_PAGE = '/support'
/** Each figure is the median of this many runs (a shared machine's load moves single runs). */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 3)

const median = (values: number[]) =>
	values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * Each page's wall time with the slow presenter (150 ms added to every call, sign-in included), in
 * round trips: cold (the first page after a fresh sign-in), cold in a running session (first
 * visited after another page, with JS) and warm (the page again a second later), as a browser
 * with JS and one without; the median of SAMPLES runs. With JS the page counts until its headers
 * (the shell; deferred data streams after it), without JS until the whole document (it carries
 * every deferred part). Beside each, the critical path's depth from Server-Timing, which a loaded
 * machine does not change. The budgets: warm at most one round trip + 30 ms; cold at most 1.5 with
 * JS and 2 without.
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
		const response = await fetch(base + page, {
			headers: { cookie, 'User-Agent': BROWSER },
			redirect: 'manual',
		})
		const shell = performance.now()
		const html = await response.text()
		const trips = ((js ? shell : performance.now()) - start) / SLOW_PRESENTER_MS
		return { status: response.status, trips, timing: tripsOf(response), html }
	}
	const session = async (page: string, js: boolean) => {
		const signedIn = await signIn(base)
		if (NEEDS_CART.has(page)) await addToCart(base, signedIn)
		return js ? `${signedIn}; ${ANNOUNCED_JS}` : signedIn
	}
	const rows: SlowRow[] = []
	await faults({ latencyMs: SLOW_PRESENTER_MS })
	try {
		for (const mode of ['js', 'no-js'] as const) {
			const js = mode === 'js'
			for (const page of SLOW_PAGES) {
				const runs = []
				for (let i = 0; i < SAMPLES; i++) {
					const cookie = await session(page, js)
					const cold = await timed(page, cookie, js)
					await new Promise((resolve) => setTimeout(resolve, WARM_AFTER_MS))
					const warm = await timed(page, cookie, js)
					let inSession
					if (js) {
						const other = await session(page, js)
						await timed(FIRST_PAGE, other, js)
						inSession = await timed(page, other, js)
					}
					runs.push({ cold, warm, inSession })
				}
				const round = (n: number) => Number(n.toFixed(2))
				const cold = round(median(runs.map((r) => r.cold.trips)))
				const warm = round(median(runs.map((r) => r.warm.trips)))
				const coldInSession = js ? round(median(runs.map((r) => r.inSession!.trips))) : undefined
				const status =
					runs
						.map((r) => [r.cold, r.warm, r.inSession])
						.flat()
						.find((r) => r && r.status !== 200)?.status ?? 200
				const ok =
					status === 200 &&
					cold <= (js ? SLOW_BUDGET.coldJs : SLOW_BUDGET.coldNoJs) &&
					(coldInSession ?? 0) <= SLOW_BUDGET.coldJs &&
					warm <= SLOW_BUDGET.warm
				const home = runs.map((r) => (/still being gathered/.test(r.cold.html) ? 'link' : 'shown'))
				rows.push({
					page,
					mode,
					status,
					cold,
					coldInSession,
					warm,
					coldDepth: Math.max(...runs.map((r) => r.cold.timing.depth)),
					coldInSessionDepth: js
						? Math.max(...runs.map((r) => r.inSession!.timing.depth))
						: undefined,
					warmDepth: Math.max(...runs.map((r) => r.warm.timing.depth)),
					warmCalls: [...new Set(runs.flatMap((r) => r.warm.timing.names))],
					recent:
						page === '/' && !js
							? home.filter((h) => h === 'link').length * 2 > home.length
								? 'link'
								: 'shown'
							: undefined,
					ok,
				})
			}
		}
	} finally {
		await faults({})
	}
	return rows
}

/**
 * The slow-ERP figures the portal promises, from `measureSlowPresenter`'s rows: every page warm,
 * every page cold with JS, the first home page without JS after sign-in, and what the class-level
 * product list still asks the presenter when warm. One line each, with its budget.
 */
export function slowSummary(rows: SlowRow[]) {
	type Key = 'cold' | 'coldInSession' | 'warm'
	const depth = {
		cold: 'coldDepth',
		coldInSession: 'coldInSessionDepth',
		warm: 'warmDepth',
	} as const
	const figure = (r: SlowRow, key: Key) =>
		`${r.page} (${r.mode}) ${r[key]} [depth ${r[depth[key]]}]`
	const worst = (list: SlowRow[], key: Key) =>
		list.toSorted((a, b) => (b[key] ?? 0) - (a[key] ?? 0))[0]
	const over = (list: SlowRow[], key: Key, budget: number) => {
		const late = list.filter((r) => (r[key] ?? 0) > budget)
		return late.length ? `; over: ${late.map((r) => figure(r, key)).join(', ')}` : ''
	}
	const js = rows.filter((r) => r.mode === 'js')
	const warmest = worst(rows, 'warm')
	const coldest = worst(js, 'cold')
	const coldestInSession = worst(js, 'coldInSession')
	const home = rows.find((r) => r.page === '/' && r.mode === 'no-js')
	const cls = rows.filter((r) => r.page === CLASS_LIST)
	const lines = [
		`Presenter +${SLOW_PRESENTER_MS} ms a call; wall time in round trips [critical-path depth]; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores:`,
		`- warm, every page, JS and no JS (budget ${SLOW_BUDGET.warm.toFixed(2)}): worst ${warmest ? figure(warmest, 'warm') : '-'}${over(rows, 'warm', SLOW_BUDGET.warm)}`,
		`- cold with JS, the first page after sign-in (budget ${SLOW_BUDGET.coldJs}): worst ${coldest ? figure(coldest, 'cold') : '-'}${over(js, 'cold', SLOW_BUDGET.coldJs)}`,
		`- cold with JS, first visited after another page (budget ${SLOW_BUDGET.coldJs}): worst ${coldestInSession ? figure(coldestInSession, 'coldInSession') : '-'}${over(js, 'coldInSession', SLOW_BUDGET.coldJs)}`,
		`- first home page without JS after sign-in (budget ${SLOW_BUDGET.coldNoJs}): ${home ? `${home.cold} [depth ${home.coldDepth}], recently ordered ${home.recent === 'shown' ? 'in the page' : 'as its link (still being gathered)'}` : '-'}`,
		`- ${CLASS_LIST} warm asks the presenter only: ${[...new Set(cls.flatMap((r) => r.warmCalls))].join(', ') || 'nothing'}`,
	]
	return { lines, met: rows.every((r) => r.ok) }
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
		console.log(
			`\nWall time in round trips [depth], presenter +${SLOW_PRESENTER_MS} ms a call, median of ${SAMPLES}`,
		)
		console.table(
			slow.map((r) => ({
				page: r.page,
				mode: r.mode,
				cold: `${r.cold} [${r.coldDepth}]`,
				'cold in session':
					r.coldInSession === undefined ? '' : `${r.coldInSession} [${r.coldInSessionDepth}]`,
				warm: `${r.warm} [${r.warmDepth}]`,
				'warm asks': r.warmCalls.join(' '),
				ok: r.ok ? 'ok' : 'over',
			})),
		)
		const summary = slowSummary(slow)
		console.log(`\n${summary.lines.join('\n')}`)
		if (!summary.met) process.exitCode = 1
	} finally {
		await portal.stop()
	}
}
