import { readFile } from 'node:fs/promises'
import { type Page } from '@playwright/test'
import Papa from 'papaparse'
import { expect, test, type SandboxControl } from './fixtures.ts'

const CUSTOM = 'Weekly site top-up'
const GENERIC = 'Bathroom Renovation Essentials'

/** The demo customer's stored list named `name`. */
async function stored(sandbox: SandboxControl, name: string) {
	return (await sandbox.carts('demo')).find((c) => c.name === name && c.sessionType !== 'Cart')
}

async function openList(page: Page, name: string) {
	await page.goto('/custom-lists')
	await page.getByRole('link', { name }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text)
const rows = (page: Page) => page.getByRole('table').getByRole('row')

test.describe('custom lists', () => {
	test('lists the Generic lists and the customer’s own', async ({ page, login }) => {
		await login()
		await page.goto('/')
		await page.getByRole('link', { name: 'Custom Lists' }).first().click()
		await expect(page).toHaveURL('/custom-lists')
		const generic = page.getByRole('region', { name: 'Generic Lists' })
		await expect(generic.getByRole('link')).toHaveText([
			GENERIC,
			'Frame Package – Single Storey House',
		])
		const mine = page.getByRole('region', { name: 'My Custom Lists' })
		await expect(mine.getByRole('link')).toHaveText([CUSTOM])
	})

	test('shows a list’s lines with tally lengths; removes a line', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const before = (await stored(sandbox, CUSTOM))!
		await openList(page, CUSTOM)
		await expect(rows(page)).toHaveCount(before.lines.length + 1)
		await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
			'Description',
			'SKU',
			'Qty',
			'UOM',
			'Unit Price',
			'Extended Price',
			'Remove',
		])
		const tally = before.lines.find((l) => l.tally.length)!
		const tallyRow = rows(page).filter({ hasText: tally.productID })
		await expect(tallyRow).toContainText(
			`${tally.tally[0]!.length.toFixed(2)} m × ${tally.tally[0]!.qty}`,
		)

		const first = before.lines[0]!
		const row = rows(page).filter({ hasText: first.productID })
		await row.getByRole('button', { name: /^Remove / }).click()
		await expect(toast(page, 'product removed')).toBeVisible()
		await expect(rows(page)).toHaveCount(before.lines.length)
		await expect(rows(page).filter({ hasText: first.productID })).toHaveCount(0)
		const after = (await stored(sandbox, CUSTOM))!
		expect(after.lines.map((l) => l.productID)).toEqual(
			before.lines.slice(1).map((l) => l.productID),
		)
	})

	test('copies a list to the cart, tally lengths included', async ({ page, login, sandbox }) => {
		await login()
		const list = (await stored(sandbox, CUSTOM))!
		await openList(page, CUSTOM)
		await expect(page.getByRole('link', { name: /^Cart: 0 lines/ })).toBeVisible()
		await page.getByRole('button', { name: 'Copy List to Cart' }).click()
		await expect(toast(page, 'Custom list copied')).toBeVisible()
		await expect(
			page.getByRole('link', { name: new RegExp(`^Cart: ${list.lines.length} lines`) }),
		).toBeVisible()
		const cart = (await sandbox.carts('demo')).find((c) => c.sessionType === 'Cart' && !c.ordered)!
		expect(cart.lines.map((l) => [l.productID, l.prodQty, l.tally])).toEqual(
			list.lines.map((l) => [l.productID, l.prodQty, l.tally]),
		)
	})

	test('downloads the list as CSV named after it', async ({ page, login, sandbox }) => {
		await login()
		const list = (await stored(sandbox, CUSTOM))!
		await openList(page, CUSTOM)
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('link', { name: 'Download List' }).click(),
		])
		expect(download.suggestedFilename()).toBe(`${CUSTOM}.csv`)
		const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
		const [header, ...data] = Papa.parse<string[]>(text.trim()).data
		expect(header).toEqual(['SKU', 'Description', 'Qty', 'UOM', 'Unit Price', 'Extended Price'])
		expect(data.map((r) => r[0])).toEqual(list.lines.map((l) => l.productID))
		for (const [i, line] of list.lines.entries()) {
			const [, description, qty, uom, unit, extended] = data[i]!
			expect(Number(qty)).toBe(line.prodQty)
			expect(uom).toBe(line.UOM)
			expect(unit).toBe(line.unitPrice.toFixed(2))
			expect(extended).toBe((Math.round(line.prodQty * line.unitPrice * 100) / 100).toFixed(2))
			for (const t of line.tally)
				expect(description).toContain(`${t.length.toFixed(2)} m × ${t.qty}`)
		}
	})

	test('deletes a custom list after confirming', async ({ page, login, sandbox }) => {
		await login()
		await openList(page, CUSTOM)
		await page.getByRole('link', { name: 'Delete list' }).click()
		const dialog = page.getByRole('dialog', { name: 'Delete list' })
		await expect(dialog).toContainText(CUSTOM)
		// Cancel keeps it.
		await dialog.getByRole('link', { name: 'Cancel' }).click()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		expect(await stored(sandbox, CUSTOM)).toBeDefined()

		await page.getByRole('link', { name: 'Delete list' }).click()
		await page
			.getByRole('dialog', { name: 'Delete list' })
			.getByRole('button', { name: 'Delete list' })
			.click()
		await expect(page).toHaveURL('/custom-lists')
		await expect(toast(page, 'Custom list deleted')).toBeVisible()
		await expect(page.getByText('No custom lists saved yet.')).toBeVisible()
		expect(await stored(sandbox, CUSTOM)).toBeUndefined()
	})

	test('a generic list can be copied but not changed or deleted', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const list = (await stored(sandbox, GENERIC))!
		await openList(page, GENERIC)
		await expect(page.getByRole('button', { name: 'Copy List to Cart' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Download List' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Delete list' })).toHaveCount(0)
		await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0)
		// The server refuses what the page does not offer.
		const here = `/custom-lists/${list.cartSessionId}`
		expect((await page.request.get(`${here}?dialog=delete`)).status()).toBe(200)
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const response = await page.request.post(here, { form: { intent: 'delete-list' } })
		expect(response.status()).toBe(403)
		expect(await stored(sandbox, GENERIC)).toBeDefined()
	})

	test('shopping_cart_disabled hides copy and download, and the server refuses them', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { shopping_cart_disabled: 'true' } })
		await login()
		const list = (await stored(sandbox, CUSTOM))!
		await openList(page, CUSTOM)
		await expect(page.getByRole('button', { name: 'Copy List to Cart' })).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Download List' })).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Delete list' })).toBeVisible()
		const here = `/custom-lists/${list.cartSessionId}`
		expect((await page.request.get(`${here}/download`)).status()).toBe(403)
		expect((await page.request.post(here, { form: { intent: 'copy-to-cart' } })).status()).toBe(403)
		const carts = (await sandbox.carts('demo')).filter((c) => c.sessionType === 'Cart')
		expect(carts.flatMap((c) => c.lines)).toEqual([])
	})

	test('an unknown list is not found', async ({ page, login }) => {
		await login()
		const response = await page.goto('/custom-lists/00000000-0000-4000-8000-000000000000')
		expect(response?.status()).toBe(404)
	})
})
