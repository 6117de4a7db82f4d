import AxeBuilder from '@axe-core/playwright'
import { format } from 'date-fns/format'
import { subMonths } from 'date-fns/subMonths'
import { type Page } from '@playwright/test'
import { spokenText } from './spoken-text.ts'
import { expect, test, type SandboxControl, watchPosts } from './fixtures.ts'

/** The demo customer's `pagesize` setting. */
const PAGE_SIZE = 12

const table = (page: Page) => page.getByRole('table')
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' })
const ref = (t: { transactionNumber: number; transactionSuffix: number }) =>
	`${t.transactionNumber}-${t.transactionSuffix}`

/** The demo customer's invoices as the sandbox stores them, newest first. */
async function invoices(sandbox: SandboxControl, from = '', to = '') {
	return (await sandbox.transactions('demo'))
		.filter(
			(t) =>
				t.transactionType === 'Invoice' &&
				(!from || t.invoiceDate >= from) &&
				(!to || t.invoiceDate <= to),
		)
		.sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate))
}

const COLUMN_KEYS = [
	'transactionNumber',
	'transactionType',
	'invoiceDate',
	'branchID',
	'customerOrderNumber',
	'shipAddress1',
	'jobName',
	'userComment',
	'transactionAmount',
]

/** Sort and columns are saved per user in the portal, across tests: back to the defaults. */
async function defaultPrefs(page: Page) {
	await page.goto(
		`/invoices?sort=&dir=asc&columns=1&${COLUMN_KEYS.map((k) => `cols=${k}`).join('&')}`,
	)
}

/** The list's default date-from: 3 months before today. */
const defaultFrom = () => format(subMonths(new Date(), 3), 'yyyy-MM-dd')

test.describe('invoices list', () => {
	test('dates from 3 months back, every column, paging; date filter and Reset Dates', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await defaultPrefs(page)
		await page.goto('/')
		await page.getByRole('link', { name: 'Invoices' }).first().click()
		await expect(page).toHaveURL('/invoices')
		await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible()
		await expect(table(page).getByRole('columnheader')).toHaveText([
			'Select',
			'Invoice Number',
			'Type',
			'Invoice Date',
			'Branch',
			'Order Ref',
			'Delivery Address',
			'Job Name',
			'Comment',
			'Amount',
		])
		await expect(page.getByLabel('Date from')).toHaveValue(defaultFrom())
		await expect(page.getByLabel('Date to')).toHaveValue('')
		const recent = await invoices(sandbox, defaultFrom())
		await expect(page.getByText(`${recent.length} invoices`)).toBeVisible()
		await expect(bodyRows(page)).toHaveCount(Math.min(PAGE_SIZE, recent.length))
		await expect(bodyRows(page).first()).toContainText(ref(recent[0]!))
		const pages = Math.ceil(recent.length / PAGE_SIZE)
		await pager(page).getByRole('button', { name: 'Next' }).click()
		await expect(pager(page).getByText(`Page 2 of ${pages}`)).toBeVisible()
		await expect(bodyRows(page).first()).toContainText(ref(recent[PAGE_SIZE]!))

		// September 2026 only: the dates apply with Search (or by themselves, with JS).
		await page.getByLabel('Date from').fill('2026-09-01')
		await page.getByLabel('Date to').fill('2026-09-30')
		if (!enhanced) await page.getByRole('button', { name: 'Search' }).click()
		await expect(page).toHaveURL(/from=2026-09-01&to=2026-09-30/)
		const september = await invoices(sandbox, '2026-09-01', '2026-09-30')
		await expect(page.getByText(`${september.length} invoices`)).toBeVisible()
		for (const date of await bodyRows(page).locator('td:nth-child(4)').allTextContents())
			expect(date).toMatch(/^\d\d\/09\/2026$/)

		await page.getByRole('link', { name: 'Reset Dates' }).click()
		await expect(page.getByLabel('Date from')).toHaveValue(defaultFrom())
		await expect(page.getByLabel('Date to')).toHaveValue('')
		await expect(page.getByText(`${recent.length} invoices`)).toBeVisible()
	})

	test('search, sort and columns', async ({ page, login, sandbox, enhanced }) => {
		await login()
		await page.goto('/invoices?from=')
		const all = await invoices(sandbox)
		await expect(page.getByText(`${all.length} invoices`)).toBeVisible()

		// An Order Ref on one invoice only (a one-off: a job's reference is on many).
		const target = all.find(
			(t) =>
				t.customerOrderNumber &&
				all.filter((o) => o.customerOrderNumber === t.customerOrderNumber).length === 1,
		)!
		const search = page.getByRole('searchbox', { name: 'Search invoices' })
		await search.fill(target.customerOrderNumber)
		if (!enhanced) await search.press('Enter')
		await expect(page).toHaveURL((url) => url.searchParams.get('q') === target.customerOrderNumber)
		await expect(bodyRows(page)).toHaveCount(1)
		await expect(table(page).getByRole('link', { name: ref(target), exact: true })).toBeVisible()

		await search.fill('no such invoice anywhere')
		if (!enhanced) await search.press('Enter')
		await expect(page.getByText('No Results Found')).toBeVisible()

		await page.goto('/invoices?from=')
		await page.getByLabel('Sort by').selectOption('transactionAmount')
		await page.getByLabel('Order', { exact: true }).selectOption('desc')
		if (!enhanced) await page.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/sort=transactionAmount&dir=desc/)
		const largest = [...all].sort((a, b) => b.transactionAmount - a.transactionAmount)[0]!
		await expect(bodyRows(page).first()).toContainText(ref(largest))

		await page.locator('summary', { hasText: 'Columns' }).click()
		await page.getByRole('checkbox', { name: 'Job Name' }).uncheck()
		await page.getByRole('checkbox', { name: 'Delivery Address' }).uncheck()
		if (!enhanced) await page.getByRole('button', { name: 'Apply' }).click()
		await expect(table(page).getByRole('columnheader')).toHaveText([
			'Select',
			'Invoice Number',
			'Type',
			'Invoice Date',
			'Branch',
			'Order Ref',
			'Comment',
			'Amount',
		])
	})

	test('a comment is added from its row, previewed in 15 characters and viewed whole', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const target = (await invoices(sandbox, defaultFrom())).find((t) => !t.comment_tportal)!
		await page.goto(`/invoices?q=${ref(target)}`)
		const row = bodyRows(page).filter({ hasText: ref(target) })
		await row.getByRole('link', { name: `Add comment to invoice ${ref(target)}` }).click()
		const dialog = page.getByRole('dialog', { name: 'Comment' })
		await dialog.getByLabel('Comment').fill('Checked against delivery docket 5531')
		await dialog.getByRole('button', { name: 'Save' }).click()
		await expect(page.getByRole('status').getByText('Comment saved successfully')).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const stored = (await sandbox.transactions('demo')).find((t) => ref(t) === ref(target))
		expect(stored?.comment_tportal).toBe('Checked against delivery docket 5531')

		const preview = row.getByRole('link', { name: /view comment on invoice/ })
		await expect(preview).toContainText('Checked against...')
		await expect(row).not.toContainText('delivery docket')
		await preview.click()
		await expect(dialog.getByLabel('Comment')).toHaveValue('Checked against delivery docket 5531')
		await dialog.getByRole('link', { name: 'Cancel' }).click()
		await expect(page.getByRole('dialog')).toHaveCount(0)
	})

	test('a comment over 2000 characters is refused beside it, without a post with JS', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const target = (await invoices(sandbox, defaultFrom())).find((t) => !t.comment_tportal)!
		await page.goto(`/invoices/${ref(target)}?dialog=comment`)
		// The browser's check loads once the page has hydrated (decision 050); a person takes longer
		// to type than that, so the test waits for it too.
		if (enhanced) await page.waitForLoadState('networkidle')
		const posts = watchPosts(page)
		const dialog = page.getByRole('dialog', { name: 'Comment' })
		await dialog.getByLabel('Comment').fill('x'.repeat(2001))
		await dialog.getByRole('button', { name: 'Save' }).click()
		await expect(dialog.getByLabel('Comment')).toHaveAccessibleDescription(
			'Use at most 2000 characters',
		)
		expect(posts).toHaveLength(enhanced ? 0 : 1)
		const stored = (await sandbox.transactions('demo')).find((t) => ref(t) === ref(target))
		expect(stored?.comment_tportal).toBeFalsy()
	})

	test('rows link to the invoice, whose breadcrumb leads back to Invoices @core', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const [latest] = await invoices(sandbox, defaultFrom())
		await defaultPrefs(page)
		await page.goto('/invoices')
		await table(page)
			.getByRole('link', { name: ref(latest!), exact: true })
			.click()
		await expect(page).toHaveURL(`/invoices/${ref(latest!)}`)
		await expect(page.getByRole('heading', { name: `Invoice ${ref(latest!)}` })).toBeVisible()
		await page
			.getByRole('navigation', { name: 'Breadcrumb' })
			.getByRole('link', { name: 'Invoices' })
			.click()
		await expect(page).toHaveURL('/invoices')
	})
})

test.describe('emailing selected invoices', () => {
	test('7 invoices checked over two pages: 5 numbers and "...and 2 more.", one email with 7 PDFs', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const recent = await invoices(sandbox, defaultFrom())
		const firstPage = recent.slice(0, 4)
		const secondPage = recent.slice(PAGE_SIZE, PAGE_SIZE + 3)
		await defaultPrefs(page)
		const bar = page.getByRole('group', { name: 'Selected invoices' })
		// The count as read out: without JS it is CSS-generated text, which getByText misses.
		const spoken = () => spokenText(page, 'group', 'Selected invoices')
		const checkbox = (t: (typeof recent)[number]) =>
			page.getByRole('checkbox', { name: `Select invoice ${ref(t)}` })

		await page.goto('/invoices')
		// The bar shows only once something is selected, with or without JS.
		await expect(bar).toBeHidden()
		await expect(page.getByText('0 selected')).toBeHidden()
		for (const t of firstPage) await checkbox(t).check()
		await expect.poll(spoken).toMatch(/^4 selected /)
		await pager(page).getByRole('button', { name: 'Next' }).click()
		await expect(pager(page).getByText(/^Page 2 of/)).toBeVisible()
		// Nothing checked on this page yet: the 4 from page 1 still count.
		await expect.poll(spoken).toMatch(/^4 selected /)
		for (const t of secondPage) await checkbox(t).check()
		await pager(page).getByRole('button', { name: 'Previous' }).click()
		await expect(pager(page).getByText(/^Page 1 of/)).toBeVisible()
		// What was checked before paging is still checked.
		for (const t of firstPage) await expect(checkbox(t)).toBeChecked()
		await expect.poll(spoken).toMatch(/^7 selected /)

		await bar.getByRole('button', { name: 'Email Selected Invoices' }).click()
		const dialog = page.getByRole('dialog', { name: 'Email Invoices' })
		const chosen = [...firstPage, ...secondPage]
		await expect(dialog.getByText(/^Invoices /)).toHaveText(
			`Invoices ${chosen.slice(0, 5).map(ref).join(', ')} ...and 2 more.`,
		)
		await dialog.getByLabel('Email address').fill('not an email')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByLabel('Email address')).toHaveAccessibleDescription(
			'Invalid email address',
		)
		await dialog.getByLabel('Email address').fill('accounts@example.com')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('status').getByText("Invoice's sent successfully")).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)

		const sent = (await sandbox.outbox()).filter((e) => e.to_address === 'accounts@example.com')
		expect(sent).toHaveLength(1)
		expect(sent[0]!.attachments.map((a) => a.filename).sort()).toEqual(
			chosen.map((t) => `invoice-${ref(t)}.pdf`).sort(),
		)
		expect(sent[0]!.attachments.every((a) => a.contentType === 'application/pdf')).toBe(true)

		// The selection is cleared.
		await expect(page).not.toHaveURL(/sel=/)
		for (const t of firstPage) await expect(checkbox(t)).not.toBeChecked()
		await expect(bar).toBeHidden()
		await expect(page.getByRole('link', { name: 'Unselect All' })).toBeHidden()
	})

	test('Unselect All clears the selection', async ({ page, login, sandbox }) => {
		await login()
		const recent = await invoices(sandbox, defaultFrom())
		await defaultPrefs(page)
		await page.goto('/invoices')
		const bar = page.getByRole('group', { name: 'Selected invoices' })
		// The count as read out: without JS it is CSS-generated text, which getByText misses.
		const spoken = () => spokenText(page, 'group', 'Selected invoices')
		for (const t of recent.slice(0, 2))
			await page.getByRole('checkbox', { name: `Select invoice ${ref(t)}` }).check()
		await expect.poll(spoken).toMatch(/^2 selected /)
		// Unchecked again on this page, the bar goes (and comes back).
		await page.getByRole('checkbox', { name: `Select invoice ${ref(recent[0]!)}` }).uncheck()
		await expect.poll(spoken).toMatch(/^1 selected /)
		await page.getByRole('checkbox', { name: `Select invoice ${ref(recent[1]!)}` }).uncheck()
		await expect(bar).toBeHidden()
		await page.getByRole('checkbox', { name: `Select invoice ${ref(recent[1]!)}` }).check()
		await page.getByRole('checkbox', { name: `Select invoice ${ref(recent[0]!)}` }).check()
		await pager(page).getByRole('button', { name: 'Next' }).click()
		await expect.poll(spoken).toMatch(/^2 selected /)
		await bar.getByRole('link', { name: 'Unselect All' }).click()
		await expect(page).not.toHaveURL(/sel=/)
		await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0)
		await expect(bar).toBeHidden()
	})

	test('a large selection is queued by the presenter and still reported as sent', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const recent = (await invoices(sandbox, defaultFrom())).slice(0, 11)
		await page.goto(`/invoices?dialog=email&${recent.map((t) => `sel=${ref(t)}`).join('&')}`)
		const dialog = page.getByRole('dialog', { name: 'Email Invoices' })
		await expect(dialog.getByText('...and 6 more.')).toBeVisible()
		await dialog.getByLabel('Email address').fill('queued@example.com')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('status').getByText("Invoice's sent successfully")).toBeVisible()
		const sent = (await sandbox.outbox()).filter((e) => e.to_address === 'queued@example.com')
		expect(sent[0]?.attachments).toHaveLength(11)
	})
})

test('the invoices list, its selection and its dialogs pass axe @js-only', async ({
	page,
	login,
	sandbox,
}) => {
	await login()
	const [first, second] = await invoices(sandbox, defaultFrom())
	await page.goto(`/invoices?sel=${ref(first!)}`)
	await expect(page.getByRole('group', { name: 'Selected invoices' })).toBeVisible()
	expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
	await page.goto(`/invoices?dialog=email&sel=${ref(first!)}&sel=${ref(second!)}`)
	await expect(page.getByRole('dialog', { name: 'Email Invoices' })).toBeVisible()
	expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
	await page.goto(`/invoices?comment=${ref(first!)}`)
	await expect(page.getByRole('dialog', { name: 'Comment' })).toBeVisible()
	expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
})

test('the list and its dialogs fit a 390 px phone', async ({ page, login, sandbox }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await login()
	const [first, second] = await invoices(sandbox, defaultFrom())
	for (const path of [
		'/invoices',
		`/invoices?sel=${ref(first!)}`,
		`/invoices?dialog=email&sel=${ref(first!)}&sel=${ref(second!)}`,
		`/invoices?comment=${ref(first!)}`,
	]) {
		await page.goto(path)
		const width = await page.evaluate(() => document.documentElement.scrollWidth)
		expect(width, path).toBeLessThanOrEqual(390)
	}
})
