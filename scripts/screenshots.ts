/**
 * Screenshots of the key pages as a user sees them (issue 13): a 390×844 phone and a 1366×900
 * laptop, with and without JavaScript, signed in as `demo` against a fresh in-memory sandbox.
 * Writes screenshots/{width}-{js|nojs}-{page}.png (the folder is ignored by git).
 * `npm run screenshots` builds first; the server takes a free port (SCREENSHOTS_PORT sets one).
 */
import { mkdirSync, rmSync } from 'node:fs'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import config from '../playwright.config.ts'
import { startPortal } from '#tests/utils/portal.ts'

const OUT = 'screenshots'
const VIEWPORTS = [
	{ width: 390, height: 844 },
	{ width: 1366, height: 900 },
]
// The demo transactions docs/sandbox.md names, and a statement before the latest.
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
	'invoice-email': '/invoices/609593-0?dialog=email',
	'pricebook-changes': '/pricebook?dialog=request-changes',
	statements: '/statements',
	statement: '/statements/2026-09-30',
	'pay-account': '/pay-account',
	'custom-lists': '/custom-lists',
	admin: '/admin',
	'quick-order': '/quick-order',
}

/**
 * States a customer relies on, each reached as a user would: the checkout's summary with a
 * delivery charge calculated, a message with the phone menu open over the page, a tally's
 * half-filled row refused, and the page a payment result nobody made leads to.
 */
const SCENES: Record<string, (page: Page) => Promise<void>> = {
	'checkout-delivery': async (page) => {
		await page.goto('/checkout')
		await page.getByLabel('Despatch type').selectOption('DEL')
		const update = page.getByRole('button', { name: 'Update' })
		if (await update.isVisible()) await update.click()
		await page.getByLabel('Address').fill('14 Bourke Road')
		await page.getByLabel('Suburb').fill('Alexandria')
		await page.getByLabel('State').selectOption('NSW')
		await page.getByLabel('Postcode').fill('2015')
		await page.getByLabel('Vehicle type').selectOption({ label: 'Tray Truck' })
		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		await page.getByRole('region', { name: 'Delivery charge' }).waitFor()
	},
	'menu-message': async (page) => {
		await page.goto('/orders/609630-0')
		await page.getByRole('button', { name: 'Copy to Cart' }).click()
		await page.getByRole('status').filter({ hasText: 'copied to cart' }).waitFor()
		const menu = page.locator('#site-menu')
		if (await menu.isVisible()) await menu.click()
	},
	'tally-refused': async (page) => {
		await page.goto('/products/TIM/FRM/H2F?product=TH2F004&dialog=tally')
		// The example: 3 pieces typed before their length, then 2 × 4.8 m.
		const dialog = page.locator('.tally')
		await dialog.getByRole('spinbutton', { name: 'Qty, line 1' }).fill('3')
		await dialog.getByRole('button', { name: 'Add new line' }).click()
		await dialog.getByRole('spinbutton', { name: 'Length, line 2' }).fill('4.8')
		await dialog.getByRole('spinbutton', { name: 'Qty, line 2' }).fill('2')
		await dialog.getByRole('button', { name: 'Add to Cart' }).click()
		await page.getByText('Enter a length').first().waitFor()
	},
	'payment-unknown': async (page) => {
		await page.goto('/payment-complete?sessionId=made-up-session')
	},
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
const port = process.env.SCREENSHOTS_PORT
const portal = await startPortal(port ? Number(port) : undefined)
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
			for (const [name, scene] of Object.entries(SCENES)) {
				await scene(page)
				await page.screenshot({ path: `${prefix}-${name}.png`, fullPage: name !== 'menu-message' })
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
