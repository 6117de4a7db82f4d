import { type Page } from '@playwright/test'
import { spokenText } from './spoken-text.ts'
import { expect, openMenu, test, watchPosts } from './fixtures.ts'

const history = (page: Page) => page.getByRole('table', { name: 'Price book history' })
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').getByText(text)
/** dd/mm/yyyy of a yyyy-mm-dd… date. */
const display = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
const emails = (all: Array<Record<string, unknown>>) =>
	all as Array<{ to_address: string; subject: string; body: string; attachments: unknown[] }>

test.describe('price book', () => {
	test('shows the current configuration by name and the history', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const stored = await sandbox.pricebook('demo')
		expect(stored.history.length).toBeGreaterThanOrEqual(20)
		await page.goto('/')
		const menu = await openMenu(page, 'My Account')
		await menu.getByRole('link', { name: 'Price Book' }).click()
		await expect(page).toHaveURL('/pricebook')
		const config = page.getByRole('region', { name: 'Current Configuration' })
		const rows: Array<[string, string]> = [
			['Last Calculated', '16/11/2026'],
			['Type', 'Incremental Download'],
			['Format', 'Comma Delimited'],
			['Sent to', 'pricing@harbourcityconstructions.com.au'],
			['Frequency', 'Weekly'],
			['Show new product codes', 'Yes'],
			['Core products only', 'No'],
			['Full price list required quarterly', 'Yes'],
			['Product file zipped', 'No'],
		]
		for (const [label, value] of rows)
			await expect(
				config.getByRole('term').filter({ hasText: label }).locator('xpath=..'),
			).toContainText(value)
		await expect(history(page).getByRole('columnheader')).toHaveText([
			'Select',
			'Date',
			'Type',
			'Format',
			'Sent to',
			'New Codes',
			'Core Codes',
		])
		await expect(history(page).getByRole('row')).toHaveCount(stored.history.length + 1)
		await expect(history(page).getByRole('row').nth(1)).toContainText(
			display(stored.history[0]!.dateGenerated),
		)
	})

	test('resends the selected price books', async ({ page, login, sandbox }) => {
		await login()
		const stored = await sandbox.pricebook('demo')
		const before = (await sandbox.outbox()).length
		await page.goto('/pricebook')
		const bar = page.getByRole('group', { name: 'Selected price books' })
		// The count as read out: without JS it is CSS-generated text, which getByText misses.
		const spoken = () => spokenText(page, 'group', 'Selected price books')
		const resend = bar.getByRole('button', { name: 'Resend Selected' })
		// The bar shows only while a row is selected, with or without JS.
		await expect(bar).toBeHidden()
		await expect(page.getByRole('button', { name: 'Unselect All' })).toBeHidden()
		const [first, , third] = stored.history
		const box = (date: string) =>
			page.getByRole('checkbox', { name: `Select the price book of ${display(date)}` })
		await box(first!.dateGenerated).check()
		await expect.poll(spoken).toMatch(/^1 selected /)
		await box(third!.dateGenerated).check()
		await expect.poll(spoken).toMatch(/^2 selected /)
		await bar.getByRole('button', { name: 'Unselect All' }).click()
		await expect(box(first!.dateGenerated)).not.toBeChecked()
		await expect(bar).toBeHidden()

		await box(first!.dateGenerated).check()
		await box(third!.dateGenerated).check()
		// Counted again from what is checked after the reset.
		await expect.poll(spoken).toMatch(/^2 selected /)
		await resend.click()
		await expect(
			toast(
				page,
				`Price book of ${display(first!.dateGenerated)} resent to ${first!.sentRecipient}. Price book of ${display(third!.dateGenerated)} resent to ${third!.sentRecipient}`,
			),
		).toBeVisible()
		await expect(box(first!.dateGenerated)).not.toBeChecked()
		const sent = emails(await sandbox.outbox()).slice(before)
		expect(sent.map((e) => e.to_address)).toEqual([first!.sentRecipient, third!.sentRecipient])
		expect(sent.every((e) => e.attachments.length === 1)).toBe(true)
	})

	test('resending nothing says so', async ({ page, login, sandbox }) => {
		await login()
		// The button shows only with a row checked; the server refuses an empty resend all the same.
		// No redirect followed: the next page shows the message.
		await page.request.post('/pricebook', { form: { intent: 'resend' }, maxRedirects: 0 })
		await page.goto('/pricebook')
		await expect(toast(page, 'Select at least one price book to resend')).toBeVisible()
		expect(await sandbox.outbox()).toEqual([])
	})

	test('requests a new price book', async ({ page, login, sandbox }) => {
		await login()
		const before = await sandbox.pricebook('demo')
		await page.goto('/pricebook')
		await page.getByRole('button', { name: 'Request New Price Book' }).click()
		await expect(
			toast(
				page,
				'Price book request received. Your Incremental Download price book has been emailed to pricing@harbourcityconstructions.com.au',
			),
		).toBeVisible()
		const after = await sandbox.pricebook('demo')
		expect(after.history).toHaveLength(before.history.length + 1)
		expect(after.history[0]!.requested).toBe(1)
		await expect(history(page).getByRole('row')).toHaveCount(after.history.length + 1)
		const [email] = emails(await sandbox.outbox())
		expect(email!.to_address).toBe('pricing@harbourcityconstructions.com.au')
		expect(email!.attachments).toHaveLength(1)
	})

	test('requests configuration changes; the recipient is a required email', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/pricebook')
		await page.getByRole('link', { name: 'Request Config Changes' }).click()
		const dialog = page.getByRole('dialog', { name: 'Request Changes' })
		await expect(dialog.getByLabel('Frequency')).toHaveValue('W')
		await dialog.getByLabel('Sent to').fill('')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByText('Required', { exact: true })).toBeVisible()
		await dialog.getByLabel('Sent to').fill('pricing@')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByText('Invalid email address')).toBeVisible()

		await dialog.getByLabel('Sent to').fill('estimating@harbourcityconstructions.com.au')
		await dialog.getByLabel('Frequency').selectOption({ label: 'Monthly' })
		await dialog.getByLabel('Product file zipped').check()
		await dialog.getByLabel('Message').fill('Monthly is plenty for us now.')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(
			toast(
				page,
				'Change request sent to trade.support@southerncrossbuilding.com.au. Your price book settings will be updated within 2 business days',
			),
		).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const [email] = emails(await sandbox.outbox())
		expect(email!.to_address).toBe('trade.support@southerncrossbuilding.com.au')
		expect(email!.body).toContain('Frequency: Monthly')
		expect(email!.body).toContain('Recipient: estimating@harbourcityconstructions.com.au')
		expect(email!.body).toContain('Product file zipped: Yes')
		expect(email!.body).toContain('Monthly is plenty for us now.')
	})

	test('Request Changes names a bad recipient without a post with JS, by the server without', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await page.goto('/pricebook?dialog=request-changes')
		// The browser's check loads once the page has hydrated (decision 050); a person takes longer
		// to type than that, so the test waits for it too.
		if (enhanced) await page.waitForLoadState('networkidle')
		const posts = watchPosts(page)
		const dialog = page.getByRole('dialog', { name: 'Request Changes' })
		await dialog.getByLabel('Sent to').fill('pricing@')
		await dialog.getByLabel('Message').fill('Monthly, please.')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await expect(dialog.getByLabel('Sent to')).toHaveAccessibleDescription('Invalid email address')
		await expect(dialog.getByLabel('Message')).toHaveValue('Monthly, please.')
		expect(posts).toHaveLength(enhanced ? 0 : 1)
		expect(await sandbox.outbox()).toEqual([])
	})

	test('a failed request shows an error toast', async ({ page, login, sandbox }) => {
		await login()
		await page.goto('/pricebook')
		await sandbox.faults({ failures: [{ fn: 'requestNewPriceBook', count: 1, status: 500 }] })
		await page.getByRole('button', { name: 'Request New Price Book' }).click()
		await expect(toast(page, 'Unable to send request')).toBeVisible()
		expect(await sandbox.outbox()).toEqual([])
	})

	test('a customer without a price book sees only the message', async ({ page, login }) => {
		await login('onhold')
		await page.goto('/pricebook')
		await expect(
			page.getByRole('heading', {
				level: 1,
				name: 'No price book extract has been set up for you',
			}),
		).toBeVisible()
		await expect(page.getByRole('table')).toHaveCount(0)
		await expect(page.getByRole('button', { name: 'Request New Price Book' })).toHaveCount(0)
	})

	test('menu gating: pricebook_button_disabled or no price-book check hides it and refuses', async ({
		page,
		login,
		sandbox,
	}) => {
		const cases: Array<Record<string, string>> = [
			{ pricebook_button_disabled: 'true' },
			{ pricebook_enabled: 'false' },
		]
		for (const settings of cases) {
			await sandbox.reset()
			await sandbox.configure('demo', { settings })
			await login()
			await page.goto('/')
			const menu = await openMenu(page, 'My Account')
			await expect(menu.getByRole('link', { name: 'Price Book' })).toHaveCount(0)
			expect((await page.goto('/pricebook'))?.status()).toBe(403)
			const response = await page.request.post('/pricebook', { form: { intent: 'request-new' } })
			expect(response.status()).toBe(403)
			expect(await sandbox.outbox()).toEqual([])
		}
	})
})
