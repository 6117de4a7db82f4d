/**
 * Lighthouse mobile (its default: an emulated phone, simulated slow 4G and CPU) on key pages, in
 * Debian's chromium with the project's launch flags (tests/utils/chromium.ts). Signed-in pages get the
 * session cookie as an extra header, with the cookie a browser with JS has announced itself by.
 */
import { chromium } from '@playwright/test'
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
	/**
	 * 'none': a first visit (Lighthouse's storage reset: no service worker). 'installed': the same
	 * page again in the same browser, storage kept, with the portal's service worker running.
	 */
	worker: 'none' | 'installed'
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

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

/** The service workers running in the browser on `port` (the DevTools target list). */
async function workers(port: number) {
	const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
		type: string
	}[]
	return targets.filter((t) => t.type === 'service_worker').length
}

/**
 * One page in a fresh browser (an empty cookie jar: nothing left by the page before): a first
 * visit, then the same page again with the service worker the first visit installed (issue 31).
 * The whole page runs again once when Lighthouse itself asks for it (a trace it failed to record).
 */
async function audit(url: string, cookie: string, retries = 1): Promise<[Lhr, Lhr, number]> {
	const chrome = await chromeLauncher.launch({
		chromePath: CHROMIUM_PATH,
		chromeFlags: CHROMIUM_FLAGS,
	})
	try {
		const run = async (disableStorageReset: boolean) => {
			const result = await lighthouse(url, {
				port: chrome.port,
				logLevel: 'error',
				onlyCategories: ['performance', 'accessibility'],
				extraHeaders: { Cookie: cookie },
				disableStorageReset,
			})
			if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
			return result.lhr
		}
		const first = await run(false)
		// The worker fetches pages itself, without Lighthouse's extra headers: the session goes into
		// the browser's cookie jar, as a signed-in browser has it.
		const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
		await browser.contexts()[0]!.addCookies(
			cookie.split('; ').map((pair) => {
				const [name = '', value = ''] = pair.split('=')
				return { name, value, url: new URL(url).origin }
			}),
		)
		await browser.close()
		const again = await run(true)
		const running = await workers(chrome.port)
		if ((!first.runtimeError && !again.runtimeError) || retries === 0)
			return [first, again, running]
	} finally {
		chrome.kill()
	}
	return audit(url, cookie, retries - 1)
}

function row(page: string, lhr: Lhr, worker: LighthouseRow['worker'], problem: string) {
	const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
	const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0
	const landed = new URL(lhr.finalDisplayedUrl)
	return {
		page,
		worker,
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
		problem:
			lhr.runtimeError?.message ??
			(landed.pathname + landed.search === page ? problem : `landed on ${landed.pathname}`),
	}
}

export async function measureLighthouse(base: string, session: string, pages: readonly string[]) {
	const rows: LighthouseRow[] = []
	for (const page of pages) {
		const cookie = page === '/login' ? 'portal_js=1' : `${session}; portal_js=1`
		const [first, again, running] = await audit(base + page, cookie)
		rows.push(
			row(page, first, 'none', ''),
			row(page, again, 'installed', running ? '' : 'no service worker was running'),
		)
	}
	return rows
}
