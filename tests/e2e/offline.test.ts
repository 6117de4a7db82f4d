import { type BrowserContext, type Page } from '@playwright/test'
import {
	activeCartLines,
	addToCart,
	expect,
	fillCheckout,
	fitsThePhone,
	holdHydration,
	hydrated,
	openMenu,
	test,
	type SandboxControl,
	watchPosts,
} from './fixtures.ts'

/**
 * A building site's connection (issue 31, browser side): with JS a post the network lost keeps
 * the form and is sent once when the browser is back; the service worker answers pages and
 * documents offline. The context is set offline just before the click, and online again after
 * every test (the context is reused).
 */

const NOT_SENT = "Not sent — no connection. We'll try again when you're back"

test.afterEach(async ({ context }) => {
	await context.setOffline(false)
})

/** The service worker has installed and controls the page (it registers after the load). */
async function workerInControl(page: Page) {
	await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
		timeout: 15_000,
	})
}

const nailsIn = (page: Page) =>
	page
		.getByRole('listitem')
		.filter({ hasText: 'Paslode Impulse Bright Nails 50mm x 3000' })
		.filter({ has: page.getByRole('button', { name: 'Add to cart' }) })

test('offline during add to cart: the quantity stays, Not sent; back online it is sent once @js-only', async ({
	page,
	context,
	login,
	sandbox,
}) => {
	await login()
	await page.goto('/products/HWR/FAS/NAI')
	await hydrated(page)
	const nails = nailsIn(page)
	await nails.getByRole('spinbutton', { name: 'Quantity' }).fill('7')
	await context.setOffline(true)
	await expect(page.getByText("You're offline.")).toBeVisible()
	await nails.getByRole('button', { name: 'Add to cart' }).click()

	await expect(nails.getByRole('alert')).toContainText(NOT_SENT)
	await expect(nails.getByRole('button', { name: 'Try again' })).toBeVisible()
	await expect(nails.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('7')
	expect(await activeCartLines(sandbox)).toEqual([])

	const posts = watchPosts(page)
	await context.setOffline(false)
	await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
	await expect(nails.getByText(NOT_SENT)).toHaveCount(0)
	await expect(page.getByText("You're offline.")).toHaveCount(0)
	expect(posts).toHaveLength(1)
	const lines = await activeCartLines(sandbox)
	expect(lines.map((l) => [l.productID, l.prodQty])).toEqual([['HNAI001', 7]])
})

test('offline during checkout: the form keeps its values; back online one order is placed @js-only', async ({
	page,
	context,
	login,
	sandbox,
}) => {
	await login()
	await addToCart(page, 'HNAI001', 3)
	const before = await sandbox.transactions('demo')
	await page.goto('/checkout')
	await hydrated(page)
	await fillCheckout(page, true, { despatch: 'PICKUP', branch: 'Parramatta' })
	await context.setOffline(true)
	const confirm = page.getByRole('button', { name: 'Confirm Order' })
	await confirm.click()

	await expect(page.getByRole('alert').filter({ hasText: NOT_SENT })).toBeVisible()
	await expect(page.getByLabel('Reference')).toHaveValue('Job 4471')
	await expect(page.getByLabel('Contact phone')).toHaveValue('0412 000 111')
	expect(await sandbox.transactions('demo')).toHaveLength(before.length)

	// 'Try again' while still offline: not sent again, and still says so.
	await page.getByRole('button', { name: 'Try again' }).click()
	await expect(page.getByRole('alert').filter({ hasText: NOT_SENT })).toBeVisible()
	expect(await sandbox.transactions('demo')).toHaveLength(before.length)

	await context.setOffline(false)
	await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
	const after = await sandbox.transactions('demo')
	expect(after).toHaveLength(before.length + 1)
	const order = after[0]!
	expect(order.lines.map((l) => [l.productCode, l.quantity])).toEqual([['HNAI001', 3]])
	expect(await activeCartLines(sandbox)).toEqual([])
	await page.goto('/orders')
	await expect(
		page.getByRole('link', { name: new RegExp(`^${order.transactionNumber}\\b`) }),
	).toHaveCount(1)
})

test('without JS a form posts as before: no banner, no worker @nojs-only', async ({
	page,
	login,
	sandbox,
}) => {
	await login()
	await page.goto('/products/HWR/FAS/NAI')
	const nails = nailsIn(page)
	await nails.getByRole('spinbutton', { name: 'Quantity' }).fill('2')
	await nails.getByRole('button', { name: 'Add to cart' }).click()
	await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
	await expect(page.getByText(NOT_SENT)).toHaveCount(0)
	const lines = await activeCartLines(sandbox)
	expect(lines.map((l) => [l.productID, l.prodQty])).toEqual([['HNAI001', 2]])
	expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull()
})

test('offline navigation shows the offline page, not the browser error @js-only', async ({
	page,
	context,
	login,
}) => {
	await login()
	await page.goto('/')
	await hydrated(page)
	await workerInControl(page)
	await context.setOffline(true)
	// A link (the app's own navigation) and a typed address (the browser's).
	await page.getByRole('link', { name: 'Stores' }).first().click()
	await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
	await page.goto('/support').catch(() => {})
	await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
	await expect(page.getByText('This page needs a connection.')).toBeVisible()
})

test('a PDF opened before going offline opens offline; after sign out it does not @js-only', async ({
	page,
	context,
	login,
	sandbox,
}) => {
	await login()
	const order = (await sandbox.transactions('demo')).find((t) => t.transactionType === 'Order')!
	const ref = `${order.transactionNumber}-${order.transactionSuffix}`
	await page.goto('/')
	await hydrated(page)
	await workerInControl(page)
	await page.goto(`/orders/${ref}`)
	await hydrated(page)
	const opened = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download', exact: true }).click()
	expect(await (await opened).failure()).toBeNull()

	await context.setOffline(true)
	const again = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download', exact: true }).click()
	const offline = await again
	expect(await offline.failure()).toBeNull()
	const pdf = await offline.createReadStream()
	const head = await new Promise<string>((resolve) => pdf.once('data', (c) => resolve(String(c))))
	expect(head.startsWith('%PDF')).toBe(true)
	// The order's page too, marked as the saved copy; the offline page lists both.
	await page.reload().catch(() => {})
	await expect(page.getByText(/this is the copy saved/)).toBeVisible()
	await expect(
		page.getByRole('heading', { name: `Order ${order.transactionNumber}` }),
	).toBeVisible()
	await page.goto('/stores').catch(() => {})
	const saved = page.getByRole('list').filter({ hasText: 'saved' })
	await expect(saved.getByRole('link', { name: `Order ${ref} (PDF)` })).toBeVisible()
	await expect(saved.getByRole('link', { name: `Order ${ref}`, exact: true })).toBeVisible()

	await context.setOffline(false)
	await page.goto('/')
	await hydrated(page)
	await (await openMenu(page, 'My Account')).getByRole('button', { name: 'Sign Out' }).click()
	await expect(page).toHaveURL(/\/login/)
	// Signing out cleared the browser's storage, the worker with it; the sign-in page installs a
	// new one, which holds nothing of the user's.
	await hydrated(page)
	await workerInControl(page)
	await context.setOffline(true)
	const status = await page.evaluate(async (url) => {
		try {
			return (await fetch(url)).status
		} catch {
			return 'not sent'
		}
	}, `/orders/${ref}/document`)
	expect(status).toBe('not sent')
	await page.goto(`/orders/${ref}`).catch(() => {})
	await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
	await expect(page.getByText('Saved for reading offline')).toHaveCount(0)
})

test('every answer names its session and when it ends; nobody’s says none @api', async ({
	page,
	login,
	sandbox,
}) => {
	const signInPage = await page.request.get('/login')
	expect(signInPage.headers()['x-portal-session']).toBe('none')
	await login()
	const home = await page.request.get('/')
	const key = home.headers()['x-portal-session']
	expect(key).toMatch(/^[\w-]{22}$/)
	// A session not remembered ends 12 hours after its last use.
	const ends = Number(home.headers()['x-portal-session-ends'])
	expect(ends - Date.now()).toBeGreaterThan(11 * 60 * 60_000)
	expect(ends - Date.now()).toBeLessThanOrEqual(12 * 60 * 60_000)
	expect(home.headers()['content-language']).toBe('en-AU')
	const order = (await sandbox.transactions('demo')).find((t) => t.transactionType === 'Order')!
	const pdf = await page.request.get(`/orders/${order.transactionNumber}-0/document`)
	expect(pdf.headers()['x-portal-session']).toBe(key)
	await login('tbaker')
	expect((await page.request.get('/')).headers()['x-portal-session']).not.toBe(key)
})

/** Opens the demo customer's first order while online: the worker saves it. Its reference. */
async function savedOrder(page: Page, sandbox: SandboxControl, context: BrowserContext) {
	const order = (await sandbox.transactions('demo')).find((t) => t.transactionType === 'Order')!
	const ref = `${order.transactionNumber}-${order.transactionSuffix}`
	await page.goto('/')
	await hydrated(page)
	await workerInControl(page)
	await page.goto(`/orders/${ref}`)
	await expect(
		page.getByRole('heading', { name: `Order ${order.transactionNumber}` }),
	).toBeVisible()
	// Saved: offline, the page is its copy.
	await context.setOffline(true)
	await page.reload().catch(() => {})
	await expect(page.getByText(/this is the copy saved/)).toBeVisible()
	await context.setOffline(false)
	return { ref, heading: `Order ${order.transactionNumber}` }
}

/** Offline, `path` is the offline page with nothing saved to read. */
async function nothingSaved(page: Page, context: BrowserContext, path: string, heading: string) {
	await context.setOffline(true)
	await page.goto(path).catch(() => {})
	await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
	await expect(page.getByText('Saved for reading offline')).toHaveCount(0)
	await expect(page.getByRole('heading', { name: heading })).toHaveCount(0)
	const status = await page.evaluate(async (url) => {
		try {
			return (await fetch(url)).status
		} catch {
			return 'not sent'
		}
	}, `${path}/document`)
	expect(status).toBe('not sent')
}

test('another user signing in never sees the last one’s saved copies, before any script of the page runs @js-only', async ({
	page,
	context,
	login,
	sandbox,
}) => {
	await login()
	const { ref, heading } = await savedOrder(page, sandbox, context)
	// Someone else signs in on this device (no Sign Out before): their first page is all the
	// worker needs to know it; the page's own scripts are held back.
	await login('tbaker')
	await holdHydration(page)
	await page.goto('/')
	await expect(page.getByRole('heading', { name: /^Hi Tom!/ })).toBeVisible()
	await nothingSaved(page, context, `/orders/${ref}`, heading)
})

test('a session that lapsed without Sign Out: the sign-in page it leads to clears the saved copies @js-only', async ({
	page,
	context,
	login,
	sandbox,
}) => {
	await login()
	const { ref, heading } = await savedOrder(page, sandbox, context)
	// The cookies go (expired, or cleared): the next page the portal answers is the sign-in page.
	await context.clearCookies()
	await holdHydration(page)
	await page.goto('/orders')
	await expect(page).toHaveURL(/\/login/)
	await nothingSaved(page, context, `/orders/${ref}`, heading)
})

test('offline, a saved page has one banner; the offline page has the portal’s header and a way back @js-only', async ({
	page,
	context,
	login,
	sandbox,
}) => {
	await login()
	const { ref, heading } = await savedOrder(page, sandbox, context)
	await context.setOffline(true)
	await page.goto(`/orders/${ref}`).catch(() => {})
	await hydrated(page)
	await expect(page.getByRole('heading', { name: heading })).toBeVisible()
	await expect(page.getByText(/this is the copy saved/)).toBeVisible()
	await expect(
		page.getByText("You're offline. What you send waits here until you're back."),
	).toBeHidden()

	// From the saved page to one that needs the connection, and back.
	await page
		.goto('/stores', { referer: new URL(`/orders/${ref}`, page.url()).href })
		.catch(() => {})
	await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible()
	await expect(
		page.getByRole('banner').getByRole('link', { name: 'Southern Cross Building Supplies home' }),
	).toHaveAttribute('href', '/')
	await page.getByRole('link', { name: 'Back' }).click()
	await expect(page.getByRole('heading', { name: heading })).toBeVisible()
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto('/stores').catch(() => {})
	await fitsThePhone(page)
})

test('a quick-order paste survives a reload @js-only', async ({ page, login }) => {
	await login()
	await page.goto('/quick-order')
	await hydrated(page)
	const paste = 'HNAI001 20\nHNAI002 5\nTMGP10005 4.8x20 6.0x10'
	await page.getByLabel('Lines').fill(paste)
	await page.reload()
	await hydrated(page)
	await expect(page.getByLabel('Lines')).toHaveValue(paste)
	// Once the lines are in the cart the draft is gone.
	await page.getByRole('button', { name: 'Check lines' }).click()
	await page.getByRole('button', { name: /^Add \d+ lines? to cart$/ }).click()
	await page.goto('/quick-order')
	await hydrated(page)
	await expect(page.getByLabel('Lines')).toHaveValue('')
})

const TIMBER = '/products/TIM/FRM/H2F'
const FRAMING = 'H2F MGP10 Blue Pine 140x45 Framing'
const tallyCell = (page: Page, cell: 'Length' | 'Qty', line: number) =>
	page
		.getByRole('dialog', { name: `Tally: ${FRAMING}` })
		.getByRole('spinbutton', { name: `${cell}, line ${line}` })

test('tally lengths typed survive a reload, not another user; once added the next tally is empty @js-only', async ({
	page,
	login,
	sandbox,
}) => {
	await login()
	await page.goto(`${TIMBER}?product=TH2F004&dialog=tally`)
	await hydrated(page)
	await tallyCell(page, 'Length', 1).fill('3.6')
	await tallyCell(page, 'Qty', 1).fill('4')
	await page.getByRole('button', { name: 'Add new line' }).click()
	await tallyCell(page, 'Length', 2).fill('5.4')
	await tallyCell(page, 'Qty', 2).fill('2')
	const typed = async () => {
		await expect(tallyCell(page, 'Length', 1)).toHaveValue('3.6')
		await expect(tallyCell(page, 'Qty', 1)).toHaveValue('4')
		await expect(tallyCell(page, 'Length', 2)).toHaveValue('5.4')
		await expect(tallyCell(page, 'Qty', 2)).toHaveValue('2')
	}
	await page.reload()
	await hydrated(page)
	await typed()
	// Closed, and opened again from the list.
	await page.getByRole('link', { name: 'Close' }).click()
	await page
		.getByRole('listitem')
		.filter({ hasText: FRAMING })
		.getByRole('link', { name: 'Tally' })
		.click()
	await typed()

	// Another user of this browser opens the same tally: empty.
	await login('tbaker')
	await page.reload()
	await hydrated(page)
	await expect(tallyCell(page, 'Length', 1)).toHaveValue('')
	await expect(tallyCell(page, 'Length', 2)).toHaveCount(0)

	// A post the presenter refuses keeps them (2.5 m is no stock length).
	await login()
	await page.reload()
	await hydrated(page)
	await typed()
	await tallyCell(page, 'Length', 2).fill('2.5')
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(tallyCell(page, 'Length', 2)).toHaveAttribute('aria-invalid', 'true')
	await page.reload()
	await hydrated(page)
	await expect(tallyCell(page, 'Length', 2)).toHaveValue('2.5')

	// Added: the draft is gone.
	await tallyCell(page, 'Length', 2).fill('5.4')
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
	const [line] = await activeCartLines(sandbox)
	expect(line?.tally).toEqual([
		{ length: 3.6, qty: 4 },
		{ length: 5.4, qty: 2 },
	])
	await page
		.getByRole('listitem')
		.filter({ hasText: FRAMING })
		.getByRole('link', { name: 'Tally' })
		.click()
	await expect(tallyCell(page, 'Length', 1)).toHaveValue('')
	await expect(tallyCell(page, 'Length', 2)).toHaveCount(0)
	await page.reload()
	await hydrated(page)
	await expect(tallyCell(page, 'Length', 1)).toHaveValue('')
})

test('tally lengths sent after the session lapsed are kept through signing in again @js-only', async ({
	page,
	context,
	login,
	sandbox,
}) => {
	await login()
	await page.goto(`${TIMBER}?product=TH2F004&dialog=tally`)
	await hydrated(page)
	await tallyCell(page, 'Length', 1).fill('3.6')
	await tallyCell(page, 'Qty', 1).fill('4')
	// The session ends while the customer types (a phone left overnight): the post goes to sign-in.
	await context.clearCookies()
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(page).toHaveURL(/\/login/)
	expect(await activeCartLines(sandbox)).toEqual([])
	await login()
	await page.goto(`${TIMBER}?product=TH2F004&dialog=tally`)
	await hydrated(page)
	await expect(tallyCell(page, 'Length', 1)).toHaveValue('3.6')
	await expect(tallyCell(page, 'Qty', 1)).toHaveValue('4')
})

test("a cart line's tally edit survives a reload; once saved the next edit starts from the cart @js-only", async ({
	page,
	login,
	sandbox,
}) => {
	await login()
	const added = await page.request.post(`${TIMBER}?product=TH2F004&dialog=tally`, {
		form: {
			intent: 'tally-add',
			productID: 'TH2F004',
			uom: 'LM',
			closeTo: TIMBER,
			'lines[0].length': '3.6',
			'lines[0].qty': '4',
		},
		maxRedirects: 0,
	})
	expect(added.status()).toBe(302)
	await page.goto('/cart')
	await hydrated(page)
	await page.getByRole('link', { name: `Edit lengths of ${FRAMING}` }).click()
	await tallyCell(page, 'Qty', 1).fill('6')
	await page.reload()
	await hydrated(page)
	await expect(tallyCell(page, 'Qty', 1)).toHaveValue('6')

	await page.getByRole('button', { name: 'Save' }).click()
	await expect(tallyCell(page, 'Qty', 1)).toHaveCount(0)
	const [line] = await activeCartLines(sandbox)
	expect(line?.tally).toEqual([{ length: 3.6, qty: 6 }])
	// Changed elsewhere since: the next edit starts from the cart's lengths, not an old draft.
	const lineID = String((line as unknown as { lineID: number }).lineID)
	const changed = await page.request.post(`/cart?dialog=tally&line=${lineID}`, {
		form: {
			intent: 'update-tally',
			lineID,
			productID: 'TH2F004',
			uom: 'LM',
			'lines[0].length': '3.6',
			'lines[0].qty': '8',
		},
		maxRedirects: 0,
	})
	expect(changed.status()).toBe(302)
	await page.getByRole('link', { name: `Edit lengths of ${FRAMING}` }).click()
	await expect(tallyCell(page, 'Qty', 1)).toHaveValue('8')
	await page.reload()
	await hydrated(page)
	await expect(tallyCell(page, 'Qty', 1)).toHaveValue('8')
})
