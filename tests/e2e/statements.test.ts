import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { expect, test, watchPosts } from './fixtures.ts'

const rowsOf = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody tr')
const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100)
/** dd/mm/yyyy → yyyy-mm-dd */
const isoOf = (display: string) => display.split('/').reverse().join('-')

/** The statements list's rows: the date each shows (a table hides the phone's 'More'). */
async function statementDates(page: Page) {
	await page.goto('/statements')
	return (
		await rowsOf(page, 'Statements, newest first').locator('td:first-child').allInnerTexts()
	).map(isoOf)
}

test.describe('statements', () => {
	test('the list: every month-end of the history, newest first, with aging', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/')
		await page.getByRole('link', { name: 'Statements' }).first().click()
		await expect(page).toHaveURL('/statements')
		await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible()
		const table = page.getByRole('table', { name: 'Statements, newest first' })
		await expect(table.getByRole('columnheader')).toHaveText([
			'Statement Date',
			'Current',
			'30 Days',
			'60 Days',
			'90 Days',
			'120+ Days',
			'Balance Due',
		])
		const dates = await statementDates(page)
		expect(dates.length).toBeGreaterThanOrEqual(24)
		expect(dates.at(-1)).toBe('2024-11-30')
		expect([...dates].sort().reverse()).toEqual(dates)
		// Each row's buckets add up to its balance due.
		for (const row of await rowsOf(page, 'Statements, newest first').all()) {
			const cells = (await row.locator('td').allTextContents()).slice(1).map(money)
			expect(cells.slice(0, 5).reduce((a, b) => a + b, 0)).toBe(cells[5])
		}
	})

	test('the latest statement: download and email disabled, Pay Balance with its id', async ({
		page,
		login,
	}) => {
		await login()
		const [latest] = await statementDates(page)
		await rowsOf(page, 'Statements, newest first').first().getByRole('link').click()
		await expect(page).toHaveURL(`/statements/${latest}`)
		await expect(page.getByRole('button', { name: 'Download Statement' })).toBeDisabled()
		await expect(page.getByRole('button', { name: 'Email Statement' })).toBeDisabled()
		await expect(page.getByRole('link', { name: 'Pay Balance' })).toHaveAttribute(
			'href',
			`/pay-account?statementId=${latest}`,
		)
		// The server keeps to it too.
		expect((await page.request.get(`/statements/${latest}/document`)).status()).toBe(403)
		const email = await page.request.post(`/statements/${latest}`, {
			form: { intent: 'email', emailAddress: 'a@example.com', format: 'pdf' },
			headers: { Origin: new URL(page.url()).origin },
			maxRedirects: 0,
		})
		expect(email.status()).toBe(403)
	})

	test('an older statement: lines, aging buckets and its PDF', async ({ page, login }) => {
		await login()
		const [, older] = await statementDates(page)
		await page.goto(`/statements/${older}`)
		const [y, m, d] = older!.split('-')
		await expect(page.getByRole('heading', { name: `Statement ${d}/${m}/${y}` })).toBeVisible()
		await expect(
			page
				.getByRole('navigation', { name: 'Breadcrumb' })
				.getByRole('link', { name: 'Statements' }),
		).toHaveAttribute('href', '/statements')

		const aging = page.getByRole('table', { name: 'Aging' })
		await expect(aging.getByRole('columnheader')).toHaveText([
			'Current',
			'30 Days',
			'60 Days',
			'90 Days',
			'120+ Days',
			'Balance Due',
		])
		const buckets = (await aging.locator('td').allTextContents()).map(money)
		expect(buckets.slice(0, 5).reduce((a, b) => a + b, 0)).toBe(buckets[5])
		expect(buckets[5]).toBeGreaterThan(0)
		// The lines' open balances make up the balance due.
		const balances = (
			await rowsOf(page, 'Statement lines').locator('td:last-child').allTextContents()
		).map(money)
		expect(balances.reduce((a, b) => a + b, 0)).toBe(buckets[5])
		await expect(page.getByRole('link', { name: 'Pay Balance' })).toHaveAttribute(
			'href',
			`/pay-account?statementId=${older}`,
		)

		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('link', { name: 'Download Statement' }).click(),
		])
		expect(download.suggestedFilename()).toBe(`statement-${d}-${m}-${y}.pdf`)
		const pdf = readFileSync(await download.path())
		expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
		expect(pdf.toString('latin1')).toContain(`(Statement ${d}/${m}/${y})`)
	})

	test('Email Statement sends its PDF', async ({ page, login, sandbox }) => {
		await login()
		const [, , older] = await statementDates(page)
		await page.goto(`/statements/${older}`)
		await page.getByRole('link', { name: 'Email Statement' }).click()
		const dialog = page.getByRole('dialog', { name: 'Email Statement' })
		// The user's own address is offered.
		await expect(dialog.getByLabel('Email address')).toHaveValue(
			'sarah.mitchell@harbourcityconstructions.com.au',
		)
		await dialog.getByLabel('Email address').fill('not an email')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByLabel('Email address')).toHaveAccessibleDescription(
			'Invalid email address',
		)
		await dialog.getByLabel('Email address').fill('accounts@example.com')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(page.getByRole('status').getByText('Statement sent successfully')).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const sent = (await sandbox.outbox()).filter((e) => e.to_address === 'accounts@example.com')
		expect(sent).toHaveLength(1)
		expect(sent[0]!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
			[`statement-${older}.pdf`, 'application/pdf'],
		])
	})

	test('Email Statement names a bad address without a post with JS, by the server without', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const [, , older] = await statementDates(page)
		await page.goto(`/statements/${older}?dialog=email`)
		// The browser's check loads once the page has hydrated (decision 050); a person takes longer
		// to type than that, so the test waits for it too.
		if (enhanced) await page.waitForLoadState('networkidle')
		const posts = watchPosts(page)
		const dialog = page.getByRole('dialog', { name: 'Email Statement' })
		await dialog.getByLabel('Email address').fill('accounts@')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByLabel('Email address')).toHaveAccessibleDescription(
			'Invalid email address',
		)
		await expect(dialog.getByLabel('Email address')).toHaveValue('accounts@')
		expect(posts).toHaveLength(enhanced ? 0 : 1)
		expect(await sandbox.outbox()).toEqual([])
	})

	test('Pay Balance is hidden by pay_account_button_disabled', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', { settings: { pay_account_button_disabled: 'true' } })
		await login()
		const [, older] = await statementDates(page)
		await page.goto(`/statements/${older}`)
		await expect(page.getByRole('link', { name: 'Download Statement' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Pay Balance' })).toHaveCount(0)
	})

	test('a date that is not a statement is Page Not Found', async ({ page, login }) => {
		await login()
		expect((await page.goto('/statements/2026-10-30'))?.status()).toBe(404)
		expect((await page.goto('/statements/not-a-date'))?.status()).toBe(404)
	})

	test('the list, a statement and its email dialog pass axe @js-only', async ({ page, login }) => {
		await login()
		const [latest, older] = await statementDates(page)
		expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
		await page.goto(`/statements/${latest}`)
		expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
		await page.goto(`/statements/${older}?dialog=email`)
		await expect(page.getByRole('dialog', { name: 'Email Statement' })).toBeVisible()
		expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
	})

	test('the list and a statement fit a 390 px phone', async ({ page, login }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		const [latest, older] = await statementDates(page)
		for (const path of [
			'/statements',
			`/statements/${latest}`,
			`/statements/${older}`,
			`/statements/${older}?dialog=email`,
		]) {
			await page.goto(path)
			const width = await page.evaluate(() => document.documentElement.scrollWidth)
			expect(width, path).toBeLessThanOrEqual(390)
		}
	})
})
