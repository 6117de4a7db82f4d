/**
 * Throughput: autocannon against signed-in portal pages and the floor, interleaved in short turns
 * (a page, its ceiling, the floor, again and again, then the next page) so each page is compared
 * with the floor under the same load from whatever else runs on the machine. The ceiling is the floor
 * rendering that page's markup and nothing else (docs/decisions/033-throughput-ceiling.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { MARKUP_DIR } from './servers.ts'

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
	/** The floor serving this page's markup alone: what the page's size allows at best. */
	'ceiling ÷ floor': number
}

/** The file name a page's captured markup is saved under (and the floor's /markup/:page). */
export function markupName(page: string) {
	return page.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home'
}

/** What a browser sends: compression is part of what is measured. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

type Run = { 'req/s': number; 'p50 ms': number; 'p97.5 ms': number; errors: number }

/** One autocannon run; `seconds` may be a fraction. */
async function run(url: string, cookie: string | null, seconds: number, connections: number) {
	const result = await autocannon({
		url,
		connections,
		duration: seconds,
		headers: { 'accept-encoding': ACCEPT_ENCODING, ...(cookie ? { cookie } : {}) },
	})
	return {
		requests: result.requests.total,
		seconds: result.duration,
		p50: result.latency.p50,
		p97_5: result.latency.p97_5,
		errors: result.non2xx + result.errors,
	}
}

/** How long one slice lasts: the targets of a comparison take turns this often. */
const SLICE_SECONDS = 2

/**
 * Runs the targets in turns of SLICE_SECONDS until each has had `seconds`: the machine's speed
 * drifts by a quarter and more over tens of seconds here, and turns this short put every target
 * under nearly the same drift. req/s is each target's requests over its time; p50 and p97.5 are
 * the medians of its slices'.
 */
async function compare(
	targets: ReadonlyArray<{ url: string; cookie: string | null }>,
	seconds: number,
	connections: number,
): Promise<Run[]> {
	const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS))
	const runs = targets.map(() => [] as Array<Awaited<ReturnType<typeof run>>>)
	for (let slice = 0; slice < slices; slice++)
		for (const [i, { url, cookie }] of targets.entries())
			runs[i]!.push(await run(url, cookie, seconds / slices, connections))
	const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!
	return runs.map((slices) => ({
		'req/s': Math.round(
			slices.reduce((n, r) => n + r.requests, 0) / slices.reduce((n, r) => n + r.seconds, 0),
		),
		'p50 ms': median(slices.map((r) => r.p50)),
		'p97.5 ms': median(slices.map((r) => r.p97_5)),
		errors: slices.reduce((n, r) => n + r.errors, 0),
	}))
}

export async function measureThroughput(options: {
	portal: string
	floor: string
	/** The ceiling app (bench/ceiling/): a page's markup alone. */
	ceiling: string
	cookie: string
	pages: readonly string[]
	seconds: number
	connections: number
	rounds: number
	/** Rounds run first and left out of the figures. */
	warmupRounds: number
}) {
	const { portal, floor, cookie, pages, seconds, connections, rounds, warmupRounds } = options
	// Each page must answer 200 to this cookie: a redirect to /login would measure the wrong page.
	// Its markup is saved for the floor to render as the page's ceiling.
	mkdirSync(MARKUP_DIR, { recursive: true })
	for (const page of pages) {
		const response = await fetch(portal + page, { headers: { cookie }, redirect: 'manual' })
		const html = await response.text()
		if (response.status !== 200) throw new Error(`${page} answered HTTP ${response.status}`)
		writeFileSync(path.join(MARKUP_DIR, `${markupName(page)}.html`), html)
	}
	const ceiling = (page: string) => `${options.ceiling}/markup/${markupName(page)}`
	// A short warm-up each: the first requests fill caches and JIT the server.
	await run(floor, null, 1, 2)
	for (const page of pages) {
		await run(portal + page, cookie, 1, 2)
		await run(ceiling(page), null, 1, 2)
	}

	// Then whole rounds that are not counted. A server here goes on speeding up for tens of seconds
	// of load: from a fresh start in 2 s turns the floor answered 844 requests a second at first and
	// about 1,380 after 16 s. With only the short warm-up, the first round caught the floor slow and
	// every page's first-round ratio came out above all its later rounds' (the list 0.50, then 0.36
	// to 0.41). Loading each target for 20 s beforehand did not help (the floor 860 req/s in the
	// first round, 1,147 in the second); an interleaved round does.
	const rows: ThroughputRow[] = []
	for (let round = 1 - warmupRounds; round <= rounds; round++) {
		for (const page of pages) {
			const [measured, best, base] = await compare(
				[
					{ url: portal + page, cookie },
					{ url: ceiling(page), cookie: null },
					{ url: floor, cookie: null },
				],
				seconds,
				connections,
			)
			if (round < 1) continue
			const share = (r: Run) =>
				base!['req/s'] ? Number((r['req/s'] / base!['req/s']).toFixed(2)) : 0
			rows.push({
				round,
				page,
				...measured!,
				errors: measured!.errors + best!.errors + base!.errors,
				'floor req/s': base!['req/s'],
				'÷ floor': share(measured!),
				'ceiling ÷ floor': share(best!),
			})
		}
	}
	return rows
}
