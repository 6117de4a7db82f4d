import { activeCartLines, backAt, expect, test } from './fixtures.ts'

type Order = {
	transactionType: string
	invoiceDate: string
	deliveryDate: string
	lines: Array<{ productCode: string; quantity: number }>
}

/** The 8 products ordered most in the last 90 days: by orders, then quantity, then SKU. */
function expectedRecent(history: Order[]) {
	const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10)
	const tally = new Map<string, { orders: number; quantity: number }>()
	for (const order of history) {
		if (order.transactionType !== 'Order' || (order.invoiceDate || order.deliveryDate) < since)
			continue
		for (const code of new Set(order.lines.map((l) => l.productCode))) {
			if (code.startsWith('DEL-')) continue
			const quantity = order.lines
				.filter((l) => l.productCode === code)
				.reduce((s, l) => s + l.quantity, 0)
			const t = tally.get(code) ?? { orders: 0, quantity: 0 }
			tally.set(code, { orders: t.orders + 1, quantity: t.quantity + quantity })
		}
	}
	return [...tally]
		.sort(([a, x], [b, y]) => y.orders - x.orders || y.quantity - x.quantity || a.localeCompare(b))
		.slice(0, 8)
		.map(([code]) => code)
}

test('home shows the products ordered most in the last 90 days, each with add to cart', async ({
	page,
	login,
	sandbox,
}) => {
	const expected = expectedRecent((await sandbox.transactions('demo')) as unknown as Order[])
	await login()
	await page.goto('/')
	const region = page.getByRole('region', { name: 'Recently ordered' })
	if (!expected.length) {
		await expect(region.getByText('Nothing ordered in the last 90 days.')).toBeVisible()
		return
	}
	const items = region.getByRole('listitem')
	await expect(items).toHaveCount(expected.length)
	for (const [i, code] of expected.entries())
		await expect(items.nth(i)).toContainText(`SKU ${code}`)

	const item = items.filter({ has: page.getByRole('button', { name: /^Add to cart/ }) }).first()
	const sku = /SKU ([A-Z]+\d+)/.exec((await item.textContent()) ?? '')![1]!
	await item.getByRole('spinbutton').fill('2')
	await item.getByRole('button', { name: /^Add to cart/ }).click()
	await expect(page.getByText('Added to cart')).toBeVisible()
	await expect(page).toHaveURL(backAt('/'))
	await expect
		.poll(async () => (await activeCartLines(sandbox)).map((l) => [l.productID, l.prodQty]))
		.toEqual([[sku, 2]])
})

test('without a cart there is no recently ordered', async ({ page, login, sandbox }) => {
	await sandbox.configure('demo', { settings: { shopping_cart_disabled: 'true' } })
	await login()
	await page.goto('/')
	await expect(page.getByRole('heading', { name: /^Hi / })).toBeVisible()
	await expect(page.getByRole('region', { name: 'Recently ordered' })).toHaveCount(0)
})

test('a slow product look-up does not hold home up: the section links to recently ordered', async ({
	page,
	login,
	sandbox,
}) => {
	const expected = expectedRecent((await sandbox.transactions('demo')) as unknown as Order[])
	expect(expected.length).toBeGreaterThan(0)
	await login()
	// Each product is looked up slower than home waits for recently ordered without JS (1.5 s
	// here). A browser's first page is rendered as without JS: it has not announced JS yet.
	await sandbox.faults({ slow: [{ fn: 'getProductDetails', ms: 2_500 }] })
	await page.goto('/')
	await expect(page.getByRole('heading', { name: /^Hi / })).toBeVisible()
	const region = page.getByRole('region', { name: 'Recently ordered' })
	await expect(
		region.getByText('Your recently ordered products are still being gathered.'),
	).toBeVisible()
	await expect(region.getByRole('listitem')).toHaveCount(0)
	await expect(region.getByText('Nothing ordered in the last 90 days.')).toHaveCount(0)

	// The link waits for them, however long they take.
	await region.getByRole('link', { name: 'Show recently ordered products' }).click()
	await expect(page).toHaveURL(/\/\?recent#recently-ordered$/)
	const items = region.getByRole('listitem')
	await expect(items).toHaveCount(expected.length)
	for (const [i, code] of expected.entries())
		await expect(items.nth(i)).toContainText(`SKU ${code}`)
})
