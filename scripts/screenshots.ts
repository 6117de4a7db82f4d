/**
 * Screenshots of the key pages as a user sees them (issue 13): a 390×844 phone and a 1366×900
 * laptop, with and without JavaScript, signed in as `demo` against a fresh in-memory sandbox.
 * Writes screenshots/{width}-{js|nojs}-{page}.png (the folder is ignored by git).
 * `npm run screenshots` builds first; SCREENSHOTS_PORT (3490) moves the server.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { chromium, type BrowserContext } from '@playwright/test'
import config from '../playwright.config.ts'
import { startPortal } from '../tests/utils/portal.ts'

const OUT = 'screenshots'
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3490)
const VIEWPORTS = [
	{ width: 390, height: 844 },
	{ width: 1366, height: 900 },
]
// The demo transactions the README names, and a statement before the latest.
const PAGES = {
	home: '/',
	products: '/products/HWR/FAS/NAI',
	product: '/products/HWR/FAS/NAI?product=HNAI001',
	tally: '/products/TIM/FRM/H2F?product=TH2F004&dialog=tally',
	search: '/search?value=nails',
	cart: '/cart',
	checkout: '/checkout',
	orders: '/orders',
	order: '/orders/609630-0',
	invoices: '/invoices',
	invoice: '/invoices/609593-0',
	statements: '/statements',
	statement: '/statements/2026-09-30',
	'pay-account': '/pay-account',
	'custom-lists': '/custom-lists',
	admin: '/admin',
	'quick-order': '/quick-order',
}

async function signIn(context: BrowserContext, url: string) {
	const login = await context.request.post(`${url}/login`, {
		form: { username: 'demo', password: 'demo' },
		maxRedirects: 0,
	})
	if (login.status() !== 302) throw new Error(`Sign-in answered ${login.status()}`)
	// Something in the cart, so cart and checkout show lines.
	const list = '/products/HWR/FAS/NAI'
	await context.request.post(`${url}${list}`, {
		form: {
			intent: 'add-to-cart',
			productID: 'HNAI001',
			uom: 'BOX',
			quantity: '2',
			redirectTo: list,
		},
		maxRedirects: 0,
	})
}

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT)
const portal = await startPortal(PORT)
const browser = await chromium.launch(config.use?.launchOptions)
try {
	for (const viewport of VIEWPORTS) {
		for (const javaScriptEnabled of [true, false]) {
			const prefix = `${OUT}/${viewport.width}-${javaScriptEnabled ? 'js' : 'nojs'}`
			const context = await browser.newContext({
				viewport,
				javaScriptEnabled,
				baseURL: portal.url,
				reducedMotion: 'reduce',
			})
			const page = await context.newPage()
			await page.goto('/login')
			await page.screenshot({ path: `${prefix}-login.png`, fullPage: true })
			await signIn(context, portal.url)
			for (const [name, path] of Object.entries(PAGES)) {
				await page.goto(path)
				await page.screenshot({ path: `${prefix}-${name}.png`, fullPage: true })
			}
			// The menu: the phone's drawer with Products open, the laptop's mega-menu.
			await page.goto('/')
			if (viewport.width < 1250) await page.locator('#site-menu').click()
			await page.locator('.products-menu > summary').click()
			await page.screenshot({ path: `${prefix}-menu.png` })
			await context.close()
			console.log(`${prefix}-*.png`)
		}
	}
} finally {
	await browser.close()
	await portal.stop()
}
