import { activeCartLines, addToCart, expect, hydrated, test } from './fixtures.ts'

/**
 * The ordering system (the presenter) is down (docs/decisions/064-presenter-outages.md), for longer
 * than every cache time (`outlastCaches` empties the portal's read caches): a page read before can
 * only come from its last good copy. The breaker opens after five failures; the next test's sandbox
 * reset closes it.
 */
const BANNER = /^Our ordering system is unavailable — showing what we had at \d{1,2}:\d{2}\.$/

test.describe('while the ordering system is down', () => {
	test('pages read before show what we had under one banner; a page never read says it needs the system @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
		await page.goto('/cart')
		const line = page
			.getByRole('region', { name: 'Cart lines' })
			.getByRole('listitem')
			.filter({ hasText: 'HNAI001' })
		await expect(line).toBeVisible()
		const banner = page.getByRole('status', { name: 'Ordering system unavailable' })
		await expect(banner).toHaveCount(0)

		await sandbox.faults({ down: 'fail', outlastCaches: true })
		const home = await page.goto('/')
		expect(home?.status()).toBe(200)
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
		await expect(banner.getByText(BANNER)).toBeVisible()
		const cart = await page.goto('/cart')
		expect(cart?.status()).toBe(200)
		await expect(line).toBeVisible()
		await expect(banner).toHaveCount(1)
		await expect(banner).toContainText(/Prices are as of \d{1,2}:\d{2}\./)

		// A change is refused at once, saying why; with JS what was typed stays in the field (the
		// page without JS shows the cart as it was read).
		const quantity = line.getByRole('spinbutton', { name: /^Quantity of/ })
		await quantity.fill('7')
		await page.getByRole('button', { name: 'Update cart' }).click()
		await expect(
			page
				.getByRole('alert')
				.or(page.getByRole('dialog', { name: 'Error' }))
				.filter({ hasText: 'Our ordering system is unavailable, so nothing was changed or sent.' })
				.first(),
		).toBeVisible()
		if (enhanced) await expect(quantity).toHaveValue('7')
		expect((await activeCartLines(sandbox)).map((l) => l.prodQty)).toEqual([2])

		await page.goto('/invoices')
		await expect(
			page.getByRole('heading', { name: 'This page needs our ordering system' }),
		).toBeVisible()
		await expect(page.getByRole('heading', { name: 'An Error Occured' })).toHaveCount(0)
	})

	test('with JS, a page never read and reached by a link says it needs the system @js-only', async ({
		page,
		login,
		sandbox,
	}) => {
		// The screen's code is not in the first load: it loads when the screen first shows.
		await login()
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
		await hydrated(page)
		await sandbox.faults({ down: 'fail', outlastCaches: true })
		await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true))
		await page.getByRole('link', { name: 'Invoices' }).first().click()
		await expect(
			page.getByRole('heading', { name: 'This page needs our ordering system' }),
		).toBeVisible()
		await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible()
		// Reached by the router, not a new document.
		expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
	})

	test('signing in says it is unavailable until the system is back, and since when', async ({
		page,
		sandbox,
	}) => {
		await sandbox.faults({ down: 'fail', outlastCaches: true })
		// The sign-in page's text and its retries fail, then the sign-in: the breaker opens.
		await page.goto('/login')
		await page.getByLabel('Username').fill('demo')
		await page.getByLabel('Password').fill('demo')
		await page.getByRole('button', { name: 'Sign in' }).click()
		const unavailable =
			/^Signing in is unavailable until our ordering system is back\. It has been unavailable since \d{1,2}:\d{2}\.$/
		await expect(page.getByText(unavailable)).toBeVisible()
		await expect(page).toHaveURL(/\/login/)
		await expect(page.getByText('Unable to send request')).toHaveCount(0)
		// The page itself says so while the system is away, before anyone tries.
		await page.goto('/login')
		await expect(page.getByRole('status').getByText(unavailable)).toBeVisible()
	})
})
