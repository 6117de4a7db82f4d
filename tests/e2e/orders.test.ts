import { readFileSync } from 'node:fs'
import { type Page } from '@playwright/test'
import { format, parseISO, subDays } from 'date-fns'
import { branchToday } from '#app/utils/input-date.ts'
import { cartTotals, dollarsToCents } from '#app/utils/money.ts'
import {
	activeCartLines,
	expect,
	fitsThePhone,
	holdHydration,
	test,
	type SandboxControl,
	watchPosts,
	hydrated,
} from './fixtures.ts'

/** The demo customer's `pagesize` setting. */
const PAGE_SIZE = 12

/**
 * Back to the list's default view: sort and columns are saved per user in the portal, which
 * outlives the sandbox reset between tests.
 */
async function defaultView(page: Page) {
	const cols = ['transactionNumber', 'transactionType', 'deliveryDate', 'branchID']
		.concat(['customerOrderNumber', 'shipAddress1', 'jobName', 'transactionAmount'])
		.map((c) => `cols=${c}`)
		.join('&')
	await page.goto(`/orders?columns=1&${cols}&sort=&dir=asc`)
}

const table = (page: Page) => page.getByRole('table')
const rowsOf = (page: Page) => table(page).getByRole('row')

/** Real seeded transactions of the demo customer, chosen by what a test needs. */
const money = (n: number) =>
	`$${n.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

async function pick(sandbox: SandboxControl) {
	const all = await sandbox.transactions('demo')
	const find = (what: string, test: (t: (typeof all)[number]) => boolean) => {
		const found = all.find(test)
		if (!found) throw new Error(`No seeded ${what}`)
		return found
	}
	return {
		order: find('order', (t) => t.transactionType === 'Order' && t.transactionSuffix === 0),
		quote: find('open quote', (t) => t.transactionType === 'Quote' && !t.accepted_at),
		invoice: find(
			'invoice',
			(t) =>
				t.transactionType === 'Invoice' && t.transactionAmount > 0 && t.transactionSuffix === 0,
		),
		zeroInvoice: find(
			'zero invoice',
			(t) => t.transactionType === 'Invoice' && t.transactionAmount === 0,
		),
	}
}

test.describe('orders & quotes list', () => {
	test('lists one page of orders and quotes with every column; tabs filter by type @core', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await defaultView(page)
		await page.goto('/orders')
		await expect(page.getByRole('heading', { name: 'Orders & Quotes' })).toBeVisible()
		await expect(table(page).getByRole('columnheader')).toHaveText([
			'Order No',
			'Type',
			'Delivery Date',
			'Branch',
			'Order Ref',
			'Delivery Address',
			'Job Name',
			'Amount',
		])
		const all = (await sandbox.transactions('demo')).filter((t) => t.transactionType !== 'Invoice')
		const pages = Math.ceil(all.length / PAGE_SIZE)
		await expect(page.getByText(`${all.length} orders and quotes`)).toBeVisible()
		await expect(rowsOf(page)).toHaveCount(PAGE_SIZE + 1)
		const pager = page.getByRole('navigation', { name: 'Pagination' })
		await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible()
		await pager.getByRole('link', { name: 'Next' }).click()
		await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible()
		await expect(page).toHaveURL('/orders?page=2')

		await page
			.getByRole('navigation', { name: 'Transaction type' })
			.getByRole('link', { name: 'Quotes' })
			.click()
		await expect(page).toHaveURL('/orders?type=Quote')
		const quotes = all.filter((t) => t.transactionType === 'Quote')
		await expect(page.getByText(`${quotes.length} orders and quotes`)).toBeVisible()
		for (const type of await table(page)
			.getByRole('row')
			.locator('td:nth-child(2)')
			.allTextContents())
			expect(type).toBe('Quote')
		await expect(page.getByRole('link', { name: 'Quotes' })).toHaveAttribute('aria-current', 'page')
	})

	test('search matches any value of a row, shown or not; dates by their text', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await defaultView(page)
		const { order } = await pick(sandbox)
		// Only 'Order No' is shown: the search still finds a job name.
		await page.goto('/orders?columns=1&cols=transactionNumber')
		await expect(table(page).getByRole('columnheader')).toHaveText(['Order No'])
		const search = page.getByRole('searchbox', { name: 'Search orders and quotes' })
		const run = async (term: string) => {
			await search.fill(term)
			// With JS the search applies 400 ms after typing stops; without, on Enter.
			if (!enhanced) await search.press('Enter')
			await expect(page).toHaveURL((url) => url.searchParams.get('q') === term)
		}
		const withJob = (await sandbox.transactions('demo')).find(
			(t) => t.transactionType !== 'Invoice' && (t as { jobName?: string }).jobName,
		) as { jobName: string; transactionNumber: number } | undefined
		if (withJob) {
			await run(withJob.jobName)
			await expect(
				table(page).getByRole('link', { name: String(withJob.transactionNumber), exact: true }),
			).toBeVisible()
		}
		await run(String(order.transactionNumber))
		await expect(rowsOf(page)).toHaveCount(2)

		await page.goto('/orders?columns=1&cols=transactionNumber&cols=deliveryDate')
		const [y, m, d] = String(order.deliveryDate).split('-')
		await run(`${d}/${m}/${y}`)
		for (const date of await table(page).locator('td:nth-child(2)').allTextContents())
			expect(date).toBe(`${d}/${m}/${y}`)

		await run('no such thing anywhere')
		await expect(page.getByText('No Results Found')).toBeVisible()
	})

	test('sort and column choices persist across visits', async ({ page, login, enhanced }) => {
		await login()
		await defaultView(page)
		await page.goto('/orders')
		await page.getByLabel('Sort by').selectOption('transactionAmount')
		await page.getByLabel('Order', { exact: true }).selectOption('desc')
		if (!enhanced) await page.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/sort=transactionAmount&dir=desc/)
		const amounts = (await table(page).locator('td:nth-child(8)').allTextContents()).map((a) =>
			Number(a.replace(/[$,]/g, '')),
		)
		expect(amounts).toEqual([...amounts].sort((a, b) => b - a))

		await page.locator('summary', { hasText: 'Columns' }).click()
		await page.getByRole('checkbox', { name: 'Delivery Address' }).uncheck()
		if (!enhanced) await page.getByRole('button', { name: 'Apply' }).click()
		await expect(table(page).getByRole('columnheader', { name: 'Delivery Address' })).toHaveCount(0)

		// A new visit to the plain URL keeps both choices.
		await page.goto('/')
		await page.goto('/orders')
		await expect(page.getByLabel('Sort by')).toHaveValue('transactionAmount')
		await expect(page.getByLabel('Order', { exact: true })).toHaveValue('desc')
		await expect(table(page).getByRole('columnheader')).toHaveText([
			'Order No',
			'Type',
			'Delivery Date',
			'Branch',
			'Order Ref',
			'Job Name',
			'Amount',
		])
	})

	test('at least one column stays checked', async ({ page, login }) => {
		await login()
		await defaultView(page)
		await page.goto('/orders?columns=1&cols=transactionNumber')
		await expect(table(page).getByRole('columnheader')).toHaveText(['Order No'])
		await page.locator('summary', { hasText: 'Columns' }).click()
		await expect(page.getByRole('checkbox', { name: 'Order No' })).toBeDisabled()
		await page.goto('/orders?columns=1')
		await expect(page.getByText('At least one column must stay visible')).toBeVisible()
		await expect(table(page).getByRole('columnheader')).toHaveText(['Order No'])
	})

	test('Export CSV downloads the filtered rows', async ({ page, login, sandbox }) => {
		await login()
		await defaultView(page)
		const quotes = (await sandbox.transactions('demo')).filter((t) => t.transactionType === 'Quote')
		await page.goto('/orders?type=Quote')
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('link', { name: 'Export CSV' }).click(),
		])
		expect(download.suggestedFilename()).toMatch(/\.csv$/)
		const csv = readFileSync(await download.path(), 'utf8')
			.replace(/^\uFEFF/, '')
			.trim()
			.split(/\r?\n/)
		expect(csv[0]).toBe(
			'Order No,Type,Delivery Date,Branch,Order Ref,Delivery Address,Job Name,Amount',
		)
		expect(csv).toHaveLength(quotes.length + 1)
		expect(csv.slice(1).every((line) => line.split(',')[1] === 'Quote')).toBe(true)
	})

	// 41 KB since My Account lists Jobs (decision 067): the page was within a few hundred bytes of
	// 40 KB, and the menu is on it twice (phone and desktop).
	test('one page of orders is under 41 KB of HTML', async ({ page, login }) => {
		await login()
		await defaultView(page)
		const response = await page.request.get('/orders', {
			headers: { 'Accept-Encoding': 'identity' },
		})
		expect(response.status()).toBe(200)
		expect((await response.body()).length).toBeLessThan(41_000)
	})

	test('rows link to the detail page @core', async ({ page, login, sandbox }) => {
		await login()
		const { quote } = await pick(sandbox)
		await page.goto(`/orders?type=Quote&q=${quote.transactionNumber}`)
		await table(page)
			.getByRole('link', { name: String(quote.transactionNumber), exact: true })
			.click()
		await expect(page).toHaveURL(`/quotes/${quote.transactionNumber}-${quote.transactionSuffix}`)
		await expect(
			page.getByRole('heading', { name: `Quote ${quote.transactionNumber}` }),
		).toBeVisible()
	})
})

test.describe('transaction detail', () => {
	test('an order: lines, summary, breadcrumb and its buttons @core', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const { order } = await pick(sandbox)
		await page.goto(`/orders/${order.transactionNumber}-0`)
		await expect(
			page.getByRole('heading', { level: 1, name: `Order ${order.transactionNumber}` }),
		).toBeVisible()
		await expect(
			page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Orders' }),
		).toHaveAttribute('href', '/orders')
		await expect(page.getByRole('table').getByRole('row')).toHaveCount(order.lines.length + 1)
		for (const name of ['Email', 'Request Change'])
			await expect(page.getByRole('link', { name })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Copy to Cart' })).toBeVisible()
		for (const name of ['Accept', 'Pay Invoice', 'Add Comment'])
			await expect(page.getByRole('link', { name })).toHaveCount(0)
		const summary = page.getByRole('complementary', { name: 'Summary' })
		await expect(summary.getByText('Subtotal (ex GST)')).toBeVisible()
		await expect(summary.getByText('Delivery Address')).toHaveCount(0)
	})

	test('an invoice: suffix in the heading, address and comment rows, Pay Invoice', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const { invoice, zeroInvoice } = await pick(sandbox)
		await page.goto(`/invoices/${invoice.transactionNumber}-0`)
		await expect(
			page.getByRole('heading', { level: 1, name: `Invoice ${invoice.transactionNumber}-0` }),
		).toBeVisible()
		const summary = page.getByRole('complementary', { name: 'Summary' })
		await expect(summary.getByText('Delivery Address')).toBeVisible()
		await expect(summary.getByText('Comment', { exact: true })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Pay Invoice' })).toHaveAttribute(
			'href',
			`/pay-account?invoiceId=${invoice.transactionNumber}&suffix=0`,
		)
		await expect(page.getByRole('link', { name: 'Request Change' })).toHaveCount(0)

		await page.goto(`/invoices/${zeroInvoice.transactionNumber}-${zeroInvoice.transactionSuffix}`)
		await expect(page.getByRole('heading', { level: 1, name: /^Invoice / })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Pay Invoice' })).toHaveCount(0)
	})

	test('flags: shopping_cart_disabled and pay_account_button_disabled hide their buttons; the region flag hides tax rows', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', {
			settings: { shopping_cart_disabled: 'true', pay_account_button_disabled: 'true' },
		})
		await login()
		const { invoice } = await pick(sandbox)
		await page.goto(`/invoices/${invoice.transactionNumber}-0`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Copy to Cart' })).toHaveCount(0)
		await expect(page.getByRole('link', { name: 'Pay Invoice' })).toHaveCount(0)
	})

	test('Download gives a PDF named {type}-{number}-{suffix}.pdf', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const { invoice } = await pick(sandbox)
		await page.goto(`/invoices/${invoice.transactionNumber}-0`)
		const link = page.getByRole('link', { name: 'Download' })
		await expect(link).toHaveAttribute('href', `/invoices/${invoice.transactionNumber}-0/document`)
		const response = await page.request.get(`/invoices/${invoice.transactionNumber}-0/document`)
		expect(response.headers()['content-type']).toBe('application/pdf')
		expect(response.headers()['content-disposition']).toBe(
			`attachment; filename="invoice-${invoice.transactionNumber}-0.pdf"`,
		)
		const body = await response.body()
		expect(body.subarray(0, 5).toString()).toBe('%PDF-')
		expect(body.toString('latin1')).toContain(String(invoice.transactionNumber))
	})

	test('Email: required, valid, then sent with the PDF (in the outbox)', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const { order } = await pick(sandbox)
		await page.goto(`/orders/${order.transactionNumber}-0`)
		await page.getByRole('link', { name: 'Email' }).click()
		const dialog = page.getByRole('dialog', { name: 'Email Order' })
		const send = dialog.getByRole('button', { name: 'Send' })
		// The user's own address is offered.
		await expect(dialog.getByLabel('Email address')).toHaveValue(
			'sarah.mitchell@harbourcityconstructions.com.au',
		)
		await dialog.getByLabel('Email address').fill('')
		if (enhanced) {
			await expect(send).toBeDisabled()
		} else {
			await send.click()
			await expect(dialog.getByText('Required', { exact: true })).toBeVisible()
		}
		await dialog.getByLabel('Email address').fill('not an email')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByLabel('Email address')).toHaveAccessibleDescription(
			'Invalid email address',
		)
		await dialog.getByLabel('Email address').fill('site.office@example.com')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('status').getByText('Order sent successfully')).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const [email] = (await sandbox.outbox()).filter(
			(e) => e.to_address === 'site.office@example.com',
		)
		expect(email).toBeDefined()
		const attachments = email!.attachments as Array<{ filename: string; contentType: string }>
		expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
			[`order-${order.transactionNumber}-0.pdf`, 'application/pdf'],
		])
	})

	test('a page that arrives with the Email dialog open keeps what was typed before its scripts ran, then sends it @js-only', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const { order } = await pick(sandbox)
		// The dialog's code loads when it is shown; a page that arrives with it open loads it before
		// hydrating, so the address typed meanwhile stays.
		const release = await holdHydration(page)
		await page.goto(`/orders/${order.transactionNumber}-0?dialog=email`, {
			waitUntil: 'domcontentloaded',
		})
		const dialog = page.getByRole('dialog', { name: 'Email Order' })
		await dialog.getByLabel('Email address').fill('early@example.com')
		release()
		await hydrated(page)
		await expect(dialog.getByLabel('Email address')).toHaveValue('early@example.com')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('status').getByText('Order sent successfully')).toBeVisible()
		expect((await sandbox.outbox()).map((e) => e.to_address)).toContain('early@example.com')
	})

	test('an invoice comment is saved and shown', async ({ page, login, sandbox }) => {
		await login()
		const { invoice } = await pick(sandbox)
		await page.goto(`/invoices/${invoice.transactionNumber}-0`)
		await page.getByRole('link', { name: /^(Add|Edit) Comment$/ }).click()
		const dialog = page.getByRole('dialog', { name: 'Comment' })
		await expect(dialog.getByLabel('Comment')).toHaveAttribute('rows', '5')
		await dialog.getByLabel('Comment').fill('Delivered to the wrong gate, please check with Sam')
		await dialog.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByRole('status').getByText('Comment saved successfully')).toBeVisible()
		await expect(
			page
				.getByRole('complementary', { name: 'Summary' })
				.getByText('Delivered to the wrong gate, please check with Sam'),
		).toBeVisible()
	})

	test('Request Change sends an email to the supplier', async ({ page, login, sandbox }) => {
		await login()
		const { order } = await pick(sandbox)
		await page.goto(`/orders/${order.transactionNumber}-0`)
		await page.getByRole('link', { name: 'Request Change' }).click()
		const dialog = page.getByRole('dialog', { name: 'Request Changes' })
		await expect(dialog.getByLabel('Message')).toHaveAttribute('rows', '6')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByText('Required', { exact: true })).toBeVisible()
		await dialog.getByLabel('Email address').fill('site.manager@example.com')
		await dialog.getByLabel('Message').fill('Please change the delivery to Thursday morning.')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('status').getByText('Email sent successfully')).toBeVisible()
		const email = (await sandbox.outbox()).find(
			(e) => e.subject === `Changes Requested for Transaction ${order.transactionNumber}`,
		)
		expect(String(email?.body)).toContain('Please change the delivery to Thursday morning.')
		// The supplier's own address sends it; the typed one is where replies go.
		expect(email).toMatchObject({
			from_address: 'trade@southerncrossbuilding.com.au',
			reply_to: 'site.manager@example.com',
		})
	})

	test('the Request Changes and Accept dialogs name a missing field without sending with JS, by the server without', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const { order, quote } = await pick(sandbox)
		const posts = watchPosts(page)
		await page.goto(`/orders/${order.transactionNumber}-0?dialog=request-change`)
		// The browser's check loads once the page has hydrated (decision 050); a person takes longer
		// to type than that, so the test waits for it too.
		if (enhanced) await page.waitForLoadState('networkidle')
		const change = page.getByRole('dialog', { name: 'Request Changes' })
		await change.getByLabel('Message').fill('   ')
		await change.getByRole('button', { name: 'Send' }).click()
		await expect(change.getByLabel('Message')).toHaveAccessibleDescription('Required')
		// With JS the browser checked the same rules (detail.forms.ts): nothing was sent.
		expect(posts).toHaveLength(enhanced ? 0 : 1)
		await page.goto(`/quotes/${quote.transactionNumber}-${quote.transactionSuffix}?dialog=accept`)
		if (enhanced) await page.waitForLoadState('networkidle')
		const accept = page.getByRole('dialog', { name: 'Accept Quote' })
		await accept.getByLabel('Comment').fill('Go ahead.')
		await accept.getByRole('button', { name: 'Accept' }).click()
		await expect(accept.getByLabel(/^Delivery date/)).toHaveAccessibleDescription(/Required/)
		await expect(accept.getByLabel('Comment')).toHaveValue('Go ahead.')
		expect(posts).toHaveLength(enhanced ? 0 : 2)
	})

	test('Accept a quote: both fields required, then accepted', async ({ page, login, sandbox }) => {
		await login()
		const { quote } = await pick(sandbox)
		await page.goto(`/quotes/${quote.transactionNumber}-${quote.transactionSuffix}`)
		await page.getByRole('link', { name: 'Accept' }).click()
		const dialog = page.getByRole('dialog', { name: 'Accept Quote' })
		await dialog.getByRole('button', { name: 'Accept' }).click()
		await expect(dialog.getByText('Required', { exact: true })).toHaveCount(2)
		await dialog.getByLabel(/^Delivery date/).fill('2026-12-15')
		await dialog.getByLabel('Comment').fill('Go ahead, deliver to site.')
		await dialog.getByRole('button', { name: 'Accept' }).click()
		await expect(page.getByRole('status').getByText('Quote accepted')).toBeVisible()
		const stored = (await sandbox.transactions('demo')).find(
			(t) => t.transactionNumber === quote.transactionNumber,
		)
		expect(stored?.accepted_at).toBeTruthy()
	})

	test('Accept a quote: a delivery date in the past is refused beside the field', async ({
		page,
		login,
		sandbox,
	}) => {
		const today = branchToday()
		const yesterday = format(subDays(parseISO(today), 1), 'yyyy-MM-dd')
		await login()
		const { quote } = await pick(sandbox)
		await page.goto(`/quotes/${quote.transactionNumber}-${quote.transactionSuffix}?dialog=accept`)
		const dialog = page.getByRole('dialog', { name: 'Accept Quote' })
		const date = dialog.getByLabel(/^Delivery date/)
		await expect(date).toHaveAttribute('min', today)
		await date.fill(yesterday)
		await dialog.getByLabel('Comment').fill('Go ahead, deliver to site.')
		await dialog.getByRole('button', { name: 'Accept' }).click()
		await expect(date).toHaveAccessibleDescription('The delivery date cannot be in the past')
		await expect(dialog.getByLabel('Comment')).toHaveValue('Go ahead, deliver to site.')
		const stored = () =>
			sandbox
				.transactions('demo')
				.then((all) => all.find((t) => t.transactionNumber === quote.transactionNumber))
		expect((await stored())?.accepted_at).toBeNull()
		await date.fill(today)
		await dialog.getByRole('button', { name: 'Accept' }).click()
		await expect(page.getByRole('status').getByText('Quote accepted')).toBeVisible()
		expect((await stored())?.accepted_at).toBeTruthy()
	})

	test('Copy to Cart copies the lines and the badge counts them', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const { order } = await pick(sandbox)
		await page.goto(`/orders/${order.transactionNumber}-0`)
		await expect(page.getByRole('link', { name: /^Cart: 0 lines/ })).toBeVisible()
		await page.getByRole('button', { name: 'Copy to Cart' }).click()
		await expect(page.getByRole('status').getByText('Order copied to cart')).toBeVisible()
		const products = order.lines.filter((l) => !l.productCode.startsWith('DEL-'))
		await expect(
			page.getByRole('link', { name: new RegExp(`^Cart: ${products.length} lines?`) }),
		).toBeVisible()
		const cart = (await sandbox.carts('demo')).find((c) => c.sessionType === 'Cart' && !c.ordered)
		expect(cart?.lines.map((l) => l.productID).sort()).toEqual(
			products.map((l) => l.productCode).sort(),
		)
	})

	test('Copy to Cart says which lengths it chose for each tally line and how the totals compare', async ({
		page,
		login,
		sandbox,
	}) => {
		// Order 609602: a joist hanger, then 45.6 LM and 27 LM of two tally products, no delivery.
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await page.goto('/orders/609602-0')
		await page.getByRole('button', { name: 'Copy to Cart' }).click()
		const notice = page.getByRole('status').filter({ hasText: 'Order copied to cart' })
		await expect(notice).toBeVisible()
		await expect(
			notice.getByText(
				'The order kept only the metres of these lines, so the lengths were chosen; change them in the cart if they are not the ones you want:',
			),
		).toBeVisible()
		const cart = await activeCartLines(sandbox)
		const order = (await sandbox.transactions('demo')).find((t) => t.transactionNumber === 609602)!
		for (const [productID, name, metres] of [
			['TMGP12002', 'MGP12 Pine 70x45 T2 Blue Framing', '45.6 LM'],
			['TSKT011', 'Tasmanian Oak Skirting Splayed 66x18', '27 LM'],
		] as const) {
			const tally = cart.find((l) => l.productID === productID)!.tally
			expect(tally.length).toBeGreaterThan(0)
			const lengths = [...tally]
				.sort((a, b) => b.length - a.length)
				.map((t) => `${t.length.toFixed(2)} m × ${t.qty}`)
				.join(', ')
			await expect(
				notice.getByText(`${name}: ${metres} as ${lengths}`, { exact: true }),
			).toBeVisible()
		}
		// The cart's total of the copied lines beside the order's, whatever they come to.
		const total =
			cartTotals(
				cart.map((l) => ({
					prodQty: l.prodQty,
					unitPrice: dollarsToCents(l.unitPrice),
					unitGST: dollarsToCents(l.unitGST),
				})),
				false,
			).total / 100
		const difference = Math.round(total * 100) - Math.round(order.transactionAmount * 100)
		await expect(
			notice.getByText(
				difference
					? `The copied lines come to ${money(total)} inc GST in the cart; on the order they were ${money(order.transactionAmount)} (${money(Math.abs(difference) / 100)} ${difference < 0 ? 'less' : 'more'}).`
					: `The copied lines come to ${money(total)} inc GST in the cart, as on the order.`,
			),
		).toBeVisible()
		await fitsThePhone(page)
	})

	test('a transaction that cannot be loaded goes to /request-error', async ({ page, login }) => {
		await login()
		await page.goto('/orders/999999-0')
		await expect(page).toHaveURL(/\/request-error\?msg=/)
		await expect(page.getByRole('heading', { name: 'Request failed' })).toBeVisible()
		await expect(page.getByText(/999999/)).toBeVisible()
		await page.goto('/orders/0-0')
		await expect(page.getByText('Unable to perform your request')).toBeVisible()
	})
})
