import { type Page } from '@playwright/test'
import { activeCartLines, expect, hydrated, test } from './fixtures.ts'

/** Six lines: a plain one, two tally lines, an unknown SKU, a bad length and a no-price product. */
const ORDER = [
	'HNAI001 3',
	'TMGP10005 4.8x20 6.0x10',
	'tmgp10006 20 @ 3.0',
	'HNAI0099 2',
	'TMGP10005 5.0*4',
	'BWET011 1',
]
const CSV = [
	'SKU,Qty,Length',
	'HNAI001,3,',
	'TMGP10005,20,4.8',
	'TMGP10005,10,6.0',
	'tmgp10006,20,3.0',
	'HNAI0099,2,',
	'TMGP10005,4,5.0',
	'BWET011,1,',
].join('\n')

/** What the cart must hold afterwards: the three valid lines, with their lengths. */
const EXPECTED_CART = [
	{ productID: 'HNAI001', prodQty: 3, UOM: 'BOX', tally: [] },
	{
		productID: 'TMGP10005',
		prodQty: 156,
		UOM: 'LM',
		tally: [
			{ length: 4.8, qty: 20 },
			{ length: 6, qty: 10 },
		],
	},
	{ productID: 'TMGP10006', prodQty: 60, UOM: 'LM', tally: [{ length: 3, qty: 20 }] },
]

function line(page: Page, text: string | RegExp) {
	return page
		.getByRole('region', { name: 'Check your order' })
		.getByRole('listitem')
		.filter({
			has: page.locator('code', { hasText: text }),
		})
}

async function expectConfirmation(page: Page) {
	const region = page.getByRole('region', { name: 'Check your order' })
	await expect(region.getByRole('status')).toHaveText(/^3 of 6 lines ready, 3 to fix/)
	const nails = line(page, /^HNAI001 3$/)
	await expect(nails).toContainText('Paslode Impulse Bright Nails 50mm x 3000')
	await expect(nails).toContainText('3 BOX')
	await expect(nails).toContainText('$52.38')
	await expect(nails).toContainText('$157.14')
	await expect(nails).toContainText('In Stock')
	const tally = line(page, 'TMGP10005 4.8x20')
	await expect(tally).toContainText('4.8 m × 20, 6.0 m × 10')
	await expect(tally).toContainText('156 LM')
	await expect(tally).toContainText('Low Stock')
	await expect(line(page, /^tmgp10006/i)).toContainText('60 LM')

	const unknown = line(page, 'HNAI0099')
	await expect(unknown).toContainText('Unknown SKU HNAI0099')
	await expect(unknown.getByRole('listitem')).toHaveCount(3)
	await expect(unknown.getByRole('listitem').first()).toContainText('HNAI00')
	await expect(line(page, /^TMGP10005 5\.0/)).toContainText(
		'5 m is not a stock length of MGP10 Pine 90x45 Framing: use 2.7, 3.3, 3.6, 3.9, 4.2, 4.5, 4.8, 5.1, 5.4, 6.0 m',
	)
	await expect(line(page, 'BWET011')).toContainText('has no price: ask us for a quote')
}

async function addAndCheckCart(page: Page, sandbox: Parameters<typeof activeCartLines>[0]) {
	await page.getByRole('button', { name: 'Add 3 lines to cart' }).click()
	await expect(page).toHaveURL('/cart')
	await expect(page.getByText('Added 3 lines to cart')).toBeVisible()
	const lines = await activeCartLines(sandbox)
	expect(
		lines
			.map(({ productID, prodQty, UOM, tally }) => ({ productID, prodQty, UOM, tally }))
			.sort((a, b) => a.productID.localeCompare(b.productID)),
	).toEqual(EXPECTED_CART)
}

test.describe('quick order', () => {
	test('pasted lines: each outcome with suggestions, then the valid lines go to the cart', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/cart')
		await page.getByRole('link', { name: 'Quick Order' }).first().click()
		await expect(page.getByRole('heading', { name: 'Quick Order' })).toBeVisible()
		await page.getByLabel('Lines').fill(ORDER.join('\n'))
		await page.getByRole('button', { name: 'Check lines' }).click()
		await expectConfirmation(page)
		// Nothing is in the cart until the lines are added.
		expect(await activeCartLines(sandbox)).toEqual([])
		await addAndCheckCart(page, sandbox)
	})

	test('the total says whether it includes GST', async ({ page, login, sandbox, enhanced }) => {
		await login()
		const status = page.getByRole('region', { name: 'Check your order' }).getByRole('status')
		await page.goto('/quick-order')
		// With JS the page restores a draft once hydrated: typing comes after.
		if (enhanced) await hydrated(page)
		await page.getByLabel('Lines').fill('HNAI001 3')
		await page.getByRole('button', { name: 'Check lines' }).click()
		await expect(status).toHaveText('1 of 1 line ready · $157.14 ex GST')
		// Settings are read once a session (cached): a new sign-in has the new one.
		await sandbox.configure('demo', { settings: { tax_inclusive: 'true' } })
		await login()
		await page.goto('/quick-order')
		if (enhanced) await hydrated(page)
		await page.getByLabel('Lines').fill('HNAI001 3')
		await page.getByRole('button', { name: 'Check lines' }).click()
		await expect(status).toHaveText(/^1 of 1 line ready · \$172\.\d\d inc GST$/)
	})

	test('a CSV upload of the same lines', async ({ page, login, sandbox }) => {
		await login()
		await page.goto('/quick-order')
		await page.getByLabel('CSV file').setInputFiles({
			name: 'order.csv',
			mimeType: 'text/csv',
			buffer: Buffer.from(CSV),
		})
		await page.getByRole('button', { name: 'Upload CSV' }).click()
		await expectConfirmation(page)
		// The CSV's lines are in the text box, to correct and check again.
		await expect(page.getByLabel('Lines')).toHaveValue(/^HNAI001 3\nTMGP10005 4\.8x20 6\.0x10\n/)
		await addAndCheckCart(page, sandbox)
	})

	test('no lines: the message is next to the field', async ({ page, login }) => {
		await login()
		await page.goto('/quick-order')
		await page.getByRole('button', { name: 'Check lines' }).click()
		await expect(page.getByLabel('Lines')).toHaveAccessibleDescription('Enter at least one line')
	})

	test('an order of more than 500 lines is refused next to the field, the typing kept', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/quick-order')
		const lines = Array.from({ length: 501 }, (_, i) => `HNAI001 ${i + 1}`).join('\n')
		await page.getByLabel('Lines').fill(lines)
		await page.getByRole('button', { name: 'Check lines' }).click()
		await expect(page.getByLabel('Lines')).toHaveAccessibleDescription('Enter at most 500 lines')
		await expect(page.getByLabel('Lines')).toHaveValue(lines)
		expect(await activeCartLines(sandbox)).toEqual([])
	})

	test('a customer without a cart has neither the link nor the page', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { shopping_cart_disabled: 'true' } })
		await login()
		await page.goto('/')
		await expect(page.getByRole('link', { name: 'Quick Order' })).toHaveCount(0)
		const response = await page.goto('/quick-order')
		expect(response?.status()).toBe(403)
		const post = await page.request.post('/quick-order', {
			form: { intent: 'add', lines: 'HNAI001 3' },
			maxRedirects: 0,
		})
		expect(post.status()).toBe(403)
		expect(await activeCartLines(sandbox)).toEqual([])
	})

	test.describe('on a 390 px phone', () => {
		test.use({ viewport: { width: 390, height: 844 } })
		test('the confirmation does not scroll sideways', async ({ page, login }) => {
			await login()
			await page.goto('/quick-order')
			await page.getByLabel('Lines').fill(ORDER.join('\n'))
			await page.getByRole('button', { name: 'Check lines' }).click()
			await expect(page.getByRole('button', { name: 'Add 3 lines to cart' })).toBeVisible()
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				390,
			)
		})

		test('Check lines and Upload CSV land on the result, not at the top @nojs-only', async ({
			page,
			login,
		}) => {
			await login()
			await page.goto('/quick-order')
			await page.getByLabel('Lines').fill(ORDER.join('\n'))
			await page.getByRole('button', { name: 'Check lines' }).click()
			const result = page.getByRole('heading', { name: 'Check your order' })
			await expect(result).toBeInViewport()
			// Below the sticky masthead, not under it.
			const masthead = (await page.getByRole('banner').boundingBox())!
			expect((await result.boundingBox())!.y).toBeGreaterThanOrEqual(masthead.y + masthead.height)
			await expect(
				page.getByRole('heading', { name: 'Quick Order', exact: true }),
			).not.toBeInViewport()

			await page.goto('/quick-order')
			await page.getByLabel('CSV file').setInputFiles({
				name: 'order.csv',
				mimeType: 'text/csv',
				buffer: Buffer.from(CSV),
			})
			await page.getByRole('button', { name: 'Upload CSV' }).click()
			await expect(result).toBeInViewport()
		})

		test('a refused check stays at the field @nojs-only', async ({ page, login }) => {
			await login()
			await page.goto('/quick-order')
			await page.getByRole('button', { name: 'Check lines' }).click()
			await expect(page.getByLabel('Lines')).toHaveAccessibleDescription('Enter at least one line')
			await expect(page.getByLabel('Lines')).toBeInViewport()
		})
	})
})
