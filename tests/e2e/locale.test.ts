import { readFileSync } from 'node:fs'
import { type Page } from '@playwright/test'
import { activeCartLines, addToCart, expect, test, type SandboxControl } from './fixtures.ts'

/** How each locale writes a date (yyyy-mm-dd): mm/dd/yyyy in en-US, dd/mm/yyyy otherwise. */
const WRITTEN = {
	'en-US': (iso: string) => {
		const [year, month, day] = iso.slice(0, 10).split('-')
		return `${month}/${day}/${year}`
	},
	'en-AU': (iso: string) => iso.slice(0, 10).split('-').reverse().join('/'),
}

/** The demo customer's seeded transaction `number`-0 (docs/sandbox.md: order 609630, invoice 609593). */
async function seeded(sandbox: SandboxControl, number: number) {
	const found = (await sandbox.transactions('demo')).find(
		(t) => t.transactionNumber === number && t.transactionSuffix === 0,
	)
	if (!found) throw new Error(`No seeded transaction ${number}`)
	return found
}

/** The demo customer's whole open balance and its overdue part, as the ledger has them. */
async function balances(sandbox: SandboxControl) {
	const { balances: b } = await sandbox.payments('demo')
	return {
		total: b.current_balance + b.balance_30_day + b.balance_overdue,
		overdue: b.balance_overdue,
	}
}

/**
 * A list in its default view, every column shown: sort and columns are saved per user in the
 * portal, which outlives the sandbox reset between tests.
 */
async function defaultView(page: Page, path: string, columns: string[]) {
	const cols = columns.map((c) => `cols=${c}`).join('&')
	await page.goto(`${path}?columns=1&${cols}&sort=&dir=asc`)
}
const ORDER_COLUMNS = ['transactionNumber', 'transactionType', 'deliveryDate', 'branchID'].concat([
	'customerOrderNumber',
	'shipAddress1',
	'jobName',
	'transactionAmount',
])
const INVOICE_COLUMNS = ['transactionNumber', 'transactionType', 'invoiceDate', 'branchID'].concat([
	'customerOrderNumber',
	'shipAddress1',
	'jobName',
	'userComment',
	'transactionAmount',
])

const row = (page: Page, text: string) =>
	page.getByRole('table').getByRole('row').filter({ hasText: text })
const summary = (page: Page) => page.getByRole('complementary', { name: 'Summary' })

/** A download's lines, without the byte-order mark. */
async function csvLines(page: Page, link: string) {
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: link }).click(),
	])
	return readFileSync(await download.path(), 'utf8')
		.replace(/^\uFEFF/, '')
		.trim()
		.split(/\r?\n/)
}

test.describe('locale and currency', () => {
	for (const [locale, example] of [
		['en-US', '10/31/2026'],
		['en-AU', '31/10/2026'],
	] as const) {
		test(`an ${locale} customer sees ${example} dates in lists, details, statements, the PDF name and the CSV`, async ({
			page,
			login,
			sandbox,
		}) => {
			// en-AU is the seeded locale: set only en-US, through the customer's settings.
			if (locale === 'en-US') await sandbox.configure('demo', { settings: { locale } })
			const written = WRITTEN[locale]
			const other = WRITTEN[locale === 'en-US' ? 'en-AU' : 'en-US']
			const order = await seeded(sandbox, 609630)
			const invoice = await seeded(sandbox, 609593)
			await login()

			// Orders: the list's row, its CSV export and the order's page.
			await defaultView(page, '/orders', ORDER_COLUMNS)
			await page.goto('/orders?q=609630')
			await expect(page.locator('html')).toHaveAttribute('lang', locale)
			await expect(row(page, '609630')).toContainText(written(order.deliveryDate))
			const csv = await csvLines(page, 'Export CSV')
			const line = csv.find((l) => l.startsWith('609630'))
			expect(line).toContain(written(order.deliveryDate))
			if (written(order.deliveryDate) !== other(order.deliveryDate))
				expect(line).not.toContain(other(order.deliveryDate))
			await row(page, '609630').getByRole('link', { name: '609630', exact: true }).click()
			await expect(page.getByRole('heading', { name: 'Order 609630', level: 1 })).toBeVisible()
			await expect(page.locator('html')).toHaveAttribute('lang', locale)
			await expect(
				summary(page).getByText(written(order.deliveryDate), { exact: true }),
			).toBeVisible()

			// Invoices, from the first one on (an empty 'from'), and an invoice's page.
			await defaultView(page, '/invoices', INVOICE_COLUMNS)
			await page.goto('/invoices?from=&q=609593')
			await expect(row(page, '609593-0')).toContainText(written(invoice.invoiceDate))
			await page.goto('/invoices/609593-0')
			await expect(
				summary(page).getByText(written(invoice.invoiceDate), { exact: true }),
			).toBeVisible()

			// Statements fall on a month's end: the list, one statement (not the latest, which
			// cannot be downloaded), its lines' dates and its PDF's name.
			await page.goto('/statements')
			const older = page
				.getByRole('table', { name: 'Statements, newest first' })
				.getByRole('link')
				.nth(1)
			const iso = (await older.getAttribute('href'))!.split('/').pop()!
			expect(Number(iso.slice(8, 10))).toBeGreaterThan(12)
			await expect(older).toHaveText(written(iso))
			await older.click()
			await expect(
				page.getByRole('heading', { name: `Statement ${written(iso)}`, level: 1 }),
			).toBeVisible()
			const dates = await page
				.getByRole('table', { name: 'Statement lines' })
				.locator('tbody td[data-label="Date"]')
				.allTextContents()
			expect(dates.length).toBeGreaterThan(0)
			// Month and day where the locale puts them: some line is past the 12th.
			const [month, day] = locale === 'en-US' ? [0, 3] : [3, 0]
			for (const date of dates) {
				expect(date).toMatch(/^\d\d\/\d\d\/\d{4}$/)
				expect(Number(date.slice(month, month + 2))).toBeLessThanOrEqual(12)
			}
			expect(dates.some((d) => Number(d.slice(day, day + 2)) > 12)).toBe(true)
			const [pdf] = await Promise.all([
				page.waitForEvent('download'),
				page.getByRole('link', { name: 'Download Statement' }).click(),
			])
			// The date as the page writes it; a file name cannot hold a slash.
			expect(pdf.suggestedFilename()).toBe(`statement-${written(iso).replaceAll('/', '-')}.pdf`)

			// Pay Balance names the statement as the customer writes dates.
			await page.getByRole('link', { name: 'Pay Balance' }).click()
			await expect(page.getByRole('heading', { name: 'Pay Account', level: 1 })).toBeVisible()
			await expect(page.getByText(`Statement ${written(iso)}`)).toBeVisible()
		})
	}

	test('an en-US customer billed in Australian dollars sees A$, and pays the amount shown', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { locale: 'en-US', currency: 'AUD' } })
		const money = (n: number) =>
			new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' }).format(n)
		const { total, overdue } = await balances(sandbox)
		await login()
		await addToCart(page, 'HNAI001', 1)
		const [line] = await activeCartLines(sandbox)
		// Home's balances and the masthead's cart subtotal.
		await page.goto('/')
		const cards = page.getByRole('region', { name: 'Account balances' })
		await expect(cards.getByText(money(overdue), { exact: true })).toBeVisible()
		await expect(
			page.getByRole('link', { name: `Cart: 1 line ${money(line!.unitPrice)}` }),
		).toBeVisible()
		await page.goto('/pay-account')
		const account = page.getByRole('region', { name: 'Account' })
		await expect(account.getByText(money(total))).toBeVisible()
		await expect(page.getByLabel('Amount')).toHaveValue(money(overdue))
		// The amount as shown is read back: the payment is for it.
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await page.getByRole('button', { name: 'Approve' }).click()
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		await expect(page.getByText(money(overdue))).toBeVisible()
		const { payments } = await sandbox.payments('demo')
		expect(payments.map((p) => [p.status, p.amount])).toEqual([['approved', overdue]])
	})

	test('an en-AU customer billed in US dollars sees USD before amounts', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { currency: 'USD' } })
		const money = (n: number) =>
			new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'USD' }).format(n)
		const order = await seeded(sandbox, 609630)
		await login()
		await defaultView(page, '/orders', ORDER_COLUMNS)
		await page.goto('/orders?q=609630')
		await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU')
		await expect(row(page, '609630')).toContainText(money(order.transactionAmount))
		const { overdue } = await balances(sandbox)
		await page.goto('/pay-account')
		await expect(page.getByLabel('Amount')).toHaveValue(money(overdue))
	})
})
