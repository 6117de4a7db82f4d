import { type Page } from '@playwright/test'
import { activeCartLines, addToCart, expect, fillCheckout, test } from './fixtures.ts'

/** A value of the Order Summary, e.g. 'Total' → 2465.2. */
async function summary(page: Page, term: string) {
	const row = page
		.getByRole('complementary', { name: 'Order Summary' })
		.locator('div')
		.filter({ has: page.getByText(term, { exact: true }) })
	return (await row.locator('dd').innerText()).trim()
}
const amount = (text: string) => Number(text.replace(/[^0-9.]/g, ''))

/** A cart whose per-line GST differs from 10% of its total (unit GST rounded, times quantity). */
async function fillCart(page: Page) {
	await addToCart(page, 'HNAI001', 37)
	await addToCart(page, 'HNAI002', 23)
	await addToCart(page, 'HNAI004', 11)
}

test.describe('the total shown before confirming is the total placed', () => {
	test('cart, pickup checkout and the placed order agree to the cent @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await fillCart(page)
		await page.goto('/cart')
		const inCart = await summary(page, 'Total')
		const gstInCart = await summary(page, 'GST')

		await page.goto('/checkout')
		expect(await summary(page, 'Total')).toBe(inCart)
		expect(await summary(page, 'GST')).toBe(gstInCart)
		await fillCheckout(page, enhanced, { despatch: 'PICKUP' })
		await expect(page.getByText('Delivery (ex GST)')).toHaveCount(0)
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		expect(order?.transactionAmount).toBe(amount(inCart))
	})

	test('a delivery: the charge is a line of the summary once calculated, and the total placed @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await fillCart(page)
		await page.goto('/checkout')
		const linesOnly = amount(await summary(page, 'Total'))
		await fillCheckout(page, enhanced, {
			despatch: 'DEL',
			address: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
			vehicle: 'Tray Truck',
		})
		// Before it is calculated the summary says a charge will be added.
		expect(await summary(page, 'Delivery (ex GST)')).toBe('Not calculated yet')
		await expect(
			page.getByText('A delivery charge is added to this total: press Calculate delivery'),
		).toBeVisible()

		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		await expect(page.getByRole('region', { name: 'Delivery charge' })).toBeVisible()
		// The tray truck's 0–10 km charge: $75.00 ex GST, $7.50 GST.
		await expect.poll(() => summary(page, 'Delivery (ex GST)')).toBe('$75.00')
		const shown = await summary(page, 'Total')
		expect(amount(shown)).toBeCloseTo(linesOnly + 82.5, 2)
		await expect(page.getByText('A delivery charge is added to this total')).toHaveCount(0)

		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		expect(order?.transactionAmount).toBe(amount(shown))
		expect(order?.lines.map((l) => l.productCode)).toContain('DEL-TRAY-0-10')
	})

	test('a quote with delivery confirmed before calculating: nothing is placed until the new total is seen @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await fillCart(page)
		await page.goto('/checkout')
		const linesOnly = amount(await summary(page, 'Total'))
		await fillCheckout(page, enhanced, {
			despatch: 'DEL',
			address: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
			vehicle: 'Tray Truck',
		})
		const before = await sandbox.transactions('demo')
		const posted = page.waitForResponse((r) => r.request().method() === 'POST')
		await page.getByRole('button', { name: 'Create Quote' }).click()
		expect((await posted).status()).toBe(409)
		const error = page.getByRole('dialog', { name: 'Error' })
		await expect(error).toContainText(/With delivery the total is \$[\d,]+\.\d\d\. Check the Order/)
		expect(await sandbox.transactions('demo')).toHaveLength(before.length)
		// The delivery charge is not left in the cart.
		expect((await activeCartLines(sandbox)).map((l) => l.productID)).toEqual([
			'HNAI001',
			'HNAI002',
			'HNAI004',
		])
		await error
			.getByRole('link', { name: 'OK' })
			.or(error.getByRole('button', { name: 'OK' }))
			.click()

		const shown = await summary(page, 'Total')
		expect(amount(shown)).toBeCloseTo(linesOnly + 82.5, 2)
		await page.getByRole('button', { name: 'Create Quote' }).click()
		await expect(page.getByRole('dialog', { name: 'Quote Created' })).toBeVisible()
		const [quote] = await sandbox.transactions('demo')
		expect(quote).toMatchObject({ transactionType: 'Quote', transactionAmount: amount(shown) })
	})

	test('a line added in another tab after the checkout opened: nothing is placed until the new total is seen @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await fillCart(page)
		await page.goto('/checkout')
		const before = amount(await summary(page, 'Total'))
		await fillCheckout(page, enhanced, { despatch: 'PICKUP' })
		// Another tab of the same session adds to the cart while this one shows the summary.
		await addToCart(page, 'HNAI003', 5)
		const placed = await sandbox.transactions('demo')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		const error = page.getByRole('dialog', { name: 'Error' })
		await expect(error).toContainText(/The total is now \$[\d,]+\.\d\d\. Check the Order Summary/)
		const told = amount((/\$([\d,]+\.\d\d)/.exec(await error.innerText()) ?? [])[1] ?? '')
		expect(told).toBeGreaterThan(before)
		expect(await sandbox.transactions('demo')).toHaveLength(placed.length)
		await error
			.getByRole('link', { name: 'OK' })
			.or(error.getByRole('button', { name: 'OK' }))
			.click()
		// The summary and the header's cart now say what the message said.
		expect(amount(await summary(page, 'Total'))).toBe(told)
		await expect(page.getByRole('link', { name: /^Cart: 4 lines/ })).toBeVisible()
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		expect(order?.transactionAmount).toBe(told)
	})

	test('the confirmation shows only what this session placed', async ({ page, login, sandbox }) => {
		await login()
		// The demo customer's own seeded order, never placed by this session.
		const [seeded] = (await sandbox.transactions('demo')).filter(
			(t) => t.transactionType === 'Order',
		)
		const response = await page.goto(
			`/checkout/complete?type=Order&number=${seeded!.transactionNumber}`,
		)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Order Complete!' })).toHaveCount(0)
	})
})
