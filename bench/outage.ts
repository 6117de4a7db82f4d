/**
 * The outage measurement (docs/decisions/064-presenter-outages.md): N signed-in users read their
 * pages while the presenter answers, then the presenter hangs for T seconds (longer than every
 * cache time: the portal's read caches are emptied when it starts), then answers again. It reports
 * page times before, during (and once the breaker is open) and after the outage, the 5xx answers
 * to pages each user had read before, and the time of a page that needs nothing from the presenter.
 * Each user also fills a cart and opens checkout before the outage, and once the breaker is open
 * sends the order with 'Send when the system is back': after the outage it counts the orders kept,
 * placed, doubled and lost (each user's order carries its own reference).
 * A measurement, not a test: `npm run build && npm run bench:outage`, and on the cluster (two
 * instances behind nginx on PostgreSQL, the sandbox its own process) with BENCH_CLUSTER=1.
 *
 * BENCH_USERS (20), BENCH_HANG_SECONDS (60), BENCH_WARM_SECONDS (10), BENCH_PORT (a free one),
 * BENCH_CLUSTER (unset).
 */
import { startCluster } from '#scripts/cluster.ts'
import { startPortal } from '#tests/utils/portal.ts'

const env = process.env
const USERS = Number(env.BENCH_USERS ?? 20)
const HANG_SECONDS = Number(env.BENCH_HANG_SECONDS ?? 60)
const WARM_SECONDS = Number(env.BENCH_WARM_SECONDS ?? 10)
/** Past the breaker's open time (20 s), so a probe has found the presenter back. */
const AFTER_SECONDS = 30
/** A free port when not given (something else may hold any fixed one). */
const PORT = env.BENCH_PORT ? Number(env.BENCH_PORT) : undefined
const CLUSTER = Boolean(env.BENCH_CLUSTER)
/** The portal's presenter timeout: what a call to a hanging presenter costs until the breaker opens. */
const PRESENTER_TIMEOUT_MS = 4_000
const PAGES = ['/', '/products/HWR/FAS/NAI', '/cart', '/orders', '/invoices', '/statements']
const BANNER = 'Our ordering system is unavailable'

type Phase = 'warm' | 'down' | 'after'
type Sample = {
	user: number

	phase: Phase
	path: string
	start: number
	ms: number
	status: number
	banner: boolean
	/** The page's heading, for an answer that is not a page's own (5xx). */
	heading: string
}
const samples: Sample[] = []
let phase: Phase = 'warm'
/** Orders the portal kept ('Send when the system is back' answered with Waiting to be sent). */
let kept = 0

function browser(base: string, index: number) {
	let cookie = ''
	let page = ''
	const request = async function request(path: string, form?: Record<string, string>) {
		const start = Date.now()
		const t = performance.now()
		const at = phase
		let status = 0
		let body = ''
		try {
			const response = await fetch(base + path, {
				method: form ? 'POST' : 'GET',
				headers: cookie ? { Cookie: cookie } : {},
				body: form ? new URLSearchParams(form) : undefined,
				redirect: 'manual',
				signal: AbortSignal.timeout(30_000),
			})
			body = await response.text()
			page = body
			status = response.status
			const set = response.headers.getSetCookie().find((c) => c.startsWith('__portal='))
			if (set) cookie = set.split(';')[0]!
		} catch {
			status = 0
		}
		if (!form)
			samples.push({
				user: index,
				phase: at,
				path,
				start,
				ms: performance.now() - t,
				status,
				banner: body.includes(BANNER),
				heading: /<h1[^>]*>(.*?)<\/h1>/s.exec(body)?.[1]?.replace(/<[^>]+>/g, '') ?? '',
			})
		return status
	}
	return Object.assign(request, { page: () => page })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** What a checkout page's form carries: its attempt, the total shown, the first branch. */
function checkoutForm(html: string, index: number): Record<string, string> {
	const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
	return {
		attempt: value('attempt'),
		shownTotal: value('shownTotal'),
		'shipping.despatchType': 'PICKUP',
		'shipping.deliveryTo': 'Site office',
		'shipping.reference': `Bench ${index}`,
		'delivery.branch': /<option value="(\d+)"[^>]*>Alexandria</.exec(html)?.[1] ?? '',
		'delivery.contactName': 'Sarah Mitchell',
		'delivery.contactPhone': '0412 000 111',
		'delivery.requiredDate': new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
		'delivery.requiredTime': '7:30',
		transactionType: 'Queue',
	}
}

async function user(base: string, index: number, until: () => boolean) {
	const request = browser(base, index)
	for (
		let tries = 0;
		(await request('/login', { username: 'demo', password: 'demo' })) !== 302;
		tries++
	) {
		if (tries === 10) throw new Error(`user ${index} could not sign in`)
		await sleep(200)
	}
	// A cart, and its checkout read, before the outage (users a moment apart, as people are).
	await sleep(index * 200)
	const list = '/products/HWR/FAS/NAI'
	await request(list, {
		intent: 'add-to-cart',
		productID: 'HNAI001',
		uom: 'BOX',
		quantity: String(1 + index),
		redirectTo: list,
	})
	await request('/checkout')
	const attempt = checkoutForm(request.page(), index).attempt ?? ''
	// Pickup chosen ('Update' without JS): the page lists the branches.
	await request('/checkout', { attempt, 'shipping.despatchType': 'PICKUP', intent: 'refresh' })
	const order = checkoutForm(request.page(), index)
	let sent = false
	for (let i = index; !until(); i++) {
		await request(PAGES[i % PAGES.length]!)
		// The breaker is open (the page says the system is away): send the order for later.
		if (!sent && phase === 'down' && request.page().includes(BANNER)) {
			sent = true
			if ((await request('/checkout', order)) === 302) kept++
		}
	}
}

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

const settings = {
	PRESENTER_TIMEOUT_MS: String(PRESENTER_TIMEOUT_MS),
	PRESENTER_RETRY_BASE_MS: '100',
	// As deployed: the breaker's open time and the kept orders' retry.
	PRESENTER_BREAKER_OPEN_MS: '20000',
	QUEUED_ORDERS_EVERY_MS: '60000',
}
const portal = CLUSTER
	? await startCluster({ port: PORT, env: settings, log: env.BENCH_LOG === '1' }).then((c) => ({
			url: c.url,
			control: `${c.sandboxUrl}/__sandbox`,
			stop: c.stop,
		}))
	: await startPortal(PORT, settings).then((p) => ({
			url: p.url,
			control: `${p.url}/__sandbox`,
			stop: p.stop,
		}))
try {
	const control = async (path: string, body: unknown) => {
		const response = await fetch(`${portal.control}${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		})
		if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
	}
	await control('/reset', {})
	type Placed = { transactionNumber: number; customerOrderNumber: string }
	const transactions = async (after = 0) => {
		const response = await fetch(`${portal.control}/transactions?username=demo&after=${after}`)
		return ((await response.json()) as { transactions: Placed[] }).transactions
	}
	const lastBefore = (await transactions())[0]?.transactionNumber ?? 0
	let done = false
	const users = Promise.all(
		Array.from({ length: USERS }, (_, i) => user(portal.url, i, () => done)),
	)
	// A page that needs nothing from the presenter, timed alongside.
	const health = (async () => {
		while (!done) {
			const t = performance.now()
			const status = await fetch(`${portal.url}/healthcheck`).then(
				(r) => r.status,
				() => 0,
			)
			samples.push({
				user: -1,
				phase,
				path: '/healthcheck',
				start: Date.now(),
				ms: performance.now() - t,
				status,
				banner: false,
				heading: '',
			})
			await sleep(250)
		}
	})()
	await sleep(WARM_SECONDS * 1000)
	console.log(
		`${USERS} users; the presenter hangs for ${HANG_SECONDS} s (timeout ${PRESENTER_TIMEOUT_MS} ms)`,
	)
	phase = 'down'
	const downAt = Date.now()
	await control('/faults', { down: 'hang', outlastCaches: true })
	await sleep(HANG_SECONDS * 1000)
	await control('/faults', {})
	phase = 'after'
	await sleep(AFTER_SECONDS * 1000)
	done = true
	await Promise.all([users, health])

	const pages = (which: (s: Sample) => boolean) =>
		samples.filter((s) => s.path !== '/healthcheck' && which(s))
	// The breaker is open from the first answer with the banner on.
	const firstBanner = samples.filter((s) => s.phase === 'down' && s.banner).map((s) => s.start)
	const openAt = firstBanner.length ? Math.min(...firstBanner) : Infinity
	const row = (list: Sample[]) => {
		const ms = list.map((s) => s.ms)
		return {
			requests: ms.length,
			'p50 ms': Math.round(percentile(ms, 50)),
			'p95 ms': Math.round(percentile(ms, 95)),
			'p99 ms': Math.round(percentile(ms, 99)),
			'max ms': Math.round(Math.max(0, ...ms)),
			'5xx': list.filter((s) => s.status >= 500).length,
			'no answer': list.filter((s) => s.status === 0).length,
			'with banner': list.filter((s) => s.banner).length,
		}
	}
	const readBefore = new Set(
		pages((s) => s.phase === 'warm' && s.status === 200).map((s) => `${s.user} ${s.path}`),
	)
	const before = (s: Sample) => readBefore.has(`${s.user} ${s.path}`)
	console.table({
		'pages, presenter answering': row(pages((s) => s.phase === 'warm')),
		'pages, presenter hanging': row(pages((s) => s.phase === 'down')),
		'pages read before, hanging': row(pages((s) => s.phase === 'down' && before(s))),
		'pages never read, hanging': row(pages((s) => s.phase === 'down' && !before(s))),
		'pages, breaker open': row(pages((s) => s.phase === 'down' && s.start >= openAt)),
		'pages, presenter back': row(pages((s) => s.phase === 'after')),
		'/healthcheck (a read with a copy), hanging': row(
			samples.filter((s) => s.path === '/healthcheck' && s.phase === 'down'),
		),
	})
	const failed = pages((s) => s.status >= 500)
	if (failed.length)
		console.table(
			failed.map((s) => ({
				phase: s.phase,
				path: s.path,
				status: s.status,
				's after the outage began': ((s.start - downAt) / 1000).toFixed(1),
				heading: s.heading,
			})),
		)
	console.log(
		`breaker open (first banner) ${((openAt - downAt) / 1000).toFixed(1)} s after the presenter began to hang`,
	)
	const references = (await transactions(lastBefore))
		.map((t) => t.customerOrderNumber)
		.filter((r) => r.startsWith('Bench '))
	const placed = new Set(references).size
	console.table({
		'orders kept while down': { orders: kept },
		'placed after the presenter came back': { orders: placed },
		doubled: { orders: references.length - placed },
		lost: { orders: kept - placed },
	})
	if (references.length !== placed || placed !== kept) process.exitCode = 1
	if (pages((s) => s.phase === 'down' && before(s)).some((s) => s.status >= 500))
		process.exitCode = 1
} finally {
	await portal.stop()
}
