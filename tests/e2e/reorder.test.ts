import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { activeCartLines, backAt, expect, fitsThePhone, test } from './fixtures.ts'

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

		await expect(page).toHaveURL(backAt('/invoices/609570-0#reorder'))
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
		// Beside each line added: what the portal changed, if anything.
		for (const l of lines) {
			const item = reorder.getByRole('listitem').filter({ hasText: `SKU ${l.productID}` })
			await expect(item).toContainText('Added to cart')
			const original = invoice.lines.find((o) => o.productCode === l.productID)!
			if (changed.includes(l)) {
				await expect(item).toContainText(
					`Price now ${money(l.unitPrice)} (was ${money(original.unitPrice)})`,
				)
			} else {
				await expect(item).not.toContainText('Price now')
			}
		}
		// Lines not chosen say nothing.
		await expect(
			reorder.getByRole('listitem').filter({ hasText: 'SKU HPST007' }),
		).not.toContainText('Added')
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

const ORDER = '/orders/604180-0'
const reorderLine = (page: Page, sku: string) =>
	page
		.getByRole('region', { name: 'Reorder lines' })
		.getByRole('listitem')
		.filter({ has: page.getByText(`SKU ${sku}`, { exact: true }) })

async function chooseOnly(page: Page, skus: string[]) {
	const reorder = page.getByRole('region', { name: 'Reorder lines' })
	for (const sku of ['BWET003', 'BFCB003', 'TCHI012', 'TLVL008', 'RKLP008']) {
		if (!skus.includes(sku)) await reorderLine(page, sku).getByRole('checkbox').uncheck()
	}
	await reorder.getByRole('button', { name: 'Add selected to cart' }).click()
}

/** A reordered tally's lengths as its form posts them. */
const OFFERED = {
	intent: 'reorder-tally',
	lineNum: '5',
	'lines[0].length': '6',
	'lines[0].qty': '2',
}

test.describe('reorder lines: what the portal did to each', () => {
	test('lengths the portal chose are said beside the line; metres no stock length makes up are offered as a tally to confirm', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await page.goto(ORDER)
		await chooseOnly(page, ['TLVL008', 'RKLP008'])

		await expect(page).toHaveURL(backAt(`${ORDER}#reorder`))
		const beam = reorderLine(page, 'TLVL008')
		await expect(beam).toContainText('Added to cart')
		await expect(beam).toContainText(
			'Added as 10.80 m × 8: the order kept only the metres (86.4 LM)',
		)
		const roof = reorderLine(page, 'RKLP008')
		await expect(roof).toContainText('Not added yet')
		await expect(roof).toContainText('No one stock length makes up 200.4 LM')
		// Its tally, prefilled with stock lengths that make up the metres, to confirm or change.
		await expect(roof.getByRole('spinbutton', { name: 'Length, line 1' })).toHaveValue(
			/^\d+\.\d\d$/,
		)
		await expect(roof.getByLabel('Tally totals').getByRole('definition').nth(1)).toHaveText(
			'200.40 m',
		)
		await fitsThePhone(page)
		// axe runs in the browser's JS: checked in the js project (the markup is the server's in both).
		if (enhanced) {
			const { violations } = await new AxeBuilder({ page }).include('#reorder').analyze()
			expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
		}
		expect((await activeCartLines(sandbox)).map((l) => [l.productID, l.tally])).toEqual([
			['TLVL008', [{ length: 10.8, qty: 8 }]],
		])

		await roof.getByRole('button', { name: 'Add to Cart' }).click()
		// The page opens at the line (line 5 of the order), JS or not.
		await expect(page).toHaveURL(backAt(`${ORDER}#reorder-5`))
		await expect(roof).toContainText('Added to cart')
		await expect(roof).toBeInViewport()
		await expect(roof.getByRole('spinbutton', { name: 'Length, line 1' })).toHaveCount(0)
		const lines = await activeCartLines(sandbox)
		const added = lines.find((l) => l.productID === 'RKLP008')
		expect(added?.prodQty).toBeCloseTo(200.4)
		expect(added?.tally.length).toBeGreaterThan(0)
	})

	test('the offered tally: lengths changed, a half-filled row refused on its row', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto(ORDER)
		await chooseOnly(page, ['RKLP008'])
		const roof = reorderLine(page, 'RKLP008')
		const length = (n: number) => roof.getByRole('spinbutton', { name: `Length, line ${n}` })
		const qty = (n: number) => roof.getByRole('spinbutton', { name: `Qty, line ${n}` })
		await length(1).fill('6')
		await qty(1).fill('10')
		for (let n = 2; (await length(n).count()) > 0;) {
			await roof.getByRole('button', { name: `Remove line ${n}` }).click()
		}
		await roof.getByRole('button', { name: 'Add new line' }).click()
		await length(2).fill('5.4')
		await roof.getByRole('button', { name: 'Add to Cart' }).click()
		await expect(qty(2)).toHaveAccessibleDescription('Enter a quantity')
		expect(await activeCartLines(sandbox)).toEqual([])
		await qty(2).fill('2')
		await roof.getByRole('button', { name: 'Add to Cart' }).click()
		await expect(roof).toContainText('Added to cart')
		expect((await activeCartLines(sandbox)).map((l) => l.tally)).toEqual([
			[
				{ length: 6, qty: 10 },
				{ length: 5.4, qty: 2 },
			],
		])
	})

	test('a line that failed keeps its message beside it until dismissed', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto(ORDER)
		const chisels = reorderLine(page, 'TCHI012')
		await chisels.getByRole('spinbutton').fill('2.5')
		await chooseOnly(page, ['TCHI012', 'BWET003'])
		await expect(chisels).toContainText('Not added: enter a whole number')
		await expect(reorderLine(page, 'BWET003')).toContainText('Added to cart')
		expect((await activeCartLines(sandbox)).map((l) => l.productID)).toEqual(['BWET003'])

		// The quantity asked stays in its field, to change.
		await expect(chisels.getByRole('spinbutton')).toHaveValue('2.5')
		// Still there on the next visit; the line added said so once.
		await page.goto(ORDER)
		await expect(chisels).toContainText('Not added: enter a whole number')
		await expect(chisels.getByRole('spinbutton')).toHaveValue('2.5')
		await expect(reorderLine(page, 'BWET003')).not.toContainText('Added to cart')
		await chisels.getByRole('button', { name: 'Dismiss' }).click()
		await expect(chisels).not.toContainText('Not added')
		await expect(page).toHaveURL(backAt(`${ORDER}#reorder-3`))
		await page.goto(ORDER)
		await expect(reorderLine(page, 'TCHI012')).not.toContainText('Not added')
	})

	test('the server adds only a tally it offered', async ({ page, login, sandbox }) => {
		await login()
		// Line 5 was not reordered: no tally is waiting for it.
		const response = await page.request.post(ORDER, { form: OFFERED, maxRedirects: 0 })
		expect(response.status()).toBe(400)
		expect(await response.text()).toContain('This line is no longer waiting for its lengths.')
		expect(await activeCartLines(sandbox)).toEqual([])
	})

	test('without a cart, no reordered tally is added (403)', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', { settings: { shopping_cart_disabled: 'true' } })
		await login()
		const response = await page.request.post(ORDER, { form: OFFERED, maxRedirects: 0 })
		expect(response.status()).toBe(403)
		expect(await activeCartLines(sandbox)).toEqual([])
	})
})
