/**
 * The quick order measurement (issue 15): how long the portal takes to check a 500-line quick
 * order against the sandbox presenter, from the POST to the complete confirmation page. The first
 * check is cold (nothing cached for the session); later ones reuse the session's read cache.
 * The target is 2 s cold (docs/decisions/023-quick-order-and-reorder.md).
 * Part of `npm run bench`; alone: `npm run build && npm run bench:quick-order`.
 *
 * BENCH_LINES (500), BENCH_RUNS (5), BENCH_PORT (3460).
 */
import { openDatabase } from '#server/sandbox/schema.ts'
import { startPortal } from '#tests/utils/portal.ts'
import { signIn } from './servers.ts'

const LINES = Number(process.env.BENCH_LINES ?? 500)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const PORT = Number(process.env.BENCH_PORT ?? 3460)
const TARGET_MS = 2_000

/** The lines: catalogue products (tally ones by a stock length) and one unknown SKU in 50. */
function orderText(lines: number) {
	// The sandbox seeds the same catalogue every time: read it from a fresh copy.
	const db = openDatabase(':memory:')
	const products = db
		.prepare(
			`SELECT p.productID, p.isTally, (SELECT min(length) FROM tally_lengths t WHERE t.productID = p.productID) AS length
			 FROM products p WHERE p.prodCategory IS NOT NULL ORDER BY p.productID LIMIT ?`,
		)
		.all(lines) as Array<{ productID: string; isTally: number; length: number | null }>
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

export type QuickOrderResult = {
	lines: number
	ready: string
	'cold ms': number
	'warm median ms': number
	'target ms': number
	within: boolean
}

/** Checks `lines` lines `runs` times for the signed-in `cookie`: the first cold, the rest warm. */
export async function measureQuickOrder(
	base: string,
	cookie: string,
	lines: number,
	runs: number,
): Promise<QuickOrderResult> {
	const text = orderText(lines)
	const times: number[] = []
	let ready = ''
	for (let run = 0; run < runs; run++) {
		const start = performance.now()
		const response = await fetch(`${base}/quick-order`, {
			method: 'POST',
			headers: { Cookie: cookie },
			body: new URLSearchParams({ intent: 'check', lines: text }),
		})
		const page = (await response.text()).replaceAll('<!-- -->', '')
		times.push(performance.now() - start)
		const found = /(\d+) of (\d+) lines ready/.exec(page)
		if (response.status !== 200 || !found) throw new Error(`check failed: HTTP ${response.status}`)
		ready = found[0]
	}
	const [cold, ...warm] = times
	const median = warm.sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? cold!
	return {
		lines,
		ready,
		'cold ms': Math.round(cold!),
		'warm median ms': Math.round(median),
		'target ms': TARGET_MS,
		within: cold! <= TARGET_MS,
	}
}

if (import.meta.main) {
	const portal = await startPortal(PORT)
	try {
		const result = await measureQuickOrder(portal.url, await signIn(portal.url), LINES, RUNS)
		console.log(
			`quick order check, ${LINES} lines (${result.ready}): cold ${result['cold ms']} ms, ` +
				`warm median ${result['warm median ms']} ms`,
		)
		console.log(
			result.within ? `within the ${TARGET_MS} ms target` : `OVER the ${TARGET_MS} ms target`,
		)
		if (!result.within) process.exitCode = 1
	} finally {
		await portal.stop()
	}
}
