import { readFile } from 'node:fs/promises'
import { type Page } from '@playwright/test'
import Papa from 'papaparse'
import { expect, openMenu, test } from './fixtures.ts'

const rows = (page: Page) => page.getByRole('table').getByRole('row')

async function search(page: Page, text: string) {
	const box = page.getByRole('searchbox', { name: 'Search downloads' })
	await box.fill(text)
	await box.press('Enter')
}

async function downloadFile(page: Page, name: string) {
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name, exact: true }).click(),
	])
	return { name: download.suggestedFilename(), body: await readFile((await download.path())!) }
}

test.describe('downloads', () => {
	test('lists the customer’s files, newest first, paged', async ({ page, login, sandbox }) => {
		await login()
		const files = await sandbox.downloads('demo')
		expect(files.length).toBeGreaterThanOrEqual(30)
		await page.goto('/')
		const menu = await openMenu(page, 'My Account')
		await menu.getByRole('link', { name: 'Downloads' }).click()
		await expect(page).toHaveURL('/downloads')
		await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible()
		await expect(page.getByRole('table').getByRole('columnheader')).toHaveText([
			'File Name',
			'Description',
			'Category',
			'Date',
		])
		await expect(page.getByText(`${files.length} files`)).toBeVisible()
		// Page 1 shows the newest 12 (the pagesize setting).
		await expect(rows(page)).toHaveCount(13)
		await expect(rows(page).nth(1).getByRole('link')).toHaveText(files[0]!.FileName)
		const [y, m, d] = files[0]!.Date.split('-')
		await expect(rows(page).nth(1)).toContainText(`${d}/${m}/${y}`)
		await page.getByRole('link', { name: 'Next' }).click()
		await expect(rows(page).nth(1).getByRole('link')).toHaveText(files[12]!.FileName)
	})

	test('search narrows the list to matching files', async ({ page, login, sandbox }) => {
		await login()
		const sheets = (await sandbox.downloads('demo')).filter(
			(f) => f.Category === 'Safety Data Sheets',
		)
		await page.goto('/downloads')
		await search(page, 'safety DATA')
		await expect(page.getByText(`${sheets.length} of`)).toBeVisible()
		await expect(rows(page)).toHaveCount(sheets.length + 1)
		for (const f of sheets)
			await expect(page.getByRole('link', { name: f.FileName, exact: true })).toBeVisible()
		await search(page, 'no such file anywhere')
		await expect(page.getByText('No Results Found')).toBeVisible()
	})

	test('each file downloads under its name: a PDF and a price list', async ({ page, login }) => {
		await login()
		await page.goto('/downloads?q=trading-terms')
		const terms = await downloadFile(page, 'trading-terms-10001.pdf')
		expect(terms.name).toBe('trading-terms-10001.pdf')
		expect(terms.body.subarray(0, 5).toString()).toBe('%PDF-')
		expect(terms.body.toString('latin1')).toContain('Harbour City Constructions')

		await page.goto('/downloads?q=price-list-timber')
		const prices = await downloadFile(page, 'price-list-timber-2026-11.csv')
		expect(prices.name).toBe('price-list-timber-2026-11.csv')
		const [header, ...data] = Papa.parse<string[]>(
			prices.body
				.toString('utf8')
				.replace(/^\uFEFF/, '')
				.trim(),
		).data
		expect(header?.[0]).toBe('SKU')
		expect(data.length).toBeGreaterThan(10)
		expect(data.every((r) => r[2] === 'Timber')).toBe(true)
	})

	test('another customer’s file is not found; a hidden Downloads page is refused', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		expect((await page.request.get('/downloads/file/trading-terms-10002.pdf')).status()).toBe(404)
		// The top button bar is cached per session: the change shows from the next sign-in.
		await sandbox.configure('demo', {
			widgets: [{ objectSet: 'topbuttonbar', label: 'Downloads', enabled: false }],
		})
		await login()
		expect((await page.goto('/downloads'))?.status()).toBe(403)
		expect((await page.request.get('/downloads/file/trading-terms-10001.pdf')).status()).toBe(403)
	})
})
