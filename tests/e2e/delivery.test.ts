import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { activeCartLines, addToCart, expect, fillCheckout, test } from './fixtures.ts'

/** The 'Calculate delivery' preview on the checkout. */
const preview = (page: Page) => page.getByRole('region', { name: 'Delivery charge' })

/** The preview's value for a term, e.g. 'Delivery charge' → '$75.00'. */
const term = (page: Page, name: string) =>
	preview(page)
		.locator('div')
		.filter({ has: page.getByText(name, { exact: true }) })
		.locator('dd')

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''))

test.describe('checkout delivery charge', () => {
	test('shown before confirming, with the branch and distance; the order charges the same @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI002', 2)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, {
			despatch: 'DEL',
			address: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
			vehicle: 'Tray Truck',
		})
		await expect(preview(page)).toHaveCount(0)
		const before = await sandbox.transactions('demo')
		await page.getByRole('button', { name: 'Calculate delivery' }).click()

		await expect(preview(page)).toContainText('To 14 Bourke Road, Alexandria, NSW 2015')
		// Without JS the answer is a new page: it opens at the result, not at the top.
		await expect(preview(page)).toBeInViewport()
		await expect(term(page, 'From branch')).toHaveText('Alexandria')
		await expect(term(page, 'Distance')).toHaveText(/^\d+(\.\d)? km$/)
		await expect(term(page, 'Delivery charge')).toHaveText(/^\$\d+\.\d\d$/)
		const shown = money(await term(page, 'Delivery charge').innerText())
		// Every field typed is kept, and nothing is ordered yet.
		await expect(page.getByLabel('Address')).toHaveValue('14 Bourke Road')
		await expect(page.getByLabel('Reference')).toHaveValue('Job 4471')
		await expect(page.getByLabel('Contact phone')).toHaveValue('0412 000 111')
		await expect(page.getByLabel('Vehicle type')).toHaveValue('2')
		expect(await sandbox.transactions('demo')).toHaveLength(before.length)
		expect((await activeCartLines(sandbox)).map((l) => l.productID)).toEqual(['HNAI002'])

		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		expect(order?.branchID).toBe(1)
		const charge = order?.lines.find((l) => l.productCode.startsWith('DEL-'))
		expect(charge).toMatchObject({ productCode: 'DEL-TRAY-0-10', quantity: 1, unitPrice: shown })
	})

	test('an address the geocoder cannot place is an error next to the address; nothing is ordered', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, {
			despatch: 'DEL',
			address: ['1 Nowhere Lane', 'Atlantis', 'NSW', '2999'],
			vehicle: 'Ute',
		})
		const before = await sandbox.transactions('demo')
		const posted = page.waitForResponse((r) => r.request().method() === 'POST')
		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		if (!enhanced) expect((await posted).status()).toBe(400)
		await expect(page.getByLabel('Address')).toHaveAccessibleDescription(
			'We could not find this address',
		)
		await expect(preview(page)).toHaveCount(0)
		await expect(page.getByLabel('Suburb')).toHaveValue('Atlantis')

		const submitted = page.waitForResponse((r) => r.request().method() === 'POST')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		if (!enhanced) expect((await submitted).status()).toBe(400)
		await expect(page.getByLabel('Address')).toHaveAccessibleDescription(
			'We could not find this address',
		)
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toHaveCount(0)
		expect(await sandbox.transactions('demo')).toHaveLength(before.length)
		expect((await activeCartLines(sandbox)).map((l) => l.productID)).toEqual(['HNAI001'])
	})

	test('a changed address is priced again: the order is charged for the address it goes to', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI003', 1)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, {
			despatch: 'DEL',
			address: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
			vehicle: 'Tray Truck',
		})
		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		await expect(term(page, 'From branch')).toHaveText('Alexandria')
		// Other fields do not touch it.
		await page.getByLabel('Contact mobile').fill('0400 111 222')
		await page.getByLabel('Notes').fill('Gate code 1234')
		await expect(term(page, 'From branch')).toHaveText('Alexandria')

		await page.getByLabel('Suburb').fill('Parramatta')
		await page.getByLabel('Postcode').fill('2150')
		// With JS the preview goes as the address changes; without, it names the address it was for.
		if (enhanced) await expect(preview(page)).toHaveCount(0)
		else await expect(preview(page)).toContainText('Alexandria, NSW 2015')

		if (enhanced) {
			await page.getByLabel('Vehicle type').selectOption({ label: 'Ute' })
			await page.getByRole('button', { name: 'Calculate delivery' }).click()
			await expect(term(page, 'From branch')).toHaveText('Parramatta')
			await page.getByLabel('Vehicle type').selectOption({ label: 'Tray Truck' })
			await expect(preview(page)).toHaveCount(0)
			await page.getByRole('button', { name: 'Calculate delivery' }).click()
			await expect(term(page, 'From branch')).toHaveText('Parramatta')
			await page.getByLabel('Despatch type').selectOption('COURIER')
			await expect(preview(page)).toHaveCount(0)
			await page.getByLabel('Despatch type').selectOption('DEL')
		}

		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		expect(order?.branchID).toBe(2)
		expect(order?.lines.map((l) => l.productCode)).toEqual(['HNAI003', 'DEL-TRAY-0-10'])
	})

	test('a pickup keeps the default branch (initial_branchID) after the despatch type is changed', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await page.getByLabel('Despatch type').selectOption('DEL')
		if (!enhanced) await page.getByRole('button', { name: 'Update' }).click()
		await page.getByLabel('Despatch type').selectOption('PICKUP')
		if (!enhanced) await page.getByRole('button', { name: 'Update' }).click()
		// initial_branchID is 1 (Alexandria) in the sandbox's settings.
		await expect(page.getByLabel('Branch')).toHaveValue('1')
		await expect(page.getByText('Please select a Branch')).toHaveCount(0)
		await fillCheckout(page, enhanced, { despatch: 'PICKUP' })
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		expect(order?.branchID).toBe(1)
	})

	test('the preview and the address error fit a phone and pass axe', async ({
		page,
		login,
		enhanced,
	}) => {
		test.setTimeout(60_000)
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		const check = async () => {
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				390,
			)
			// axe runs in the page's JavaScript: checked with JS (the markup is the same without).
			if (!enhanced) return
			const { violations } = await new AxeBuilder({ page }).analyze()
			expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
				[],
			)
		}
		await fillCheckout(page, enhanced, {
			despatch: 'DEL',
			address: ['14 Bourke Road', 'Alexandria', 'NSW', '2015'],
			vehicle: 'Tray Truck',
		})
		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		await expect(preview(page)).toBeVisible()
		await check()
		await page.getByLabel('Suburb').fill('Atlantis')
		await page.getByLabel('Postcode').fill('2999')
		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		await expect(page.getByLabel('Address')).toHaveAccessibleDescription(
			'We could not find this address',
		)
		await check()
	})
})
