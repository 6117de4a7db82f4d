import {
	activeCartLines,
	addToCart,
	expect,
	fillCheckout,
	hydrated,
	test,
	type SandboxControl,
} from './fixtures.ts'
import { type Page } from '@playwright/test'

/**
 * The ordering system (the presenter) is down (docs/decisions/064-presenter-outages.md), for longer
 * than every cache time (`outlastCaches` empties the portal's read caches): a page read before can
 * only come from its last good copy. The breaker opens after five failures; the next test's sandbox
 * reset closes it.
 */
/** What a change or an order is told while the system is down: an alert, or the no-JS error dialog. */
const refusedWhileDown = (page: Page) =>
	page
		.getByRole('alert')
		.or(page.getByRole('dialog', { name: 'Error' }))
		.filter({ hasText: 'Our ordering system is unavailable, so nothing was changed or sent.' })
		.first()

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
		await expect(refusedWhileDown(page)).toBeVisible()
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

/**
 * Orders while the system is down: the test portal's breaker lets a probe through every second
 * and it tries kept orders every half second (tests/utils/portal.ts), so the system's return is
 * noticed without waiting minutes.
 */
test.describe('orders while the ordering system is down', () => {
	/** Signs in, reads the cart and the checkout, then the system goes away and checkout is filled in. */
	async function checkoutWhileDown(
		page: Page,
		sandbox: SandboxControl,
		enhanced: boolean,
		form: Parameters<typeof fillCheckout>[2] = { despatch: 'PICKUP', branch: 'Alexandria' },
	) {
		await page.goto('/checkout')
		await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible()
		await sandbox.faults({ down: 'fail', outlastCaches: true })
		await page.goto('/checkout')
		await expect(page.getByRole('status', { name: 'Ordering system unavailable' })).toBeVisible()
		await fillCheckout(page, enhanced, form)
		// Confirm Order cannot be sent now: it says why, and offers to send it later.
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(refusedWhileDown(page)).toBeVisible()
		const ok = page.getByRole('dialog', { name: 'Error' }).getByRole('link', { name: 'OK' })
		if (await ok.isVisible()) await ok.click()
		const total = await page
			.getByRole('complementary', { name: 'Order Summary' })
			.getByRole('definition')
			.last()
			.textContent()
		await page.getByRole('button', { name: 'Send when the system is back' }).click()
		await expect(
			page.getByText(
				'Your order is waiting to be sent. We will place it when our ordering system is back, and email you its number.',
			),
		).toBeVisible()
		await expect(page).toHaveURL(/\/orders\?type=waiting/)
		const kept = page
			.getByRole('list', { name: 'Orders sent while the system was down' })
			.getByRole('listitem')
		await expect(kept).toHaveCount(1)
		await expect(kept).toContainText('Waiting to be sent')
		await expect(kept).toContainText(total ?? '')
		return { kept, total }
	}

	test('an order sent while down is placed once when the system is back, and emailed with its number @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const [last] = await sandbox.transactions('demo')
		await addToCart(page, 'HNAI001', 2)
		const { kept, total } = await checkoutWhileDown(page, sandbox, enhanced)
		expect(await sandbox.transactions('demo', { after: last!.transactionNumber })).toEqual([])

		await sandbox.faults({})
		await expect
			.poll(
				async () => (await sandbox.transactions('demo', { after: last!.transactionNumber })).length,
			)
			.toBe(1)
		const [placed] = await sandbox.transactions('demo', { after: last!.transactionNumber })
		expect(placed).toMatchObject({ transactionType: 'Order' })
		expect(placed!.lines.map((l) => [l.productCode, l.quantity])).toEqual([['HNAI001', 2]])
		const number = placed!.transactionNumber
		await expect
			.poll(async () => (await sandbox.outbox()).map((e) => e.subject))
			.toContain(`Your order was placed: order ${number}`)
		const email = (await sandbox.outbox()).find((e) => e.subject.endsWith(`order ${number}`))
		expect(email?.to_address).toBe((await sandbox.user('demo'))!.email)
		expect(email!.body).toContain(`is placed as order ${number}, for ${total}`)

		await page.reload()
		await expect(kept).toContainText(`Placed: order ${number}`)
		await expect(kept.getByRole('link', { name: `order ${number}` })).toBeVisible()
		// Sent once: later tries find nothing waiting.
		await page.reload()
		expect(await sandbox.transactions('demo', { after: last!.transactionNumber })).toHaveLength(1)
		expect((await sandbox.outbox()).filter((e) => e.subject.includes('Your order'))).toHaveLength(1)
	})

	test('a delivery charged when the system is back changes the total: nothing is placed, the customer is emailed and places it at the new total', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const [last] = await sandbox.transactions('demo')
		await addToCart(page, 'HNAI001', 2)
		// The delivery charge cannot be worked out while the system is down: the total shown is
		// the lines' alone, and the page says the total with delivery is asked for later.
		const { kept, total } = await checkoutWhileDown(page, sandbox, enhanced, {
			despatch: 'DEL',
			address: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
			vehicle: 'Tray Truck',
		})
		await sandbox.faults({})
		await expect(async () => {
			await page.reload()
			await expect(kept).toContainText('Not placed: the total changed', { timeout: 1_000 })
		}).toPass()
		await expect(kept).toContainText(
			new RegExp(`The total with delivery is now \\$[\\d,]+\\.\\d\\d, not \\${total}\\.`),
		)
		expect(await sandbox.transactions('demo', { after: last!.transactionNumber })).toEqual([])
		await expect
			.poll(async () => (await sandbox.outbox()).map((e) => e.subject))
			.toContain('Your order was not placed: its total changed')

		const place = kept.getByRole('button', { name: /^Place it at \$[\d,]+\.\d\d$/ })
		const newTotal = (await place.textContent())!.replace('Place it at ', '')
		await place.click()
		await expect(page.getByText(/^Placed as order \d+\.$/)).toBeVisible()
		const [placed] = await sandbox.transactions('demo', { after: last!.transactionNumber })
		await expect(page.getByText(`Placed as order ${placed!.transactionNumber}.`)).toBeVisible()
		await expect(kept).toContainText(`Placed: order ${placed!.transactionNumber}`)
		expect(await sandbox.transactions('demo', { after: last!.transactionNumber })).toHaveLength(1)
		await expect
			.poll(async () => (await sandbox.outbox()).map((e) => e.subject))
			.toContain(`Your order was placed: order ${placed!.transactionNumber}`)
		const email = (await sandbox.outbox()).find((e) =>
			e.subject.endsWith(`order ${placed!.transactionNumber}`),
		)
		expect(email!.body).toContain(`for ${newTotal}`)
	})
})
