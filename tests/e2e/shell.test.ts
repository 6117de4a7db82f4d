import { type Browser } from '@playwright/test'
import { expect, hydrated, openMenu, signIn, test } from './fixtures.ts'

/** A signed-in browser with a touch screen (a phone or a tablet) of its own. */
async function touchScreen(
	browser: Browser,
	baseURL: string,
	viewport: { width: number; height: number },
) {
	const context = await browser.newContext({
		baseURL,
		viewport,
		hasTouch: true,
		isMobile: viewport.width < 800,
	})
	const page = await context.newPage()
	await signIn(page.request)
	return { page, close: () => context.close() }
}

test.describe('top navigation', () => {
	test('shows every entry the configuration enables, with the cart', async ({ page, login }) => {
		await login()
		await page.goto('/')
		const main = page.getByRole('navigation', { name: 'Main' })
		for (const [name, href] of [
			['Orders', '/orders'],
			['Invoices', '/invoices'],
			['Statements', '/statements'],
			['Custom Lists', '/custom-lists'],
			['Quick Order', '/quick-order'],
		] as const) {
			await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
		}
		await expect(
			page.getByRole('link', { name: 'Southern Cross Building Supplies home' }),
		).toHaveAttribute('href', '/')
		await expect(page.getByRole('link', { name: /^Cart: 0 lines \$0\.00$/ })).toHaveAttribute(
			'href',
			'/cart',
		)

		const account = await openMenu(page, 'My Account')
		for (const [name, href] of [
			['Account Admin', '/admin'],
			['Downloads', '/downloads'],
			['Price Book', '/pricebook'],
			['Pay Account', '/pay-account'],
		] as const) {
			await expect(account.getByRole('link', { name })).toHaveAttribute('href', href)
		}
		await expect(account.getByRole('button', { name: 'Sign Out' })).toBeVisible()
	})

	test('a main link marks its section as the current page, and opens it in place with JS', async ({
		page,
		login,
		enhanced,
	}) => {
		await login()
		await page.goto('/')
		const main = page.getByRole('navigation', { name: 'Main' })
		const orders = main.getByRole('link', { name: 'Orders', exact: true })
		await expect(orders).not.toHaveAttribute('aria-current')
		await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true))
		await orders.click()
		await expect(page).toHaveURL('/orders')
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(orders).toHaveAttribute('aria-current', 'page')
		await expect(main.getByRole('link', { name: 'Invoices', exact: true })).not.toHaveAttribute(
			'aria-current',
		)
		// With JS the masthead's anchors navigate without loading a new document.
		const stayed = await page.evaluate(() => (window as { stayed?: boolean }).stayed)
		expect(stayed).toBe(enhanced ? true : undefined)
	})

	test('the Products menu has three levels: category, type and class', async ({ page, login }) => {
		await login()
		await page.goto('/')
		const products = await openMenu(page, 'Products')
		await expect(products.getByRole('link', { name: 'Timber', exact: true })).toHaveAttribute(
			'href',
			'/products/TIM',
		)
		await expect(products.getByRole('link', { name: 'Framing Timber' })).toHaveAttribute(
			'href',
			'/products/TIM/FRM',
		)
		await expect(products.getByRole('link', { name: 'MGP10 Pine' })).toHaveAttribute(
			'href',
			'/products/TIM/FRM/MGP10',
		)
		await expect(products.getByRole('link', { name: 'Plasterboard', exact: true })).toHaveAttribute(
			'href',
			'/products/BLD/PLB',
		)
	})

	test('settings flags and the top button bar gate the menu', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', {
			settings: {
				products_button_disabled: 'true',
				account_admin_button_disabled: 'true',
				pricebook_button_disabled: 'true',
				pay_account_button_disabled: 'true',
				hide_products_price: 'true',
			},
			widgets: [{ objectSet: 'topbuttonbar', label: 'Invoices', enabled: false }],
		})
		await login()
		await page.goto('/')
		const main = page.getByRole('navigation', { name: 'Main' })
		await expect(main.getByRole('link', { name: 'Orders', exact: true })).toBeVisible()
		await expect(main.getByRole('link', { name: 'Invoices' })).toHaveCount(0)
		await expect(page.locator('summary').filter({ hasText: /^Products$/ })).toHaveCount(0)
		await expect(page.locator('summary').filter({ hasText: /^Search$/ })).toHaveCount(0)
		// The cart stays, without its subtotal.
		await expect(page.getByRole('link', { name: /^Cart: 0 lines$/ })).toBeVisible()
		const account = await openMenu(page, 'My Account')
		await expect(account.getByRole('link', { name: 'Downloads' })).toBeVisible()
		for (const name of ['Account Admin', 'Price Book', 'Pay Account']) {
			await expect(account.getByRole('link', { name })).toHaveCount(0)
		}
	})

	test('shopping_cart_disabled hides the cart', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', { settings: { shopping_cart_disabled: 'true' } })
		await login()
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
		await expect(page.getByRole('link', { name: /^Cart:/ })).toHaveCount(0)
	})

	test('the search toggle opens a search bar', async ({ page, login }) => {
		await login()
		await page.goto('/')
		const search = await openMenu(page, 'Search')
		await expect(search.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute(
			'placeholder',
			'Search',
		)
		await expect(search.getByRole('button', { name: 'Search' })).toBeVisible()
	})

	test('an empty search term is refused in place @js-only', async ({ page, login }) => {
		await login()
		await page.goto('/')
		const search = await openMenu(page, 'Search')
		await search.getByRole('button', { name: 'Search' }).click()
		await expect(search.getByRole('alert')).toHaveText('Please enter search term(s)')
		await expect(page).toHaveURL('/')
	})

	test('the footer shows the enabled bottom link bar entries', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', {
			widgets: [{ objectSet: 'bottomlinkbar', label: 'Our Stores', enabled: false }],
		})
		await login()
		await page.goto('/')
		const footer = page.getByRole('navigation', { name: 'Footer' })
		await expect(footer.getByRole('link', { name: 'Handy Links' })).toHaveAttribute(
			'href',
			'/links',
		)
		await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support')
		await expect(footer.getByRole('link', { name: 'Contact a Representative' })).toHaveAttribute(
			'href',
			'/contact-a-representative',
		)
		await expect(footer.getByRole('link', { name: 'Our Stores' })).toHaveCount(0)
	})

	test('small screens get a slide-in menu with drill-down and back', async ({ page, login }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await page.goto('/')
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
		await page.getByRole('checkbox', { name: 'Menu' }).check()
		const drawer = page.getByRole('navigation', { name: 'Main' })
		await expect(drawer.getByRole('link', { name: 'Orders' })).toBeVisible()
		await drawer
			.locator('summary')
			.filter({ hasText: /^Products$/ })
			.click()
		await drawer
			.locator('summary')
			.filter({ hasText: /^Timber$/ })
			.click()
		await drawer
			.locator('summary')
			.filter({ hasText: /^Framing Timber$/ })
			.click()
		await expect(drawer.getByRole('link', { name: 'MGP10 Pine' })).toHaveAttribute(
			'href',
			'/products/TIM/FRM/MGP10',
		)
		await expect(drawer.getByRole('link', { name: 'Decking' })).toBeHidden()
		// The open level's summary is the way back.
		await drawer
			.locator('summary')
			.filter({ hasText: /^Framing Timber$/ })
			.click()
		await expect(drawer.getByRole('link', { name: 'MGP10 Pine' })).toBeHidden()
		await expect(drawer.locator('summary').filter({ hasText: /^Decking$/ })).toBeVisible()
		await expect(drawer.getByRole('button', { name: 'Sign Out' })).toBeAttached()
	})

	test('menus close 2 seconds after the pointer leaves @js-only', async ({ page, login }) => {
		await login()
		await page.goto('/')
		const account = await openMenu(page, 'My Account')
		await expect(account).toHaveAttribute('open', '')
		await page.mouse.move(10, 500)
		await expect(account).toHaveAttribute('open', '')
		await expect(account).not.toHaveAttribute('open', '', { timeout: 4000 })
	})

	test('on a touch screen the Products menu stays open until closed @js-only', async ({
		browser,
		baseURL,
	}) => {
		// A phone: the menu is in the slide-in drawer, drilled down tap by tap.
		const phone = await touchScreen(browser, baseURL!, { width: 390, height: 844 })
		try {
			const { page } = phone
			await page.goto('/')
			await hydrated(page)
			await page.getByRole('checkbox', { name: 'Menu' }).tap()
			const drawer = page.getByRole('navigation', { name: 'Main' })
			const products = drawer.locator('details.products-menu')
			await products
				.locator('summary')
				.filter({ hasText: /^Products$/ })
				.tap()
			await drawer
				.locator('summary')
				.filter({ hasText: /^Timber$/ })
				.tap()
			// The finger lifted a while ago: a mouse's close delay (2 s) would have closed it.
			await page.waitForTimeout(3000)
			await expect(products).toHaveAttribute('open', '')
			await drawer
				.locator('summary')
				.filter({ hasText: /^Framing Timber$/ })
				.tap()
			await page.waitForTimeout(3000)
			await expect(products).toHaveAttribute('open', '')
			await drawer.getByRole('link', { name: 'MGP10 Pine' }).tap()
			await expect(page).toHaveURL('/products/TIM/FRM/MGP10')
			// Navigating closes it (and the drawer).
			await expect(page.locator('details.products-menu')).not.toHaveAttribute('open', '')
		} finally {
			await phone.close()
		}

		// A tablet: the desktop menu, opened with a tap.
		const tablet = await touchScreen(browser, baseURL!, { width: 1366, height: 1024 })
		try {
			const { page } = tablet
			await page.goto('/')
			await hydrated(page)
			const products = page.locator('details.products-menu')
			await products.locator(':scope > summary').tap()
			await page.waitForTimeout(3000)
			await expect(products).toHaveAttribute('open', '')
			await expect(products.getByRole('link', { name: 'MGP10 Pine' })).toBeVisible()
			// A tap outside (below the panel) closes it.
			await page.touchscreen.tap(10, 1010)
			await expect(products).not.toHaveAttribute('open', '')
		} finally {
			await tablet.close()
		}
	})

	test('the Search panel never closes by itself while it has focus or text @js-only', async ({
		page,
		login,
		browser,
		baseURL,
	}) => {
		// A touch screen: tap Search, tap the field, type.
		const phone = await touchScreen(browser, baseURL!, { width: 390, height: 844 })
		try {
			const search = phone.page.locator('details.search-toggle')
			await phone.page.goto('/')
			await hydrated(phone.page)
			await search.locator('summary').tap()
			const field = search.getByRole('searchbox', { name: 'Search products' })
			await field.tap()
			await field.pressSequentially('pine')
			await phone.page.waitForTimeout(3000)
			await expect(search).toHaveAttribute('open', '')
			await expect(field).toBeFocused()
			await expect(field).toHaveValue('pine')
		} finally {
			await phone.close()
		}

		// A mouse: the pointer leaves while the customer types, then while the text waits.
		await login()
		await page.goto('/')
		await hydrated(page)
		const search = await openMenu(page, 'Search')
		const field = search.getByRole('searchbox', { name: 'Search products' })
		await field.click()
		await page.mouse.move(10, 500)
		await field.pressSequentially('deck')
		await page.waitForTimeout(3000)
		await expect(search).toHaveAttribute('open', '')
		await expect(field).toBeFocused()
		// Focus elsewhere, the typed text still holds it open.
		await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
		await search.hover()
		await page.mouse.move(10, 500)
		await page.waitForTimeout(3000)
		await expect(search).toHaveAttribute('open', '')
		await expect(field).toHaveValue('deck')
	})
})

test.describe('screens', () => {
	test('unknown paths show a 404 page inside the portal', async ({ page, login }) => {
		await login()
		const response = await page.goto('/no-such-page')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
	})

	test('/request-error shows the portal’s own messages, never text from the address', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/request-error?msg=Unable%20to%20perform%20your%20request')
		await expect(page.getByRole('heading', { name: 'Request failed' })).toBeVisible()
		await expect(page.getByText('Unable to perform your request')).toBeVisible()
		await page.goto('/request-error')
		await expect(page.getByText('Unable to handle your request')).toBeVisible()
		const spoof = 'Your account is locked. Call 0400 000 000 with your card number to unlock it.'
		await page.goto(`/request-error?${new URLSearchParams({ msg: spoof })}`)
		await expect(page.getByText('Unable to handle your request')).toBeVisible()
		await expect(page.getByText(/account is locked/)).toHaveCount(0)
	})

	test('a failing presenter shows the catch-all error screen; Clear returns home', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		// The session check is refused (a 4xx is an answer, not an outage: no last good copy).
		await sandbox.faults({ failures: [{ fn: 'getState', count: 1, status: 400 }] })
		const response = await page.goto('/')
		expect(response?.status()).toBe(503)
		await expect(page.getByRole('heading', { name: 'An Error Occured' })).toBeVisible()
		await expect(
			page.getByText('The ordering system is unavailable. Please try again shortly.'),
		).toBeVisible()
		await page.getByRole('link', { name: 'Clear' }).click()
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
	})

	test('reads are retried after a transport failure', async ({ page, login, sandbox }) => {
		await login()
		await sandbox.faults({ failures: [{ fn: 'getSettings', count: 3, status: 503 }] })
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
	})

	test('/debug is reachable without signing in; the details need a session', async ({
		page,
		login,
	}) => {
		await page.goto('/debug')
		await expect(page.getByRole('heading', { name: 'Debug' })).toBeVisible()
		await expect(page.getByText('Loaded')).toBeVisible()
		await expect(page.getByText(/^Reachable/)).toBeVisible()
		await expect(page.getByText('/presenter (embedded sandbox)')).toHaveCount(0)
		await expect(page.getByText('Node.js')).toHaveCount(0)
		await login()
		await page.goto('/debug')
		await expect(page.getByText('/presenter (embedded sandbox)')).toBeVisible()
		await expect(page.getByText('Node.js')).toBeVisible()
	})

	test('pages carry the security headers', async ({ page, login }) => {
		await login()
		const response = await page.goto('/')
		const headers = response!.headers()
		expect(headers['content-security-policy']).toMatch(
			/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
		)
		expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
		expect(headers['cache-control']).toBe('private, no-store')
		expect(headers['x-content-type-options']).toBe('nosniff')
		expect(headers['server-timing']).toContain('getUserDetails')
	})

	test('navigation scrolls back to the top @js-only', async ({ page, login }) => {
		await page.setViewportSize({ width: 1280, height: 400 })
		await login()
		await page.goto('/')
		await page.getByRole('link', { name: 'Handy Links' }).scrollIntoViewIfNeeded()
		expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
		await page.getByRole('link', { name: 'Handy Links' }).click()
		await expect(page).toHaveURL('/links')
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
	})
})

test.describe('new versions', () => {
	// The deploy is played by routing /version: a service worker would take the request first.
	test.use({ serviceWorkers: 'block' })
	test('a page from an older build offers Refresh to Update @js-only', async ({ page, login }) => {
		await login()
		await page.goto('/')
		// The check listens once the page has hydrated.
		await hydrated(page)
		const loaded = await page.evaluate(
			() =>
				(window as { __reactRouterManifest?: { version: string } }).__reactRouterManifest?.version,
		)
		const running = (await (await page.request.get('/version')).json()) as { version: string }
		expect(running.version).toBe(loaded)
		const bar = page.getByRole('button', { name: 'Refresh to Update' })
		const becomeVisible = () =>
			page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
		await becomeVisible()
		await expect(bar).toHaveCount(0)

		// A deploy: the server now runs another build.
		await page.route('**/version', (route) => route.fulfill({ json: { version: 'next-build' } }))
		await becomeVisible()
		await expect(bar).toBeVisible()
		await page.evaluate(() => ((window as { reloaded?: boolean }).reloaded = false))
		await bar.click()
		await expect
			.poll(() => page.evaluate(() => (window as { reloaded?: boolean }).reloaded))
			.toBeUndefined()
	})
})

test('the page is in the customer’s language: en-US when settings say so', async ({
	page,
	login,
	sandbox,
}) => {
	await page.goto('/login')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU')
	await sandbox.configure('demo', { settings: { locale: 'en-US' } })
	await login()
	await page.goto('/orders')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
})
