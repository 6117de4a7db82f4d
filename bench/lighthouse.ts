/**
 * Lighthouse mobile (its default: an emulated phone, simulated slow 4G and CPU) on key pages, in
 * Debian's chromium with the project's launch flags (ARCHITECTURE.md §6). Signed-in pages get the
 * session cookie as an extra header, with the cookie a browser with JS has announced itself by.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/utils/chromium.ts'

export const LIGHTHOUSE_PAGES = [
	'/login',
	'/',
	'/products/TIM/FRM',
	'/products/TIM/FRM?product=TH2F004',
	'/search?value=decking',
	'/cart',
	'/checkout',
	'/orders',
]

export type LighthouseRow = {
	page: string
	performance: number
	accessibility: number
	'FCP ms': number
	'LCP ms': number
	'TBT ms': number
	CLS: number
	/** The accessibility audits the page fails. */
	'a11y fails': string
	/** Why the run is not to be trusted (a redirect, a Lighthouse error), else ''. */
	problem: string
}

/**
 * One page in a fresh browser (an empty cookie jar: nothing left by the page before), run again
 * once when Lighthouse itself asks for it (a trace it failed to record).
 */
async function audit(url: string, cookie: string, retries = 1) {
	const chrome = await chromeLauncher.launch({
		chromePath: CHROMIUM_PATH,
		chromeFlags: CHROMIUM_FLAGS,
	})
	try {
		const result = await lighthouse(url, {
			port: chrome.port,
			logLevel: 'error',
			onlyCategories: ['performance', 'accessibility'],
			extraHeaders: { Cookie: cookie },
		})
		if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
		if (!result.lhr.runtimeError || retries === 0) return result.lhr
	} finally {
		chrome.kill()
	}
	return audit(url, cookie, retries - 1)
}

export async function measureLighthouse(base: string, session: string, pages: readonly string[]) {
	const rows: LighthouseRow[] = []
	for (const page of pages) {
		const cookie = page === '/login' ? 'portal_js=1' : `${session}; portal_js=1`
		const lhr = await audit(base + page, cookie)
		const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
		const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0
		const landed = new URL(lhr.finalDisplayedUrl)
		const problem =
			lhr.runtimeError?.message ??
			(landed.pathname + landed.search === page ? '' : `landed on ${landed.pathname}`)
		rows.push({
			page,
			performance: score('performance'),
			accessibility: score('accessibility'),
			'FCP ms': Math.round(metric('first-contentful-paint')),
			'LCP ms': Math.round(metric('largest-contentful-paint')),
			'TBT ms': Math.round(metric('total-blocking-time')),
			CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
			'a11y fails': (lhr.categories.accessibility?.auditRefs ?? [])
				.filter((ref) => (lhr.audits[ref.id]?.score ?? 1) < 1)
				.map((ref) => ref.id)
				.join(', '),
			problem,
		})
	}
	return rows
}
