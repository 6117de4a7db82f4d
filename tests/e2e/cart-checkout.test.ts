import { format, parseISO, subDays } from 'date-fns'
import { branchToday } from '#app/utils/input-date.ts'
import { activeCartLines, addToCart, expect, fillCheckout, test } from './fixtures.ts'

const money = (n: number) =>
	`$${n.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const round = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100

test.describe('review cart', () => {
	test('an empty cart says so and offers the products', async ({ page, login }) => {
		await login()
		await page.goto('/cart')
		await expect(page.getByRole('heading', { name: 'Review Cart' })).toBeVisible()
		await expect(page.getByText('Your cart is empty.')).toBeVisible()
		await page.getByRole('link', { name: 'View Products' }).click()
		await expect(page).toHaveURL('/products')
	})

	test('updates a quantity and removes a line @core', async ({ page, login, sandbox }) => {
		await login()
		await addToCart(page, 'HNAI001', 3)
		await addToCart(page, 'HNAI002', 1)
		await page.goto('/cart')
		const lines = page
			.getByRole('region', { name: 'Cart lines' })
			.getByRole('listitem')
			.filter({ has: page.getByRole('heading') })
		await expect(lines).toHaveCount(2)
		const first = lines.filter({ hasText: 'HNAI001' })
		await first.getByRole('spinbutton', { name: /^Quantity of/ }).fill('5')
		await page.getByRole('button', { name: 'Update cart' }).click()
		await expect(first.getByRole('spinbutton', { name: /^Quantity of/ })).toHaveValue('5')
		await expect
			.poll(
				async () =>
					(await activeCartLines(sandbox)).find((l) => l.productID === 'HNAI001')?.prodQty,
			)
			.toBe(5)

		await lines
			.filter({ hasText: 'HNAI002' })
			.getByRole('button', { name: /^Remove / })
			.click()
		await expect(lines).toHaveCount(1)
		await expect
			.poll(async () => (await activeCartLines(sandbox)).map((l) => l.productID))
			.toEqual(['HNAI001'])
		await expect(page.getByRole('link', { name: /^Cart: 1 line/ })).toBeVisible()
	})

	test('Clear All asks first, then empties the cart', async ({ page, login, sandbox }) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		await addToCart(page, 'HNAI003', 2)
		await page.goto('/cart')
		await page.getByRole('link', { name: 'Clear All' }).click()
		const dialog = page.getByRole('dialog', { name: 'Clear All' })
		await expect(dialog.getByText('Remove all 2 lines from your cart?')).toBeVisible()
		await dialog.getByRole('link', { name: 'Cancel' }).click()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		expect(await activeCartLines(sandbox)).toHaveLength(2)

		await page.getByRole('link', { name: 'Clear All' }).click()
		await page
			.getByRole('dialog', { name: 'Clear All' })
			.getByRole('button', { name: 'Clear All' })
			.click()
		await expect(page.getByText('Your cart is empty.')).toBeVisible()
		expect(await activeCartLines(sandbox)).toEqual([])
	})

	test('the Order Summary: tax exclusive total = subtotal + GST', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 3)
		await addToCart(page, 'HNAI004', 2)
		const lines = await activeCartLines(sandbox)
		const subtotal = round(lines.reduce((s, l) => s + round(l.prodQty * l.unitPrice), 0))
		const gst = round(lines.reduce((s, l) => s + round(l.prodQty * l.unitGST), 0))
		await page.goto('/cart')
		const summary = page.getByRole('complementary', { name: 'Order Summary' })
		await expect(summary.getByText('All Prices exclude GST')).toBeVisible()
		await expect(summary.getByRole('definition')).toHaveText([
			money(subtotal),
			money(gst),
			money(round(subtotal + gst)),
		])
	})

	test('the Order Summary: tax inclusive subtotal = total − GST', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { tax_inclusive: 'true' } })
		await login()
		await addToCart(page, 'HNAI001', 3)
		const [line] = await activeCartLines(sandbox)
		await page.goto('/cart')
		const summary = page.getByRole('complementary', { name: 'Order Summary' })
		await expect(summary.getByText('All Prices include GST')).toBeVisible()
		// The cart answers GST-inclusive unit prices for this customer (stored ex-GST).
		const inclusiveUnit = round(line!.unitPrice * 1.1)
		const gst = round(3 * line!.unitGST)
		await expect(summary.getByRole('definition')).toHaveText([
			money(round(3 * inclusiveUnit - gst)),
			money(gst),
			money(round(3 * inclusiveUnit)),
		])
	})

	test('hide_review_price hides the totals', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', { settings: { hide_review_price: 'true' } })
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/cart')
		const summary = page.getByRole('complementary', { name: 'Order Summary' })
		await expect(summary.getByText('1 line')).toBeVisible()
		await expect(summary.getByRole('definition')).toHaveCount(0)
	})

	test('saves the cart as a custom list; the name is required', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/cart')
		await page.getByRole('link', { name: 'Save Custom List' }).click()
		const dialog = page.getByRole('dialog', { name: 'Save Custom List' })
		await dialog.getByRole('button', { name: 'Save' }).click()
		await expect(dialog.getByText('Required', { exact: true })).toBeVisible()
		await dialog.getByLabel('Name').fill('Deck job nails')
		await dialog.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByRole('status').getByText('Custom list saved')).toBeVisible()
		const list = (await sandbox.carts('demo')).find((c) => c.name === 'Deck job nails')
		expect(list?.sessionType).toBe('Custom')
		expect(list?.lines.map((l) => [l.productID, l.prodQty])).toEqual([['HNAI001', 2]])
	})
})

test.describe('checkout', () => {
	test('a pickup order: Order Placed, the presenter has it, the cart starts again', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 3)
		const before = await sandbox.transactions('demo')
		await page.goto('/cart')
		await page.getByRole('link', { name: 'Checkout' }).click()
		await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Back to Review Cart' })).toHaveAttribute(
			'href',
			'/cart',
		)
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Parramatta' })
		await page.getByRole('button', { name: 'Confirm Order' }).click()

		await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
		const dialog = page.getByRole('dialog', { name: 'Order Placed' })
		const after = await sandbox.transactions('demo')
		expect(after).toHaveLength(before.length + 1)
		const order = after[0]!
		expect(order).toMatchObject({ transactionType: 'Order', branchID: 2 })
		expect(order.lines.map((l) => [l.productCode, l.quantity])).toEqual([['HNAI001', 3]])
		await expect(dialog.getByText(`Transaction number ${order.transactionNumber}`)).toBeVisible()
		await dialog.getByRole('link', { name: 'OK' }).click()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(page.getByRole('link', { name: /^Cart: 0 lines/ })).toBeVisible()
		// The confirmation shows the total and leads to the order and its PDF.
		await expect(page.getByText(money(order.transactionAmount))).toBeVisible()
		await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
			'href',
			`/orders/${order.transactionNumber}-0/document`,
		)
		await page.getByRole('link', { name: 'View order' }).click()
		await expect(
			page.getByRole('heading', { name: `Order ${order.transactionNumber}` }),
		).toBeVisible()
	})

	test('a delivery order adds the delivery charge from the closest branch', async ({
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
		await page.getByLabel('Contact will be on site').check()
		// The charge is seen in the total before confirming.
		await page.getByRole('button', { name: 'Calculate delivery' }).click()
		await expect(page.getByRole('region', { name: 'Delivery charge' })).toBeVisible()
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		const [order] = await sandbox.transactions('demo')
		expect(order?.branchID).toBe(1)
		expect(order?.lines.map((l) => l.productCode)).toEqual(['HNAI002', 'DEL-TRAY-0-10'])
		expect(order?.lines[1]).toMatchObject({ quantity: 1 })
		expect(order?.lines[1]?.unitOfMeasure.toLowerCase()).toBe('ea')
	})

	test('a required date in the past is refused beside the field; the picker starts today', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		const today = branchToday()
		const yesterday = format(subDays(parseISO(today), 1), 'yyyy-MM-dd')
		await login()
		await addToCart(page, 'HNAI001', 3)
		const before = await sandbox.transactions('demo')
		await page.goto('/checkout')
		const date = page.getByLabel(/^Required date/)
		await expect(date).toHaveAttribute('min', today)
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Parramatta' })
		await date.fill(yesterday)
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(date).toHaveAccessibleDescription('The required date cannot be in the past')
		// Nothing was placed, and what was typed is kept.
		expect(await sandbox.transactions('demo')).toHaveLength(before.length)
		await expect(page.getByLabel('Reference')).toHaveValue('Job 4471')
		await date.fill(today)
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
		expect(await sandbox.transactions('demo')).toHaveLength(before.length + 1)
	})

	test('Create Quote makes a quote', async ({ page, login, sandbox, enhanced }) => {
		await login()
		await addToCart(page, 'HNAI003', 1)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		await page.getByRole('button', { name: 'Create Quote' }).click()
		const dialog = page.getByRole('dialog', { name: 'Quote Created' })
		await expect(dialog).toBeVisible()
		const [quote] = await sandbox.transactions('demo')
		expect(quote?.transactionType).toBe('Quote')
		await expect(dialog.getByText(`Transaction number ${quote?.transactionNumber}`)).toBeVisible()
	})

	test('every validation message shows next to its field', async ({ page, login, enhanced }) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await page.getByLabel('Contact name').fill('')
		await page.getByLabel('Email').fill('')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		for (const [label, message] of [
			['Despatch type', 'Please select a Despatch type'],
			['Delivery To', 'Delivery To is required'],
			['Contact name', 'Please enter a Contact name'],
			['Contact phone', 'Please enter a Contact phone'],
			[/^Required date/, 'Please enter a Required date'],
			[/^Required time/, 'Please enter a Required time'],
		] as const) {
			await expect(page.getByLabel(label)).toHaveAccessibleDescription(message)
		}

		await page.getByLabel('Despatch type').selectOption('DEL')
		if (!enhanced) await page.getByRole('button', { name: 'Update' }).click()
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		for (const [label, message] of [
			['Address', 'Address is required'],
			['Suburb', 'Suburb is required'],
			['State', 'State is required'],
			['Vehicle type', 'Please select a Vehicle type'],
		] as const) {
			await expect(page.getByLabel(label)).toHaveAccessibleDescription(message)
		}

		await page.getByLabel('Despatch type').selectOption('PICKUP')
		if (!enhanced) await page.getByRole('button', { name: 'Update' }).click()
		await page.getByLabel('Branch').selectOption('')
		await page.getByLabel(/^Required time/).fill('25:00')
		await page.getByLabel('Email').fill('not-an-email')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByLabel('Branch')).toHaveAccessibleDescription('Please select a Branch')
		await expect(page.getByLabel(/^Required time/)).toHaveAccessibleDescription(
			'Enter the time as 24-hour H:mm, e.g. 14:30',
		)
		await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address')
		await expect(page.getByLabel('Address')).toHaveCount(0)
	})

	test('tax mode: Dispatch, Tax and a required Zip Code', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', { settings: { tax_mode: 'true' } })
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/cart')
		await expect(page.getByText('All Prices exclude Tax')).toBeVisible()
		await expect(page.getByText('Tax will be calculated upon order creation')).toBeVisible()
		await page.goto('/checkout')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByLabel('Dispatch type')).toHaveAccessibleDescription(
			'Please select a Dispatch type',
		)
		await expect(page.getByLabel('Zip Code')).toHaveAccessibleDescription('Zip Code is required')
	})

	test('a double submit or a replayed form places one order', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		const before = (await sandbox.transactions('demo')).length
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		const attempt = await page.locator('input[name="attempt"]').inputValue()
		await page.getByRole('button', { name: 'Confirm Order' }).dblclick()
		await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
		const after = await sandbox.transactions('demo')
		expect(after).toHaveLength(before + 1)

		// The same attempt posted again (a browser or proxy retry): the same order, nothing new.
		const replay = await page.request.post('/checkout', {
			form: {
				attempt,
				transactionType: 'Order',
				'shipping.despatchType': 'PICKUP',
				'shipping.deliveryTo': 'Site office',
				'delivery.branch': '1',
				'delivery.contactName': 'Sarah Mitchell',
				'delivery.contactPhone': '0412 000 111',
				'delivery.requiredDate': '24/12/2026',
				'delivery.requiredTime': '7:30',
			},
			maxRedirects: 0,
		})
		expect(replay.status()).toBe(302)
		expect(replay.headers().location).toBe(
			`/checkout/complete?type=Order&number=${after[0]!.transactionNumber}`,
		)
		expect(await sandbox.transactions('demo')).toHaveLength(before + 1)
	})

	test('an empty cart cannot check out', async ({ page, login }) => {
		await login()
		await page.goto('/checkout')
		await expect(page).toHaveURL('/cart')
		await expect(page.getByText('Your cart is empty.')).toBeVisible()
	})

	test('the required date is a date picker; without one, en-US customers type mm/dd/yyyy', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { locale: 'en-US' } })
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		const date = page.getByLabel('Required date')
		await expect(date).toHaveAttribute('type', 'date')
		await expect(date).toHaveAttribute('placeholder', 'mm/dd/yyyy')
	})
})

test.describe('cart details', () => {
	test('tally lines show their lengths; hide_finalise_price hides checkout totals; the email defaults to the user', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { hide_finalise_price: 'true' } })
		await login()
		const list = '/products/TIM/FRM/H2F'
		const tally = await page.request.post(`${list}?product=TH2F004&dialog=tally`, {
			form: {
				intent: 'tally-add',
				productID: 'TH2F004',
				uom: 'LM',
				closeTo: list,
				'lines[0].length': '3.6',
				'lines[0].qty': '4',
				'lines[1].length': '5.4',
				'lines[1].qty': '2',
			},
			maxRedirects: 0,
		})
		expect(tally.status()).toBe(302)
		await page.goto('/cart')
		const lengths = page.getByRole('list', { name: /^Lengths of / })
		await expect(lengths.getByRole('listitem')).toHaveText(['3.60 m × 4', '5.40 m × 2'])
		// The cart still shows its totals; the checkout does not.
		await expect(
			page.getByRole('complementary', { name: 'Order Summary' }).getByRole('definition'),
		).toHaveCount(3)
		await page.goto('/checkout')
		await expect(
			page.getByRole('complementary', { name: 'Order Summary' }).getByRole('definition'),
		).toHaveCount(0)
		await expect(page.getByLabel('Email')).toHaveValue(
			'sarah.mitchell@harbourcityconstructions.com.au',
		)
	})
})
