/**
 * The quick order measurement (issue 15): how long the portal takes to check a 500-line quick
 * order against the sandbox presenter, from the POST to the complete confirmation page. The first
 * check is cold (nothing cached for the session); later ones reuse the session's read cache.
 * The target is 2 s cold (docs/decisions/023-quick-order-and-reorder.md).
 * A measurement, not a test: `npm run build && npm run bench`.
 *
 * BENCH_LINES (500), BENCH_RUNS (5), BENCH_PORT (3460).
 */
import { openDatabase } from '../server/sandbox/db.ts'
import { startPortal } from '../tests/utils/portal.ts'

const LINES = Number(process.env.BENCH_LINES ?? 500)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const PORT = Number(process.env.BENCH_PORT ?? 3460)
const TARGET_MS = 2_000

/** The lines: catalogue products (tally ones by a stock length) and one unknown SKU in 50. */
function orderText() {
	// The sandbox seeds the same catalogue every time: read it from a fresh copy.
	const db = openDatabase(':memory:')
	const products = db
		.prepare(
			`SELECT p.productID, p.isTally, (SELECT min(length) FROM tally_lengths t WHERE t.productID = p.productID) AS length
			 FROM products p WHERE p.prodCategory IS NOT NULL ORDER BY p.productID LIMIT ?`,
		)
		.all(LINES) as Array<{ productID: string; isTally: number; length: number | null }>
	db.close()
	return products
		.map((p, i) =>
			i % 50 === 49
				? `${p.productID}X ${i + 1}`
				: p.isTally
					? `${p.productID} ${p.length}x${(i % 9) + 1}`
					: `${p.productID} ${(i % 9) + 1}`,
		)
		.join('\n')
}

const text = orderText()
const portal = await startPortal(PORT)
try {
	const signIn = await fetch(`${portal.url}/login`, {
		method: 'POST',
		body: new URLSearchParams({ username: 'demo', password: 'demo' }),
		redirect: 'manual',
	})
	const cookie = signIn.headers
		.getSetCookie()
		.find((c) => c.startsWith('__portal='))
		?.split(';')[0]
	if (signIn.status !== 302 || !cookie) throw new Error(`sign-in failed: HTTP ${signIn.status}`)
	const times: number[] = []
	for (let run = 0; run < RUNS; run++) {
		const start = performance.now()
		const response = await fetch(`${portal.url}/quick-order`, {
			method: 'POST',
			headers: { Cookie: cookie },
			body: new URLSearchParams({ intent: 'check', lines: text }),
		})
		const page = (await response.text()).replaceAll('<!-- -->', '')
		times.push(performance.now() - start)
		const ready = /(\d+) of (\d+) lines ready/.exec(page)
		if (response.status !== 200 || !ready) throw new Error(`check failed: HTTP ${response.status}`)
		if (run === 0) console.log(`${ready[0]} (${LINES} lines posted)`)
	}
	const [cold, ...warm] = times
	const median = warm.sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? cold!
	console.log(
		`quick order check, ${LINES} lines: cold ${cold!.toFixed(0)} ms, warm median ${median.toFixed(0)} ms`,
	)
	console.log(
		cold! <= TARGET_MS ? `within the ${TARGET_MS} ms target` : `OVER the ${TARGET_MS} ms target`,
	)
	if (cold! > TARGET_MS) process.exitCode = 1
} finally {
	await portal.stop()
}
