import { type APIRequestContext } from '@playwright/test'
import {
	activeCartLines,
	addToCart,
	type Answer,
	expect,
	fillCheckout,
	openMenu,
	test,
	trailOf,
} from './fixtures.ts'

test('sign in, browse, add to cart, change the quantity, check out for pickup, see the order and the invoices, sign out: both instances serve, the user stays signed in', async ({
	page,
	sandbox,
	trail,
	enhanced,
}) => {
	await page.goto('/login')
	await page.getByLabel('Username').fill('demo')
	await page.getByLabel('Password').fill('demo')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
	const signedIn = trail.answers.length

	// Browse down to the nails and add three boxes.
	await page.goto('/products/HWR/FAS/NAI')
	const nails = page
		.getByRole('list', { name: 'Products' })
		.getByRole('listitem')
		.filter({ hasText: 'Paslode Impulse Bright Nails 50mm x 3000' })
	await nails.getByRole('spinbutton', { name: 'Quantity' }).fill('3')
	await nails.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
	const badge = page.getByRole('link', { name: /^Cart: 1 line/ })
	await expect(badge).toBeVisible()

	// The cart, on whichever instance answers next, has the line; the quantity changes to 5.
	await badge.click()
	const lines = page
		.getByRole('region', { name: 'Cart lines' })
		.getByRole('listitem')
		.filter({ has: page.getByRole('heading') })
	await expect(lines).toHaveCount(1)
	await lines.getByRole('spinbutton', { name: /^Quantity of/ }).fill('5')
	await page.getByRole('button', { name: 'Update cart' }).click()
	await expect(lines.getByRole('spinbutton', { name: /^Quantity of/ })).toHaveValue('5')
	await expect.poll(async () => (await activeCartLines(sandbox)).map((l) => l.prodQty)).toEqual([5])

	// Checkout, pickup from Parramatta.
	await page.getByRole('link', { name: 'Checkout' }).click()
	await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible()
	await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Parramatta' })
	await page.getByRole('button', { name: 'Confirm Order' }).click()
	await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
	const [order, ...older] = await sandbox.transactions('demo')
	expect(order).toMatchObject({ transactionType: 'Order', branchID: 2 })
	expect(order!.lines.map((l) => l.quantity)).toEqual([5])
	// Placed once: the order before it is one of the seeded history.
	expect(older.filter((t) => t.transactionNumber === order!.transactionNumber)).toEqual([])
	await expect(
		page
			.getByRole('dialog', { name: 'Order Placed' })
			.getByText(`Transaction number ${order!.transactionNumber}`),
	).toBeVisible()

	// The orders list shows it.
	await page.goto('/orders')
	await expect(page.getByRole('heading', { name: 'Orders & Quotes' })).toBeVisible()
	await expect(page.getByText(String(order!.transactionNumber)).first()).toBeVisible()

	// And the invoices.
	await page.goto('/invoices')
	await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible()

	const flow = trailOf(trail.answers.slice(signedIn))
	expect(flow.signedOut(), 'nothing sent the signed-in user back to sign in').toEqual([])
	expect(flow.failures()).toEqual([])
	expect(flow.instances(), 'both instances served this user').toEqual(['portal-1', 'portal-2'])

	// Sign out: on every instance.
	const menu = await openMenu(page, 'My Account')
	await menu.getByRole('button', { name: 'Sign Out' }).click()
	await expect(page).toHaveURL('/login')
	for (let i = 0; i < 2; i++) {
		await page.goto('/orders')
		await expect(page).toHaveURL(/\/login/)
	}
	expect(trail.instances()).toEqual(['portal-1', 'portal-2'])
})

test('a delivery checkout served by both instances: the total shown with its charge is the total placed, once', async ({
	page,
	sandbox,
	trail,
	enhanced,
}) => {
	await signIn(page.request)
	await addToCart(page, 'HNAI001', 2)
	await page.goto('/checkout')
	await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible()
	await fillCheckout(page, enhanced, {
		despatch: 'DEL',
		address: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
		vehicle: 'Tray Truck',
	})
	await page.getByRole('button', { name: 'Calculate delivery' }).click()
	const charge = page.getByRole('region', { name: 'Delivery charge' })
	await expect(charge).toBeVisible()
	// The tray truck's 0–10 km charge, $75.00 ex GST, is in the summary's total.
	const summary = (term: string) =>
		page
			.getByRole('complementary', { name: 'Order Summary' })
			.locator('div')
			.filter({ has: page.getByText(term, { exact: true }) })
			.locator('dd')
	await expect(summary('Delivery (ex GST)')).toHaveText('$75.00')
	const shown = Number((await summary('Total').innerText()).replace(/[^0-9.]/g, ''))
	await page.getByRole('button', { name: 'Confirm Order' }).click()
	await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()

	const [order, ...older] = await sandbox.transactions('demo')
	expect(order?.transactionAmount).toBe(shown)
	expect(order?.lines.map((l) => l.productCode)).toContain('DEL-TRAY-0-10')
	expect(older.filter((t) => t.transactionNumber === order!.transactionNumber)).toEqual([])
	expect(trail.signedOut(), 'nothing sent the signed-in user back to sign in').toEqual([])
	expect(trail.failures()).toEqual([])
	expect(trail.instances(), 'both instances served this user').toEqual(['portal-1', 'portal-2'])
})

/** Signs in `request` (a browser context's, so it keeps the session cookie) through nginx. */
async function signIn(request: APIRequestContext) {
	const response = await request.post('/login', {
		form: { username: 'demo', password: 'demo' },
		maxRedirects: 0,
	})
	expect(response.status(), 'sign in').toBe(302)
}

test('rolling restart: each instance stopped (SIGTERM) and started again in turn under light load: no 5xx, nobody signed out @api', async ({
	browser,
	cluster,
}) => {
	const context = await browser.newContext({ baseURL: cluster.url })
	await signIn(context.request)

	// A light load: one signed-in page at a time, one every 100 ms, round these pages.
	const paths = ['/', '/orders', '/products/HWR/FAS/NAI', '/cart', '/invoices']
	const answers: Array<Answer & { error?: string }> = []
	let running = true
	const load = (async () => {
		for (let i = 0; running; i++) {
			const path = paths[i % paths.length]!
			try {
				const response = await context.request.get(path, { maxRedirects: 0, timeout: 30_000 })
				const headers = response.headers()
				answers.push({
					path,
					status: response.status(),
					instance: headers['x-portal-instance'] ?? '',
					location: headers['location'] ?? '',
				})
			} catch (error) {
				answers.push({ path, status: 0, instance: '', location: '', error: String(error) })
			}
			await new Promise((r) => setTimeout(r, 100))
		}
	})()
	const servedSince = (from: number, name: string) =>
		answers.slice(from).some((a) => a.instance === name && a.status === 200)

	// Both serve before the restart.
	await expect
		.poll(() => trailOf(answers).instances(), { timeout: 15_000 })
		.toEqual(['portal-1', 'portal-2'])
	for (const instance of cluster.instances) {
		expect(await instance.stop('SIGTERM'), `${instance.name} exits 0`).toBe(0)
		await instance.start()
		const restarted = answers.length
		// nginx takes it back once the failure window (fail_timeout) has passed: the next
		// instance stops only once this one serves through nginx again (the procedure of docs/operations.md).
		await expect.poll(() => servedSince(restarted, instance.name), { timeout: 20_000 }).toBe(true)
	}
	running = false
	await load

	const trail = trailOf(answers)
	expect(answers.filter((a) => a.error)).toEqual([])
	expect(trail.failures()).toEqual([])
	expect(trail.signedOut()).toEqual([])
	expect(answers.length).toBeGreaterThan(30)
	// Still signed in afterwards, on both.
	for (let i = 0; i < 2; i++) {
		const response = await context.request.get('/orders', { maxRedirects: 0 })
		expect(response.status()).toBe(200)
	}
	await context.close()
})

test('an instance stopped (SIGTERM) with pages and form posts in flight answers them all, each post once @api', async ({
	browser,
	cluster,
	sandbox,
}) => {
	const context = await browser.newContext({ baseURL: cluster.url })
	await signIn(context.request)
	// The session's cart exists before the posts race for it.
	expect((await context.request.get('/cart', { maxRedirects: 0 })).status()).toBe(200)
	// Every presenter call takes a second: the requests are still running when the signal comes.
	await sandbox.faults({ latencyMs: 1_000 })
	const list = '/products/HWR/FAS/NAI'
	const add = (productID: string, quantity: number) =>
		context.request.post(list, {
			form: {
				intent: 'add-to-cart',
				productID,
				uom: 'BOX',
				quantity: String(quantity),
				redirectTo: list,
			},
			maxRedirects: 0,
			timeout: 30_000,
		})
	const answered = async (request: ReturnType<typeof add>) => {
		const response = await request
		return { status: response.status(), instance: response.headers()['x-portal-instance'] ?? '' }
	}
	// Round robin, one after the other: each instance gets a page and a post.
	const sent: Array<Promise<{ status: number; instance: string }>> = []
	for (const send of [
		() => context.request.get('/orders', { maxRedirects: 0, timeout: 30_000 }),
		() => add('HNAI001', 2),
		() => add('HNAI002', 1),
		() => context.request.get('/invoices', { maxRedirects: 0, timeout: 30_000 }),
	]) {
		sent.push(answered(send()))
		await new Promise((r) => setTimeout(r, 100))
	}
	const inFlight = Promise.all(sent)
	await new Promise((r) => setTimeout(r, 500))
	const [first] = cluster.instances
	const exitCode = first!.stop('SIGTERM')
	const answers = await inFlight
	expect(await exitCode).toBe(0)
	expect(answers.map((a) => a.status)).toEqual([200, 302, 302, 200])
	// The stopped instance answered its own: a page and a post.
	expect(answers.filter((a) => a.instance === first!.name)).toHaveLength(2)

	await sandbox.faults({ latencyMs: 0 })
	const carts = await sandbox.carts('demo')
	const lines = carts.filter((c) => c.sessionType === 'Cart' && !c.ordered).flatMap((c) => c.lines)
	expect(lines.map((l) => [l.productID, l.prodQty]).sort()).toEqual([
		['HNAI001', 2],
		['HNAI002', 1],
	])

	// Back as it was for the next test: started, and taken back by nginx.
	await first!.start()
	await expect
		.poll(
			async () => {
				const response = await context.request.get('/cart', { maxRedirects: 0 })
				return response.headers()['x-portal-instance']
			},
			{ timeout: 20_000 },
		)
		.toBe(first!.name)
	await context.close()
})
