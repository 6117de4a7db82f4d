/**
 * Throughput: autocannon against signed-in portal pages and the floor, interleaved (a page, then
 * the floor, then the next page, then the floor…) so each page is compared with the floor of its
 * own round, under the same load from whatever else runs on the machine.
 */
import autocannon from 'autocannon'

export type ThroughputRow = {
	round: number
	page: string
	'req/s': number
	'p50 ms': number
	'p97.5 ms': number
	/** Answers other than 2xx and connection errors (timeouts too), of the page's and its floor's
	 * runs: any makes the round suspect. */
	errors: number
	'floor req/s': number
	'÷ floor': number
}

/** What a browser sends: compression is part of what is measured. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

type Run = { 'req/s': number; 'p50 ms': number; 'p97.5 ms': number; errors: number }

async function run(url: string, cookie: string | null, seconds: number, connections: number) {
	const result = await autocannon({
		url,
		connections,
		duration: seconds,
		headers: { 'accept-encoding': ACCEPT_ENCODING, ...(cookie ? { cookie } : {}) },
	})
	return {
		'req/s': Math.round(result.requests.average),
		'p50 ms': result.latency.p50,
		'p97.5 ms': result.latency.p97_5,
		errors: result.non2xx + result.errors,
	} satisfies Run
}

export async function measureThroughput(options: {
	portal: string
	floor: string
	cookie: string
	pages: readonly string[]
	seconds: number
	connections: number
	rounds: number
}) {
	const { portal, floor, cookie, pages, seconds, connections, rounds } = options
	// Each page must answer 200 to this cookie: a redirect to /login would measure the wrong page.
	for (const page of pages) {
		const response = await fetch(portal + page, { headers: { cookie }, redirect: 'manual' })
		await response.body?.cancel()
		if (response.status !== 200) throw new Error(`${page} answered HTTP ${response.status}`)
	}
	// A short warm-up each: the first requests fill caches and JIT the server.
	await run(floor, null, 1, 2)
	for (const page of pages) await run(portal + page, cookie, 1, 2)

	const rows: ThroughputRow[] = []
	for (let round = 1; round <= rounds; round++) {
		for (const page of pages) {
			const measured = await run(portal + page, cookie, seconds, connections)
			const base = await run(floor, null, seconds, connections)
			rows.push({
				round,
				page,
				...measured,
				errors: measured.errors + base.errors,
				'floor req/s': base['req/s'],
				'÷ floor': base['req/s'] ? Number((measured['req/s'] / base['req/s']).toFixed(2)) : 0,
			})
		}
	}
	return rows
}
