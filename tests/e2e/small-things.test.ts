import { type Locator, type Page } from '@playwright/test'
import { activeCartLines, addToCart, expect, test } from './fixtures.ts'

/** Issue 13's small things: natural size order, price units, no price, missing pictures,
 * Copy to Cart's price notice and the cart a customer without one cannot add to. */

const products = (page: Page) => page.getByRole('list', { name: 'Products' })
const toast = (page: Page) => page.getByRole('status')
/** The first number of a 'WxH' size in a product name. */
const width = (name: string) => Number(/(\d+)x\d+/.exec(name)?.[1] ?? NaN)

/** Whether an image has drawn a picture (not the broken-image icon). */
async function drawn(image: Locator) {
	await image.scrollIntoViewIfNeeded()
	await expect
		.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
		.toBe(true)
}

test.describe('natural size order', () => {
	test('a class lists 45x45 and 90x45 before 120x35; search too', async ({ page, login }) => {
		await login()
		await page.goto('/products/TIM/FRM/MGP10')
		const names = await products(page).getByRole('heading', { level: 2 }).allTextContents()
		const widths = names.map(width)
		expect(widths.length).toBeGreaterThan(5)
		expect(widths).toEqual([...widths].sort((a, b) => a - b))
		expect(names.findIndex((n) => n.includes('120x35'))).toBeGreaterThan(
			names.findIndex((n) => n.includes('90x45')),
		)

		await page.goto('/search?value=MGP10+pine')
		const found = await products(page).getByRole('heading', { level: 2 }).allTextContents()
		const mgp10 = found.filter((n) => n.startsWith('MGP10 ')).map(width)
		expect(mgp10).toEqual([...mgp10].sort((a, b) => a - b))
	})
})

test.describe('prices', () => {
	test('say their unit on search, list, detail and in the cart', async ({ page, login }) => {
		await login()
		await page.goto('/search?value=MGP10+pine+90x45')
		const card = products(page).getByRole('listitem').filter({ hasText: 'TMGP10005' })
		await expect(card.getByText(/^\$[\d,]+\.\d\d per metre$/).first()).toBeVisible()

		await page.goto('/products/HWR/FAS/NAI')
		await page.getByRole('button', { name: 'See Prices' }).click()
		await expect(
			products(page)
				.getByText(/^\$[\d,]+\.\d\d (each|per box)$/)
				.first(),
		).toBeVisible()

		await page.goto('/products/TIM/FRM/MGP10?product=TMGP10005')
		await expect(
			page
				.getByRole('dialog')
				.getByText(/per metre$/)
				.first(),
		).toBeVisible()

		await addToCart(page, 'HNAI001', 2)
		await page.goto('/cart')
		await expect(page.getByText(/^\$[\d,]+\.\d\d per box$/)).toBeVisible()
	})

	test('a product without a price says so, in the list and the cart, never $0.00', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/search?value=PGH+Cream+Face+Brick')
		const brick = products(page).getByRole('listitem').filter({ hasText: 'BBRK006' })
		await expect(brick.getByText('Price on request')).toBeVisible()
		await expect(brick.getByText('$0.00')).toHaveCount(0)

		const bricks = '/products/BLD/BRK/BRK'
		const form = { intent: 'add-to-cart', productID: 'BBRK006', uom: 'EA', quantity: '3' }
		const added = await page.request.post(bricks, {
			form: { ...form, redirectTo: bricks },
			maxRedirects: 0,
		})
		expect(added.status()).toBe(302)
		const list = '/products/HWR/FAS/NAI'
		await addToCart(page, 'HNAI001', 2, list)
		const lines = await activeCartLines(sandbox)
		expect(lines.map((l) => [l.productID, l.unitPrice > 0])).toEqual([
			['BBRK006', false],
			['HNAI001', true],
		])

		await page.goto('/cart')
		const line = page.getByRole('listitem').filter({ hasText: 'SKU BBRK006' })
		await expect(line.getByText('Price on request')).toHaveCount(2)
		await expect(page.getByText('$0.00')).toHaveCount(0)
		await expect(page.getByText('The total leaves out 1 line without a price')).toBeVisible()
	})
})

test.describe('missing product pictures', () => {
	test('show the placeholder, not a broken image, with or without JS', async ({ page, login }) => {
		await login()
		await page.goto('/products/BLD/BRK/PAV')
		const card = products(page).getByRole('listitem').filter({ hasText: 'BPAV007' })
		const image = card.locator('img')
		await expect(image).toHaveAttribute('src', /^\/media\?src=%2Fpresenter%2Fmedia%2Fmissing%2F/)
		await drawn(image)

		await page.goto('/products/BLD/BRK/PAV?product=BPAV007')
		const gallery = page.getByRole('dialog').locator('img')
		for (const img of await gallery.all()) await drawn(img)

		// The route is honest about it: the placeholder comes with a 404.
		const src = (await image.getAttribute('src'))!
		const response = await page.request.get(src)
		expect(response.status()).toBe(404)
		expect(response.headers()['content-type']).toBe('image/svg+xml')
	})
})

test.describe('Copy to Cart', () => {
	test('an old order: says which prices changed, links to the cart', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const all = await sandbox.transactions('demo')
		const order = all.find(
			(t) =>
				t.transactionType === 'Order' &&
				t.transactionSuffix === 0 &&
				t.deliveryDate < '2025-06-01' &&
				t.lines.some((l) => !l.productCode.startsWith('DEL-')),
		)!
		await page.goto(`/orders/${order.transactionNumber}-0`)
		await page.getByRole('button', { name: 'Copy to Cart' }).click()
		const heading = toast(page).getByText("Copied at today's prices; these have changed:")
		await expect(heading).toBeVisible()

		const cart = await activeCartLines(sandbox)
		const products = order.lines.filter((l) => !l.productCode.startsWith('DEL-'))
		expect(cart.map((l) => l.productID)).toEqual(products.map((l) => l.productCode))
		const changed = products.filter(
			(l, i) => Math.round(l.unitPrice * 100) !== Math.round(cart[i]!.unitPrice * 100),
		)
		expect(changed.length).toBeGreaterThan(0)
		await expect(
			toast(page).getByText("Copied at today's prices; these have changed:"),
		).toBeVisible()
		const items = toast(page).getByRole('listitem')
		// Ten changes named (then 'and N more'), and the totals compared.
		await expect(items.filter({ hasText: '→' })).toHaveCount(Math.min(changed.length, 10))
		await expect(items.first()).toContainText(`${changed[0]!.productDesc}: $`)
		await expect(items.first()).toContainText('→')
		await expect(items.filter({ hasText: /^The copied lines come to / })).toHaveCount(1)
		await toast(page).getByRole('link', { name: 'Review Cart' }).click()
		await expect(page).toHaveURL('/cart')
		await expect(page.getByRole('heading', { level: 1, name: 'Review Cart' })).toBeVisible()
	})

	test('a list at today’s prices: says prices are unchanged, links to the cart', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const list = (await sandbox.carts('demo')).find((c) => c.name === 'Weekly site top-up')!
		await page.goto(`/custom-lists/${list.cartSessionId}`)
		await page.getByRole('button', { name: 'Copy List to Cart' }).click()
		await expect(toast(page).getByText('Custom list copied. Prices are unchanged.')).toBeVisible()
		const cart = await activeCartLines(sandbox)
		expect(cart.map((l) => [l.productID, l.prodQty, l.unitPrice])).toEqual(
			list.lines.map((l) => [l.productID, l.prodQty, l.unitPrice]),
		)
		await toast(page).getByRole('link', { name: 'Review Cart' }).click()
		await expect(page).toHaveURL('/cart')
	})
})

test('shopping_cart_disabled: every way of adding to the cart is refused (403)', async ({
	page,
	login,
	sandbox,
}) => {
	const order = (await sandbox.transactions('demo')).find(
		(t) => t.transactionType === 'Order' && t.transactionSuffix === 0,
	)!
	const list = (await sandbox.carts('demo')).find((c) => c.name === 'Weekly site top-up')!
	await sandbox.configure('demo', { settings: { shopping_cart_disabled: 'true' } })
	await login()
	const add = { intent: 'add-to-cart', productID: 'HNAI001', uom: 'BOX', quantity: '1' }
	const posts: Array<[string, Record<string, string>]> = [
		['/products/HWR/FAS/NAI', { ...add, redirectTo: '/products/HWR/FAS/NAI' }],
		['/products/HWR/FAS/NAI?product=HNAI001', add],
		['/search?value=nail', add],
		[
			'/products/TIM/FRM/MGP10?product=TMGP10005&dialog=tally',
			{
				intent: 'tally-add',
				productID: 'TMGP10005',
				uom: 'LM',
				'lines[0].length': '3.0',
				'lines[0].qty': '2',
			},
		],
		['/quick-order', { intent: 'add', lines: 'HNAI001 3' }],
		[`/orders/${order.transactionNumber}-0`, { intent: 'copy-to-cart' }],
		[
			`/orders/${order.transactionNumber}-0`,
			{
				intent: 'reorder',
				'lines[0].lineNum': String(1),
				'lines[0].selected': 'on',
				'lines[0].quantity': '1',
			},
		],
		[`/custom-lists/${list.cartSessionId}`, { intent: 'copy-to-cart' }],
	]
	for (const [url, form] of posts) {
		const response = await page.request.post(url, { form, maxRedirects: 0 })
		expect(response.status(), `${form.intent} at ${url}`).toBe(403)
	}
	expect(await activeCartLines(sandbox)).toEqual([])
})
