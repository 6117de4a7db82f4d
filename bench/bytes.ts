/**
 * Bytes (issue 14): the gzipped JS and CSS each page makes the browser fetch
 * and its HTML, measured on the production builds. The floor's own first-load JS is the baseline:
 * a page may add at most 25 KB gzipped of JS to it; HTML + CSS at most 30 KB gzipped; the product
 * list's HTML stays under 50 KB raw.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Pages to measure: Lighthouse's eight, then one of every other kind of page with a form (the
 * budget holds on every page). The public pages are measured signed out (signed in they redirect
 * home).
 */
const PAGES = [
	'/login',
	'/',
	'/products',
	'/products/TIM/FRM',
	'/products/TIM/FRM?product=TH2F004',
	'/search?value=decking',
	'/cart',
	'/checkout',
	'/orders',
	'/invoices/609593-0',
	'/no-such-page',
	'/register',
	'/register/ask',
	'/quick-order',
	'/invoices',
	'/statements',
	'/statements/2026-09-30',
	'/custom-lists',
	'/pricebook',
	'/pay-account',
	'/admin',
	'/support',
	'/downloads',
	'/jobs',
	'/jobs/new',
]
const SIGNED_OUT = new Set(['/login', '/register', '/register/ask'])
export const LIST_PAGE = '/products/TIM/FRM'
export const BUDGET = { jsOverFloorKB: 25, htmlCssKB: 30, listHtmlRawKB: 50 }

export type BytesRow = {
	page: string
	status: number
	'html KB': number
	'html KB gz': number
	'css KB gz': number
	'html+css KB gz': number
	'js KB gz': number
	/** How many script files the page preloads: each is a request before the page is interactive. */
	'js files': number
	'js over floor KB gz': number
	/** The budgets this page is over, if any: a measurement to report, never a failure. */
	over: string
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1))

/** A page's HTML and the gzipped size of the JS and CSS it links, read from `clientDir`. */
async function pageBytes(url: string, clientDir: string, cookie?: string) {
	const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
	const html = await response.text()
	const links = (pattern: RegExp) => new Set([...html.matchAll(pattern)].map((m) => m[1]!))
	const gzipped = (hrefs: Set<string>) =>
		[...hrefs].reduce((total, href) => {
			const file = path.join(clientDir, new URL(href, 'http://x').pathname)
			return total + gzipSync(readFileSync(file), { level: 9 }).length
		}, 0)
	const scripts = links(/<link rel="modulepreload" href="([^"]+)"/g)
	return {
		status: response.status,
		html: Buffer.byteLength(html),
		htmlGzip: gzipSync(html).length,
		js: gzipped(scripts),
		jsFiles: scripts.size,
		css: gzipped(links(/<link[^>]+rel="stylesheet" href="([^"]+)"/g)),
	}
}

/** The floor's first-load JS, gzipped bytes. */
export async function floorJs(floorUrl: string) {
	return (await pageBytes(floorUrl, 'bench/floor/build/client')).js
}

export async function measureBytes(portalUrl: string, cookie: string, floorJsBytes: number) {
	const rows: BytesRow[] = []
	for (const page of PAGES) {
		const b = await pageBytes(
			portalUrl + page,
			'build/client',
			SIGNED_OUT.has(page) ? undefined : cookie,
		)
		const overFloor = b.js - floorJsBytes
		const over = [
			kb(overFloor) > BUDGET.jsOverFloorKB && 'js',
			kb(b.htmlGzip + b.css) > BUDGET.htmlCssKB && 'html+css',
			page === LIST_PAGE && kb(b.html) >= BUDGET.listHtmlRawKB && 'html raw',
		].filter(Boolean)
		rows.push({
			page,
			status: b.status,
			'html KB': kb(b.html),
			'html KB gz': kb(b.htmlGzip),
			'css KB gz': kb(b.css),
			'html+css KB gz': kb(b.htmlGzip + b.css),
			'js KB gz': kb(b.js),
			'js files': b.jsFiles,
			'js over floor KB gz': kb(overFloor),
			over: over.join(', '),
		})
	}
	return rows
}
