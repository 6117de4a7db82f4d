import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import {
	activeCartLines,
	addToCart,
	expect,
	fitsThePhone,
	holdHydration,
	test,
	watchPosts,
	hydrated,
} from './fixtures.ts'

const LIST = '/products/TIM/FRM/H2F'
const PRODUCT = 'H2F MGP10 Blue Pine 140x45 Framing'

const tallyDialog = (page: Page) => page.getByRole('dialog', { name: `Tally: ${PRODUCT}` })
const length = (page: Page, line: number) =>
	tallyDialog(page).getByRole('spinbutton', { name: `Length, line ${line}` })
const qty = (page: Page, line: number) =>
	tallyDialog(page).getByRole('spinbutton', { name: `Qty, line ${line}` })
const totals = (page: Page) => tallyDialog(page).getByRole('definition')

/** Adds TH2F004 with these lengths through the list's own tally form endpoint. */
async function addTally(page: Page, lines: Array<[string, string]>) {
	const form: Record<string, string> = {
		intent: 'tally-add',
		productID: 'TH2F004',
		uom: 'LM',
		closeTo: LIST,
	}
	lines.forEach(([l, q], i) => {
		form[`lines[${i}].length`] = l
		form[`lines[${i}].qty`] = q
	})
	const response = await page.request.post(`${LIST}?product=TH2F004&dialog=tally`, {
		form,
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
}

/** axe runs in the browser's JS: checked in the js project (the markup is the server's in both). */
async function noAxeViolations(page: Page, enhanced: boolean) {
	if (!enhanced) return
	const { violations } = await new AxeBuilder({ page }).include('main').analyze()
	expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
}

test.describe('tally dialog', () => {
	test('running totals, a stock length picked, a row removed; the lengths reach the cart @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await page.goto(`${LIST}?product=TH2F004&dialog=tally`)
		await expect(totals(page)).toHaveText(['0', '0.00 m', '$0.00'])

		// A stock length fills the first row without a length: in the browser with JS, on the server
		// without.
		const pick = tallyDialog(page).getByRole('button', { name: '3.6 m' })
		// Hydrated: the form's code has loaded and the pick is conform's, in the browser.
		if (enhanced) await expect(pick).toHaveAttribute('value', /update/)
		await pick.click()
		const picked = 1
		await expect(length(page, picked)).toHaveValue('3.60')
		await qty(page, picked).fill('4')

		await tallyDialog(page).getByRole('button', { name: 'Add new line' }).click()
		await length(page, picked + 1).fill('5.4')
		await qty(page, picked + 1).fill('2')
		await tallyDialog(page).getByRole('button', { name: 'Add new line' }).click()
		await length(page, picked + 2).fill('4.2')
		await qty(page, picked + 2).fill('1')
		await tallyDialog(page)
			.getByRole('button', { name: `Remove line ${picked + 2}` })
			.click()
		await expect(length(page, picked + 2)).toHaveCount(0)
		// The rows typed survive every round trip without JS.
		await expect(length(page, picked + 1)).toHaveValue('5.4')
		await expect(qty(page, picked)).toHaveValue('4')
		if (!enhanced) {
			// Totals are shown after a post without JS (the remove was one).
			await expect(totals(page).nth(0)).toHaveText('6')
			await expect(totals(page).nth(1)).toHaveText('25.20 m')
		} else {
			await expect(totals(page).nth(0)).toHaveText('6')
			await expect(totals(page).nth(1)).toHaveText('25.20 m')
			await qty(page, 2).fill('3')
			await expect(totals(page).nth(0)).toHaveText('7')
			await expect(totals(page).nth(1)).toHaveText('30.60 m')
			await qty(page, 2).fill('2')
		}
		const extended = await totals(page).nth(2).textContent()
		expect(extended).toMatch(/^\$\d[\d,]*\.\d\d$/)
		await fitsThePhone(page)
		await noAxeViolations(page, enhanced)

		await tallyDialog(page).getByRole('button', { name: 'Add to Cart' }).click()
		await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
		const [line] = await activeCartLines(sandbox)
		expect(line?.tally).toEqual([
			{ length: 3.6, qty: 4 },
			{ length: 5.4, qty: 2 },
		])
		expect(line?.prodQty).toBeCloseTo(25.2)
		// The dialog's extended price is the cart line's.
		await page.goto('/cart')
		await expect(
			page.getByRole('region', { name: 'Cart lines' }).getByRole('definition').nth(1),
		).toHaveText(extended!)
	})

	test('a length the presenter refuses is shown next to its row; rows kept, nothing stored', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await page.goto(`${LIST}?product=TH2F004&dialog=tally`)
		await length(page, 1).fill('3.6')
		await qty(page, 1).fill('4')
		await tallyDialog(page).getByRole('button', { name: 'Add new line' }).click()
		await length(page, 2).fill('2.5')
		await qty(page, 2).fill('3')
		await tallyDialog(page).getByRole('button', { name: 'Add to Cart' }).click()

		const refusal = /^2\.5 m is not a stock length of this product \(3, 3\.3, 3\.6/
		await expect(length(page, 2)).toHaveAccessibleDescription(refusal)
		await expect(length(page, 2)).toHaveAttribute('aria-invalid', 'true')
		await expect(length(page, 1)).not.toHaveAttribute('aria-invalid', 'true')
		await expect(length(page, 1)).toHaveValue('3.6')
		await expect(qty(page, 1)).toHaveValue('4')
		await expect(qty(page, 2)).toHaveValue('3')
		await expect(totals(page).nth(1)).toHaveText('21.90 m')
		expect(await activeCartLines(sandbox)).toEqual([])
		await fitsThePhone(page)
		await noAxeViolations(page, enhanced)
	})

	test('a half-filled row is refused on its row, nothing added; a stock length fills it (3 × 5.4 m + 2 × 4.8 m) @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await page.goto(`${LIST}?product=TH2F004&dialog=tally`)
		// 3 pieces typed before their length was chosen, then 2 × 4.8 m.
		await qty(page, 1).fill('3')
		await tallyDialog(page).getByRole('button', { name: 'Add new line' }).click()
		await length(page, 2).fill('4.8')
		await qty(page, 2).fill('2')
		await tallyDialog(page).getByRole('button', { name: 'Add to Cart' }).click()

		await expect(length(page, 1)).toHaveAccessibleDescription('Enter a length')
		await expect(length(page, 1)).toHaveAttribute('aria-invalid', 'true')
		// Without JS the page comes back open at the form, not at the top of the list.
		await expect(length(page, 1)).toBeInViewport()
		await expect(length(page, 2)).not.toHaveAttribute('aria-invalid', 'true')
		await expect(qty(page, 1)).toHaveValue('3')
		await expect(length(page, 2)).toHaveValue('4.8')
		await expect(page.getByRole('status').getByText('Added to cart')).toHaveCount(0)
		expect(await activeCartLines(sandbox)).toEqual([])
		await fitsThePhone(page)
		await noAxeViolations(page, enhanced)

		// The stock length fills the row without a length (not a new row), JS or not.
		await tallyDialog(page).getByRole('button', { name: '5.4 m' }).click()
		await expect(length(page, 1)).toHaveValue('5.40')
		await expect(qty(page, 1)).toHaveValue('3')
		await expect(length(page, 2)).toHaveValue('4.8')
		await expect(length(page, 3)).toHaveCount(0)
		await tallyDialog(page).getByRole('button', { name: 'Add to Cart' }).click()
		await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
		const [line] = await activeCartLines(sandbox)
		expect(line?.tally).toEqual([
			{ length: 5.4, qty: 3 },
			{ length: 4.8, qty: 2 },
		])
	})

	test('rows typed before the page hydrates are kept, and rows added after keep them @js-only', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const release = await holdHydration(page)
		await page.goto(`${LIST}?product=TH2F004&dialog=tally`, { waitUntil: 'domcontentloaded' })
		await qty(page, 1).fill('3')
		release()
		await hydrated(page)
		await expect(qty(page, 1)).toHaveValue('3')
		await tallyDialog(page).getByRole('button', { name: 'Add new line' }).click()
		await expect(length(page, 2)).toBeVisible()
		await expect(qty(page, 1)).toHaveValue('3')
		await length(page, 2).fill('4.8')
		await qty(page, 2).fill('2')
		await tallyDialog(page).getByRole('button', { name: 'Add to Cart' }).click()
		// The half-filled first row is refused, not dropped.
		await expect(length(page, 1)).toHaveAccessibleDescription('Enter a length')
		expect(await activeCartLines(sandbox)).toEqual([])
	})

	test('a half-filled row answers 400 and adds nothing; a wholly empty row is ignored', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const post = (rows: Array<[string, string]>) =>
			page.request.post(`${LIST}?product=TH2F004&dialog=tally`, {
				form: {
					intent: 'tally-add',
					productID: 'TH2F004',
					uom: 'LM',
					closeTo: LIST,
					...Object.fromEntries(
						rows.flatMap(([l, q], i) => [
							[`lines[${i}].length`, l],
							[`lines[${i}].qty`, q],
						]),
					),
				},
				maxRedirects: 0,
			})
		for (const [rows, message] of [
			[
				[
					['5.4', ''],
					['4.8', '2'],
				],
				'Enter a quantity',
			],
			[
				[
					['5.4', '0'],
					['4.8', '2'],
				],
				'Enter a quantity of at least 1',
			],
			[
				[
					['5.4', '-3'],
					['4.8', '2'],
				],
				'Enter a quantity of at least 1',
			],
			[
				[
					['', '3'],
					['4.8', '2'],
				],
				'Enter a length',
			],
		] as const) {
			const response = await post(rows.map(([l, q]) => [l, q]))
			expect(response.status(), JSON.stringify(rows)).toBe(400)
			expect(await response.text()).toContain(message)
		}
		expect(await activeCartLines(sandbox)).toEqual([])
		const response = await post([
			['', ''],
			['4.8', '2'],
			['', ''],
		])
		expect(response.status()).toBe(302)
		expect((await activeCartLines(sandbox))[0]?.tally).toEqual([{ length: 4.8, qty: 2 }])
	})

	test('a refusal answers 400', async ({ page, login }) => {
		await login()
		const response = await page.request.post(`${LIST}?product=TH2F004&dialog=tally`, {
			form: {
				intent: 'tally-add',
				productID: 'TH2F004',
				uom: 'LM',
				'lines[0].length': '2.5',
				'lines[0].qty': '1',
			},
			maxRedirects: 0,
		})
		expect(response.status()).toBe(400)
		expect(await response.text()).toContain('2.5 m is not a stock length')
	})
})

test.describe('cart', () => {
	test('a tally line is edited in the same form; the presenter stores the new lengths @core', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await addTally(page, [
			['3.6', '4'],
			['5.4', '2'],
		])
		await page.goto('/cart')
		await page.getByRole('link', { name: `Edit lengths of ${PRODUCT}` }).click()
		await expect(length(page, 1)).toHaveValue('3.60')
		await expect(qty(page, 2)).toHaveValue('2')
		await expect(totals(page).nth(1)).toHaveText('25.20 m')
		await noAxeViolations(page, enhanced)
		await fitsThePhone(page)

		const posts = watchPosts(page)
		await qty(page, 1).fill('6')
		await tallyDialog(page).getByRole('button', { name: 'Remove line 2' }).click()
		await tallyDialog(page).getByRole('button', { name: '4.2 m' }).click()
		// With JS the pick adds a row (none is empty); without JS too.
		await qty(page, 2).fill('1')
		await tallyDialog(page).getByRole('button', { name: 'Save' }).click()

		await expect(page).toHaveURL('/cart')
		await expect(
			page.getByRole('list', { name: `Lengths of ${PRODUCT}` }).getByRole('listitem'),
		).toHaveText(['3.60 m × 6', '4.20 m × 1'])
		const [line] = await activeCartLines(sandbox)
		expect(line?.tally).toEqual([
			{ length: 3.6, qty: 6 },
			{ length: 4.2, qty: 1 },
		])
		expect(line?.prodQty).toBeCloseTo(25.8)
		// With JS the row buttons change the rows in place and only Save is sent; without JS each is
		// a round trip.
		expect(posts).toHaveLength(enhanced ? 1 : 3)
	})

	test('a refused tally edit is shown on its row and changes nothing', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addTally(page, [['3.6', '4']])
		await page.goto('/cart')
		await page.getByRole('link', { name: `Edit lengths of ${PRODUCT}` }).click()
		await length(page, 1).fill('2.5')
		await tallyDialog(page).getByRole('button', { name: 'Save' }).click()
		await expect(length(page, 1)).toHaveAccessibleDescription(/^2\.5 m is not a stock length/)
		await expect(length(page, 1)).toHaveValue('2.5')
		await noAxeViolations(page, enhanced)
		expect((await activeCartLines(sandbox))[0]?.tally).toEqual([{ length: 3.6, qty: 4 }])
	})

	test('a half-filled row in Edit lengths is refused on its row and changes nothing', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await addTally(page, [['3.6', '4']])
		await page.goto('/cart')
		await page.getByRole('link', { name: `Edit lengths of ${PRODUCT}` }).click()
		await tallyDialog(page).getByRole('button', { name: 'Add new line' }).click()
		await length(page, 2).fill('5.4')
		await tallyDialog(page).getByRole('button', { name: 'Save' }).click()
		await expect(qty(page, 2)).toHaveAccessibleDescription('Enter a quantity')
		await expect(qty(page, 2)).toBeInViewport()
		await expect(length(page, 2)).toHaveValue('5.4')
		await expect(qty(page, 1)).toHaveValue('4')
		await fitsThePhone(page)
		await noAxeViolations(page, enhanced)
		expect((await activeCartLines(sandbox))[0]?.tally).toEqual([{ length: 3.6, qty: 4 }])
		// Its quantity typed, the edit is saved.
		await qty(page, 2).fill('3')
		await tallyDialog(page).getByRole('button', { name: 'Save' }).click()
		await expect(page).toHaveURL('/cart')
		await expect(
			page.getByRole('list', { name: `Lengths of ${PRODUCT}` }).getByRole('listitem'),
		).toHaveText(['3.60 m × 4', '5.40 m × 3'])
	})

	test('one Update cart saves every changed quantity @core', async ({ page, login, sandbox }) => {
		await login()
		await addToCart(page, 'HNAI001', 3)
		await addToCart(page, 'HNAI002', 1)
		await page.goto('/cart')
		const lines = page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
		await lines
			.filter({ hasText: 'HNAI001' })
			.getByRole('spinbutton', { name: /^Quantity of/ })
			.fill('5')
		await lines
			.filter({ hasText: 'HNAI002' })
			.getByRole('spinbutton', { name: /^Quantity of/ })
			.fill('4')
		await page.getByRole('button', { name: 'Update cart' }).click()
		await expect
			.poll(async () => (await activeCartLines(sandbox)).map((l) => [l.productID, l.prodQty]))
			.toEqual([
				['HNAI001', 5],
				['HNAI002', 4],
			])
		await expect(
			lines.filter({ hasText: 'HNAI002' }).getByRole('spinbutton', { name: /^Quantity of/ }),
		).toHaveValue('4')
	})

	test('Update cart says so, in view after the post', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		for (const id of ['HNAI001', 'HNAI002', 'HNAI003', 'HNAI004', 'HNAI005'])
			await addToCart(page, id, 1)
		await page.goto('/cart')
		const lines = page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
		await lines
			.filter({ hasText: 'HNAI005' })
			.getByRole('spinbutton', { name: /^Quantity of/ })
			.fill('6')
		const saved = () =>
			expect
				.poll(async () => (await activeCartLines(sandbox)).find((l) => l.productID === 'HNAI005'))
				.toMatchObject({ prodQty: 6 })
		// With JS the changed line has saved itself already.
		if (enhanced) await saved()
		await page.getByRole('button', { name: 'Update cart' }).click()
		await expect(page.getByRole('status').getByText('Cart updated')).toBeInViewport()
		await saved()
	})

	test('Update cart: a bad quantity is shown on its line (400), the others kept', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		test.skip(enhanced, 'With JS the line saves on its own; covered below')
		await login()
		await addToCart(page, 'HNAI001', 3)
		await addToCart(page, 'HNAI002', 1)
		await page.goto('/cart')
		const lines = page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
		const second = lines
			.filter({ hasText: 'HNAI002' })
			.getByRole('spinbutton', { name: /^Quantity of/ })
		await second.fill('0')
		await page.getByRole('button', { name: 'Update cart' }).click()
		await expect(second).toHaveAccessibleDescription('Enter a quantity of at least 1')
		await noAxeViolations(page, enhanced)
		expect((await activeCartLines(sandbox)).map((l) => l.prodQty)).toEqual([3, 1])
	})

	test('with JS a changed quantity saves on its own', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		test.skip(!enhanced, 'An enhancement')
		await login()
		await addToCart(page, 'HNAI001', 3)
		await addToCart(page, 'HNAI002', 1)
		await page.goto('/cart')
		const lines = page.getByRole('region', { name: 'Cart lines' }).getByRole('listitem')
		const first = lines.filter({ hasText: 'HNAI001' })
		await first.getByRole('button', { name: /^Increase quantity/ }).click()
		await first.getByRole('button', { name: /^Increase quantity/ }).click()
		await lines
			.filter({ hasText: 'HNAI002' })
			.getByRole('spinbutton', { name: /^Quantity of/ })
			.fill('6')
		await expect
			.poll(async () => (await activeCartLines(sandbox)).map((l) => l.prodQty))
			.toEqual([5, 6])
		await expect(first.getByRole('spinbutton', { name: /^Quantity of/ })).toHaveValue('5')
	})
})
