/**
 * Scale (issue 29): the same pages through nginx with one portal instance, then two, in interleaved
 * rounds (1, 2, 1, 2...), on one cluster (scripts/cluster.ts: nginx, PostgreSQL, the sandbox
 * presenter as its own process). The one-instance rounds stop the second instance (SIGTERM) and
 * the two-instance rounds start it again, so nginx, the store, the sandbox and the signed-in
 * session stay the same. Pages: the product list and the home page, signed in. For each: req/s,
 * p50 and p99, and two ÷ one. Then a round with both instances in which one is killed (SIGKILL)
 * a third of the way in and started again after: its p99 and its errors (answers other than 2xx
 * and requests without an answer).
 *
 * A measurement, not a test: `npm run bench:scale` (never in CI). SCALE_SECONDS (10 per page and
 * round), SCALE_ROUNDS (2, each one then two), SCALE_CONNECTIONS (20).
 *
 * What limits the ratio here: this machine has two cores, and everything shares them, the load
 * generator (autocannon in this process), nginx, the sandbox presenter (every page calls it, one
 * Node process), PostgreSQL (the session and cache reads of every request) and the instances. One
 * instance already has the other processes eating into both cores, so a second instance adds a
 * second portal process but no second machine: the ratio says how much of one instance's time
 * was the portal's own work that a second process could take over, not how two machines scale.
 * On separate machines, with the presenter and the store on their own, the ratio would be
 * bounded by them instead.
 */
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import { type Cluster, ensureBuild, startCluster } from '#scripts/cluster.ts'
import { signIn } from './servers.ts'

const env = process.env
const SECONDS = Number(env.SCALE_SECONDS ?? 10)
const ROUNDS = Number(env.SCALE_ROUNDS ?? 2)
const CONNECTIONS = Number(env.SCALE_CONNECTIONS ?? 20)
const PAGES = ['/products/HWR/FAS/NAI', '/'] as const
/** What a browser sends: compression is part of what is measured. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Run = { 'req/s': number; 'p50 ms': number; 'p99 ms': number; 'max ms': number; errors: number }

async function load(url: string, cookie: string, seconds: number): Promise<Run> {
	const result = await autocannon({
		url,
		connections: CONNECTIONS,
		duration: seconds,
		timeout: 30,
		headers: { 'accept-encoding': ACCEPT_ENCODING, cookie },
	})
	return {
		'req/s': Math.round(result.requests.total / result.duration),
		'p50 ms': result.latency.p50,
		'p99 ms': result.latency.p99,
		'max ms': result.latency.max,
		errors: result.non2xx + result.errors,
	}
}

/** Resolves once nginx sends requests to `name` again (it leaves a failed one out for a while). */
async function servedBy(cluster: Cluster, cookie: string, name: string) {
	for (let i = 0; i < 200; i++) {
		const response = await fetch(`${cluster.url}/healthcheck`, { headers: { cookie } })
		await response.body?.cancel()
		if (response.headers.get('x-portal-instance') === name) return
		await sleep(100)
	}
	throw new Error(`nginx did not send requests to ${name} again`)
}

/** One instance (the second stopped) or both. */
async function runInstances(cluster: Cluster, cookie: string, count: 1 | 2) {
	const second = cluster.instances[1]!
	if (count === 1 && second.running()) await second.stop('SIGTERM')
	if (count === 2 && !second.running()) {
		await second.start()
		await servedBy(cluster, cookie, second.name)
	}
}

ensureBuild()
console.log('Starting the cluster (PostgreSQL, the sandbox, two instances, nginx)...')
const cluster = await startCluster()
try {
	const cookie = await signIn(cluster.url)
	for (const page of PAGES) {
		const response = await fetch(cluster.url + page, { headers: { cookie }, redirect: 'manual' })
		await response.body?.cancel()
		// A redirect to sign in would measure the wrong page.
		if (response.status !== 200) throw new Error(`${page} answered HTTP ${response.status}`)
	}
	// Whatever else runs here shares the two cores: the load average says how busy it was.
	const busy = () =>
		loadavg()
			.map((n) => n.toFixed(1))
			.join(', ')
	console.log(`Load average before: ${busy()}`)
	console.log(
		`${SECONDS} s per page and round, ${CONNECTIONS} connections, rounds: ${Array.from({ length: ROUNDS }, () => '1, 2').join(', ')} instances`,
	)

	const rows: Array<{ round: number; instances: number; page: string } & Run> = []
	for (let round = 1; round <= ROUNDS; round++) {
		for (const instances of [1, 2] as const) {
			await runInstances(cluster, cookie, instances)
			// A short warm-up: a started instance fills its caches and JITs first.
			for (const page of PAGES) await load(cluster.url + page, cookie, 2)
			for (const page of PAGES)
				rows.push({ round, instances, page, ...(await load(cluster.url + page, cookie, SECONDS)) })
		}
	}
	console.log('\nEach round:')
	console.table(rows)

	const median = (values: number[]) => {
		const sorted = values.toSorted((a, b) => a - b)
		const mid = sorted.length >> 1
		return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
	}
	const of = (page: string, instances: number) =>
		rows.filter((r) => r.page === page && r.instances === instances)
	const summary = PAGES.map((page) => {
		const [one, two] = [of(page, 1), of(page, 2)]
		const rps = (list: typeof one) => median(list.map((r) => r['req/s']))
		return {
			page,
			'1: req/s': rps(one),
			'1: p50 ms': median(one.map((r) => r['p50 ms'])),
			'1: p99 ms': median(one.map((r) => r['p99 ms'])),
			'2: req/s': rps(two),
			'2: p50 ms': median(two.map((r) => r['p50 ms'])),
			'2: p99 ms': median(two.map((r) => r['p99 ms'])),
			'two ÷ one': Number((rps(two) / rps(one)).toFixed(2)),
			errors: [...one, ...two].reduce((n, r) => n + r.errors, 0),
		}
	})
	console.log('\nMedians of the rounds (req/s, p50, p99), one instance and two:')
	console.table(summary)

	// A kill: both instances serve the product list; a third of the way in, one is killed.
	await runInstances(cluster, cookie, 2)
	const [victim] = cluster.instances
	await load(cluster.url + PAGES[0], cookie, 2)
	const steady = await load(cluster.url + PAGES[0], cookie, SECONDS)
	const during = load(cluster.url + PAGES[0], cookie, SECONDS)
	await sleep((SECONDS * 1000) / 3)
	await victim!.stop('SIGKILL')
	const killed = await during
	await victim!.start()
	console.log(
		`\nThe product list with two instances, and with ${victim!.name} killed (SIGKILL) a third of the way in:`,
	)
	console.table({ 'two instances': steady, 'one killed mid-round': killed })
	console.log(`Load average after: ${busy()}`)
} finally {
	await cluster.stop()
}
