/**
 * The bytes budget (ARCHITECTURE.md §5): gzipped JS and CSS each page makes the browser fetch,
 * measured on the production build. Run `npm run build && npm run bench:bytes`.
 * A page may add at most 25 KB gzipped of JS on top of the React Router + React baseline.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startPortal } from '../tests/utils/portal.ts'

/** Pages to measure; /login is measured signed out (signed in it redirects home). */
const PAGES = [
	'/login',
	'/',
	'/products',
	'/products/TIM/FRM',
	'/products/TIM/FRM?product=TH2F004',
	'/search?value=decking',
	'/cart',
	'/orders',
	'/invoices/609593-0',
	'/no-such-page',
]
const port = Number(process.env.BENCH_PORT ?? 3400)

function assetSize(href: string) {
	const file = path.join('build/client', new URL(href, 'http://x').pathname)
	const bytes = readFileSync(file)
	return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

const portal = await startPortal(port)
try {
	const login = await fetch(`${portal.url}/login`, {
		method: 'POST',
		body: new URLSearchParams({ username: 'demo', password: 'demo' }),
		redirect: 'manual',
	})
	if (login.status !== 302) throw new Error(`Sign-in failed: HTTP ${login.status}`)
	const cookie = login.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	const rows = []
	for (const page of PAGES) {
		const response = await fetch(`${portal.url}${page}`, {
			headers: page === '/login' ? {} : { cookie },
			redirect: 'manual',
		})
		const html = await response.text()
		const scripts = new Set(
			[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!),
		)
		const styles = new Set(
			[...html.matchAll(/<link[^>]+rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!),
		)
		const sum = (hrefs: Set<string>) =>
			[...hrefs].reduce(
				(t, h) => ({ raw: t.raw + assetSize(h).raw, gzip: t.gzip + assetSize(h).gzip }),
				{ raw: 0, gzip: 0 },
			)
		const js = sum(scripts)
		const css = sum(styles)
		rows.push({
			page,
			status: response.status,
			'html KB (gzip)': (gzipSync(html).length / 1024).toFixed(1),
			'js files': scripts.size,
			'js KB (gzip)': (js.gzip / 1024).toFixed(1),
			'css KB (gzip)': (css.gzip / 1024).toFixed(1),
		})
	}
	console.table(rows)
} finally {
	await portal.stop()
}
