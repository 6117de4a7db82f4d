import { activeCartLines, expect, fillCheckout, test } from './fixtures.ts'

/**
 * The cut list reaches the placed order (issue 42): the presenter keeps only a tally line's
 * metres, so the portal keeps the lengths ordered and shows them on the confirmation and the
 * order's page, and a reorder or a Copy to Cart adds the same lengths again.
 */

const LIST = '/products/TIM/FRM/H2F'
const PRODUCT = 'H2F MGP10 Blue Pine 140x45 Framing'

test('3 × 5.4 m + 2 × 4.8 m: on the confirmation, on the order page, and again on a reorder and a Copy to Cart @core', async ({
	page,
	login,
	sandbox,
	enhanced,
}) => {
	await login()
	// TH2F004 with its lengths, through the list's own tally form endpoint.
	const added = await page.request.post(`${LIST}?product=TH2F004&dialog=tally`, {
		form: {
			intent: 'tally-add',
			productID: 'TH2F004',
			uom: 'LM',
			closeTo: LIST,
			'lines[0].length': '5.4',
			'lines[0].qty': '3',
			'lines[1].length': '4.8',
			'lines[1].qty': '2',
		},
		maxRedirects: 0,
	})
	expect(added.status()).toBe(302)
	await page.goto('/checkout')
	await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
	await page.getByRole('button', { name: 'Confirm Order' }).click()
	await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
	const number = new URL(page.url()).searchParams.get('number')
	await page.getByRole('link', { name: 'OK' }).click()
	await expect(page.getByRole('region', { name: 'Cut list' })).toContainText(
		`${PRODUCT}: 5.40 m × 3, 4.80 m × 2`,
	)

	await page.goto(`/orders/${number}-0`)
	const lengths = page
		.getByRole('region', { name: 'Lines' })
		.getByRole('list', { name: `Lengths of ${PRODUCT}` })
		.getByRole('listitem')
	await expect(lengths).toHaveText(['5.40 m × 3', '4.80 m × 2'])

	// Reordered, the line gets the lengths ordered, not lengths the portal makes up.
	await page
		.getByRole('region', { name: 'Reorder lines' })
		.getByRole('button', { name: 'Add selected to cart' })
		.click()
	await expect(page.getByText('Added 1 line to cart.').first()).toBeVisible()
	expect((await activeCartLines(sandbox)).map((l) => [l.productID, l.tally])).toEqual([
		[
			'TH2F004',
			[
				{ length: 5.4, qty: 3 },
				{ length: 4.8, qty: 2 },
			],
		],
	])
	// Copied to the cart, the same: the notice names no lengths the copy chose.
	expect(
		(await page.request.post('/cart', { form: { intent: 'clear-all' }, maxRedirects: 0 })).status(),
	).toBe(302)
	await page.goto(`/orders/${number}-0`)
	await page.getByRole('button', { name: 'Copy to Cart' }).click()
	const notice = page.getByRole('status').filter({ hasText: 'Order copied to cart' })
	await expect(notice).toBeVisible()
	await expect(notice.getByText(/the lengths were chosen/)).toHaveCount(0)
	expect((await activeCartLines(sandbox)).map((l) => [l.productID, l.tally])).toEqual([
		[
			'TH2F004',
			[
				{ length: 5.4, qty: 3 },
				{ length: 4.8, qty: 2 },
			],
		],
	])
})
