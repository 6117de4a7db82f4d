import { activeCartLines, expect, test } from './fixtures.ts'

const money = (n: number) =>
	`$${n.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

test.describe('reorder lines', () => {
	test('2 of 5 invoice lines, one quantity changed; the delivery charge is never offered', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/invoices/609570-0')
		const reorder = page.getByRole('region', { name: 'Reorder lines' })
		const boxes = reorder.getByRole('checkbox')
		await expect(boxes).toHaveCount(5)
		for (const box of await boxes.all()) await expect(box).toBeChecked()
		await expect(reorder.getByText(/DEL-UTE/)).toHaveCount(0)
		for (const sku of ['HPST007', 'TDRS006', 'BPAV009']) {
			await reorder.getByRole('checkbox', { name: new RegExp(`SKU ${sku}$`) }).uncheck()
		}
		const screws = reorder.getByRole('listitem').filter({ hasText: 'SKU HSCR004' })
		await screws.getByRole('spinbutton').fill('12')
		await reorder.getByRole('button', { name: 'Add selected to cart' }).click()

		await expect(page).toHaveURL('/invoices/609570-0')
		// The toast says the lines are in (with JS the page did not change its address).
		const toast = page.getByRole('status').filter({ hasText: 'Added 2 lines to cart' })
		await expect(toast).toBeVisible()
		const lines = await activeCartLines(sandbox)
		expect(lines.map((l) => [l.productID, l.prodQty, l.UOM]).sort()).toEqual([
			['BWBD012', 40, 'EA'],
			['HSCR004', 12, 'PK'],
		])
		// The flash names each product whose price differs from the invoice's.
		const invoice = (await sandbox.transactions('demo')).find(
			(t) => t.transactionNumber === 609570 && t.transactionType === 'Invoice',
		)!
		const changed = lines.filter((l) => {
			const original = invoice.lines.find((o) => o.productCode === l.productID)!
			return Math.round(original.unitPrice * 100) !== Math.round(l.unitPrice * 100)
		})
		if (changed.length) {
			await expect(toast).toContainText('Prices changed since the original')
			for (const l of changed) await expect(toast).toContainText(`→ ${money(l.unitPrice)}`)
		} else {
			await expect(toast).toContainText('No prices changed since the original.')
		}
	})

	test('the orders list offers Reorder on every row, leading to the lines to choose', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/orders')
		const link = page.getByRole('link', { name: 'Reorder Order 609630' })
		await expect(link).toBeVisible()
		await link.click()
		await expect(page).toHaveURL('/orders/609630-0#reorder')
		await expect(page.getByRole('button', { name: 'Add selected to cart' })).toBeVisible()
	})

	test('nothing selected: the message is next to the lines @nojs-only', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/invoices/609570-0')
		const reorder = page.getByRole('region', { name: 'Reorder lines' })
		for (const box of await reorder.getByRole('checkbox').all()) await box.uncheck()
		await reorder.getByRole('button', { name: 'Add selected to cart' }).click()
		await expect(
			page.getByRole('region', { name: 'Reorder lines' }).getByText('Select at least one line'),
		).toBeVisible()
		expect(await activeCartLines(sandbox)).toEqual([])
	})
})
