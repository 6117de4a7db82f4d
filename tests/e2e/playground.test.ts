import { expect, test, watchPosts } from './fixtures.ts'

test('the playground shows the forms kit: field messages, the Error dialog, success', async ({
	page,
	login,
	enhanced,
}) => {
	await login()
	await page.goto('/playground')
	await expect(page.getByRole('heading', { name: 'Playground' })).toBeVisible()
	// The browser's check loads once the page has hydrated (decision 050); a person takes longer
	// to fill in a form than that, so the test waits for it too.
	if (enhanced) await page.waitForLoadState('networkidle')
	const posts = watchPosts(page)
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Required')
	await expect(page.getByLabel('Branch')).toHaveAccessibleDescription('Please select a Branch')
	// With JS the browser checked the same rules (playground.forms.ts): nothing was sent.
	expect(posts).toHaveLength(enhanced ? 0 : 1)

	await page.getByLabel('Name').fill('Sam Site')
	await page.getByLabel('Email').fill('sam@example.com')
	await page.getByLabel('Branch').selectOption({ label: 'Parramatta' })
	await page.getByLabel('Date').fill('2026-12-24')
	await page.getByLabel('I agree').check()
	await page.getByLabel('Outcome').selectOption('fail')
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('Something went wrong.')
	// What was typed is still there behind the dialog.
	await expect(page.getByLabel('Name')).toHaveValue('Sam Site')

	await page.goto('/playground')
	await page.getByLabel('Name').fill('Sam Site')
	await page.getByLabel('Email').fill('sam@example.com')
	await page.getByLabel('Branch').selectOption({ label: 'Alexandria' })
	await page.getByLabel('Date').fill('2026-12-24')
	await page.getByLabel('I agree').check()
	await page.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByRole('status').getByText('Everything checked out.')).toBeVisible()

	await expect(page.getByRole('table', { name: 'Sample rows' }).getByRole('row')).toHaveCount(3)
	await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1')
	await page.getByRole('button', { name: 'Show a toast' }).click()
	await expect(page.getByText('A toast, as every action shows one')).toBeVisible()
})
