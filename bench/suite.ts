/**
 * The performance suite (issue 14, docs/decisions/029-performance-bench.md): the production build
 * measured against the floor, a bare React Router app served the same way (bench/floor/).
 * Tables on stdout, everything in bench/results/<time>.json (ignored).
 *
 *   npm run bench                  build, then the full suite (about 7 minutes)
 *   npm run bench -- --smoke       very short runs that check the suite works (CI; BENCH_SMOKE=1)
 *   npm run bench -- --only=bytes  some parts: round-trips, slow-presenter (not in --smoke), bytes,
 *                                  throughput, lighthouse, quick-order
 *
 * A measurement, never a timed test: the budgets are reported, not enforced. It fails (exit 1) only
 * when a page breaks the round-trip rule or a measurement is invalid (an error answer, a page that
 * redirected).
 * BENCH_PORT (3470; the floor and the ceiling app on the next two ports), BENCH_SECONDS (10), BENCH_CONNECTIONS (20),
 * BENCH_ROUNDS (2; the budgets table takes each page's median ratio), BENCH_WARMUP_ROUNDS (1: throughput
 * rounds run first and not counted).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { startPortal } from '#tests/utils/portal.ts'
import { BUDGET, floorJs, LIST_PAGE, measureBytes } from './bytes.ts'
import { LIGHTHOUSE_PAGES, measureLighthouse } from './lighthouse.ts'
import { measureQuickOrder } from './quick-order.ts'
import {
	measureRoundTrips,
	measureSlowPresenter,
	slowSummary,
	SLOW_PRESENTER_MS,
} from './round-trips.ts'
import { addToCart, buildFloor, signIn, startFloor } from './servers.ts'
import { measureThroughput } from './throughput.ts'

const PARTS = [
	'round-trips',
	'slow-presenter',
	'bytes',
	'throughput',
	'lighthouse',
	'quick-order',
] as const
const env = process.env
const args = process.argv.slice(2)
const smoke = args.includes('--smoke') || env.BENCH_SMOKE === '1'
const only = args
	.find((a) => a.startsWith('--only='))
	?.slice('--only='.length)
	.split(',')
type Part = (typeof PARTS)[number]
const unknown = only?.filter((p) => !PARTS.includes(p as Part))
if (unknown?.length) throw new Error(`Unknown parts: ${unknown.join(', ')} (known: ${PARTS})`)

const PORT = Number(env.BENCH_PORT ?? 3470)
const settings = {
	smoke,
	seconds: smoke ? 1 : Number(env.BENCH_SECONDS ?? 10),
	connections: smoke ? 2 : Number(env.BENCH_CONNECTIONS ?? 20),
	rounds: smoke ? 1 : Number(env.BENCH_ROUNDS ?? 2),
	warmupRounds: smoke ? 0 : Number(env.BENCH_WARMUP_ROUNDS ?? 1),
	throughputPages: ['/products/TIM/FRM', '/', '/orders', '/cart'],
	lighthousePages: smoke ? ['/products/TIM/FRM'] : LIGHTHOUSE_PAGES,
	quickOrder: smoke ? { lines: 50, runs: 2 } : { lines: 500, runs: 5 },
}

/** The load average when the run started: other work on the machine shows in every figure. */
const machine = { cores: availableParallelism(), load: loadavg(), node: process.version }
const results: Record<string, unknown> = { date: new Date().toISOString(), machine, settings }
/** Why the run fails: rule breaks and invalid measurements, never a budget. */
const failures: string[] = []
const budgets: Array<{ budget: string; measured: string; met: boolean }> = []

/** Runs a wanted part; one that throws is a failure, and the others still run. */
async function part(name: Part, measure: () => Promise<void>) {
	if (only && !only.includes(name)) return
	try {
		await measure()
	} catch (error) {
		failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
	}
}

function section(title: string, rows: object[]) {
	console.log(`\n${title}`)
	console.table(rows)
}

function median(values: number[]) {
	const sorted = values.toSorted((a, b) => a - b)
	const mid = Math.floor(sorted.length / 2)
	const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
	return Number(value.toFixed(2))
}

console.log(
	`${machine.cores} cores, load average ${machine.load.map((l) => l.toFixed(1)).join(' ')}`,
)
buildFloor()
// The production presenter timeout and retry delays, not the tests' short ones.
const portal = await startPortal(PORT, {
	PRESENTER_TIMEOUT_MS: '15000',
	PRESENTER_RETRY_BASE_MS: '1000',
})
const [floor, ceiling] = await Promise.all([
	startFloor(PORT + 1),
	startFloor(PORT + 2, 'ceiling'),
]).catch(async (error: unknown) => {
	await portal.stop()
	throw error
})
try {
	await part('round-trips', async () => {
		const rows = await measureRoundTrips(portal.url)
		results.roundTrips = rows
		section(
			'Presenter round trips (calls / critical-path depth / depth after the session check)',
			rows.map((r) => ({
				page: r.page,
				status: r.status,
				cold: `${r.cold.calls} / ${r.cold.depth} / ${r.cold.afterCheck}`,
				warm: r.warm ? `${r.warm.calls} / ${r.warm.depth} / ${r.warm.afterCheck}` : '',
				allowed: r.allowed,
				ok: r.ok ? 'ok' : 'FAIL',
			})),
		)
		for (const r of rows.filter((r) => !r.ok))
			failures.push(`${r.page}: more than ${r.allowed} round trip(s) after the session check`)
	})

	// Wall time in round trips with a slow presenter: a budget (machine load moves it), not a rule.
	await part('slow-presenter', async () => {
		if (smoke) return
		const rows = await measureSlowPresenter(portal.url)
		results.slowPresenter = rows
		section(
			`Presenter +${SLOW_PRESENTER_MS} ms a call: wall time in round trips (depth), cold / warm`,
			rows.map((r) => ({
				page: r.page,
				mode: r.mode,
				cold: `${r.cold} (${r.coldDepth})`,
				'cold in session':
					r.coldInSession === undefined ? '' : `${r.coldInSession} (${r.coldInSessionDepth})`,
				warm: `${r.warm} (${r.warmDepth})`,
				'warm asks': r.warmCalls.join(' '),
				ok: r.ok ? 'ok' : 'over',
			})),
		)
		const summary = slowSummary(rows)
		console.log(summary.lines.join('\n'))
		for (const r of rows.filter((r) => r.status !== 200))
			failures.push(`slow presenter: ${r.page} (${r.mode}) answered ${r.status}`)
		budgets.push({
			budget: 'slow presenter: warm ≤ 1 round trip + 30 ms, cold ≤ 1.5 (JS) / 2 (no JS)',
			measured: `${rows.filter((r) => r.ok).length} of ${rows.length} pages`,
			met: summary.met,
		})
	})

	// One signed-in customer with a line in the cart for the rest.
	const session = await signIn(portal.url)
	await addToCart(portal.url, session)

	await part('bytes', async () => {
		const floorJsBytes = await floorJs(floor.url)
		const rows = await measureBytes(portal.url, session, floorJsBytes)
		results.bytes = { floorJsKBGzip: floorJsBytes / 1024, pages: rows }
		section(`Bytes (floor first-load JS ${(floorJsBytes / 1024).toFixed(1)} KB gz)`, rows)
		const worst = (key: 'js over floor KB gz' | 'html+css KB gz') =>
			rows.toSorted((a, b) => b[key] - a[key])[0]!
		const js = worst('js over floor KB gz')
		const htmlCss = worst('html+css KB gz')
		const list = rows.find((r) => r.page === LIST_PAGE)!
		budgets.push(
			{
				budget: `first-load JS ≤ floor + ${BUDGET.jsOverFloorKB} KB gz`,
				measured: `worst ${js.page} +${js['js over floor KB gz']} KB`,
				met: js['js over floor KB gz'] <= BUDGET.jsOverFloorKB,
			},
			{
				budget: `HTML + CSS ≤ ${BUDGET.htmlCssKB} KB gz`,
				measured: `worst ${htmlCss.page} ${htmlCss['html+css KB gz']} KB`,
				met: htmlCss['html+css KB gz'] <= BUDGET.htmlCssKB,
			},
			{
				budget: `list page HTML < ${BUDGET.listHtmlRawKB} KB raw`,
				measured: `${list['html KB']} KB`,
				met: list['html KB'] < BUDGET.listHtmlRawKB,
			},
		)
		for (const r of rows.filter((r) => r.status !== (r.page === '/no-such-page' ? 404 : 200)))
			failures.push(`bytes: ${r.page} answered HTTP ${r.status}`)
	})

	await part('throughput', async () => {
		const rows = await measureThroughput({
			portal: portal.url,
			floor: floor.url,
			ceiling: ceiling.url,
			cookie: session,
			pages: settings.throughputPages,
			...settings,
		})
		results.throughput = rows
		section(
			`Throughput (${settings.seconds} s runs, ${settings.connections} connections, each page then the floor)`,
			rows.map((r) => ({ ...r, errors: r.errors ? `${r.errors} FLAGGED` : 0 })),
		)
		const ratio = (page: string, key: '÷ floor' | 'ceiling ÷ floor' = '÷ floor') =>
			median(rows.filter((r) => r.page === page).map((r) => r[key]))
		for (const [page, floorShare] of [
			['/products/TIM/FRM', 0.5],
			['/', 0.5],
			['/orders', 0.4],
		] as const)
			budgets.push({
				budget: `${page} throughput ≥ ${floorShare} × floor`,
				measured: `${ratio(page)} × (its markup alone: ${ratio(page, 'ceiling ÷ floor')} ×)`,
				met: ratio(page) >= floorShare,
			})
		for (const r of rows.filter((r) => r.errors))
			failures.push(`throughput: ${r.page} (round ${r.round}) had ${r.errors} error answers`)
	})

	await part('lighthouse', async () => {
		const rows = await measureLighthouse(portal.url, session, settings.lighthousePages)
		results.lighthouse = rows
		section('Lighthouse mobile', rows)
		const worst = (key: 'performance' | 'accessibility') =>
			rows.toSorted((a, b) => a[key] - b[key])[0]!
		budgets.push(
			{
				budget: 'Lighthouse performance ≥ 95',
				measured: `worst ${worst('performance').page} ${worst('performance').performance}`,
				met: worst('performance').performance >= 95,
			},
			{
				budget: 'Lighthouse accessibility 100',
				measured: `worst ${worst('accessibility').page} ${worst('accessibility').accessibility}`,
				met: worst('accessibility').accessibility === 100,
			},
		)
		for (const r of rows.filter((r) => r.problem))
			failures.push(`lighthouse: ${r.page}: ${r.problem}`)
	})

	await part('quick-order', async () => {
		const { lines, runs } = settings.quickOrder
		const result = await measureQuickOrder(portal.url, await signIn(portal.url), lines, runs)
		results.quickOrder = result
		section('Quick order check', [result])
	})
} finally {
	await Promise.all([portal.stop(), floor.stop(), ceiling.stop()])
}

if (budgets.length) {
	results.budgets = budgets
	section(
		`Budgets of issue 14 (reported, not enforced${smoke ? '; smoke figures mean nothing' : ''})`,
		budgets.map((b) => ({ ...b, met: b.met ? 'yes' : 'NO' })),
	)
}
results.failures = failures
mkdirSync('bench/results', { recursive: true })
const file = `bench/results/${String(results.date).replaceAll(':', '-')}${smoke ? '-smoke' : ''}.json`
writeFileSync(file, JSON.stringify(results, null, '\t'))
console.log(`\nResults: ${file}`)
if (failures.length) {
	console.error(`\nBench FAILED:\n- ${failures.join('\n- ')}`)
	process.exitCode = 1
}
