import { statementDates, statementReference } from '../../server/sandbox/statements-calendar.ts'
import { expect, test } from './fixtures.ts'

const latest = statementDates(new Date())[0]!

const valid = {
	'Account Number': '10001',
	'Statement Date': latest,
	'Statement Reference': statementReference(10001, latest),
	Username: 'kwalsh',
	'First Name': 'Kate',
	'Last Name': 'Walsh',
	'Email Address': 'kate.walsh@harbourcityconstructions.com.au',
	Password: 'Timber-42-frames',
	'Confirm Password': 'Timber-42-frames',
}

test.describe('Register', () => {
	test('the login page links to it and Back returns', async ({ page }) => {
		await page.goto('/login')
		await page.getByRole('link', { name: 'Register' }).click()
		await expect(page.getByRole('heading', { name: 'Register your account' })).toBeVisible()
		for (const name of ['Business Account', 'Your Profile', 'Password'])
			await expect(page.getByRole('group', { name })).toBeVisible()
		await expect(page.getByText('details from a recent monthly statement')).toBeVisible()
		await page.getByRole('link', { name: 'Back' }).click()
		await expect(page).toHaveURL('/login')
	})

	test('fits a 390 px phone', async ({ page }) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto('/register')
		await page.getByRole('button', { name: 'Register' }).click()
		await expect(page.getByText('Enter a new username')).toBeVisible()
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
	})

	test('registers a pending user against the account', async ({ page, sandbox }) => {
		await page.goto('/register')
		for (const [label, value] of Object.entries(valid))
			await page.getByLabel(label, { exact: true }).fill(value)
		await page.getByRole('button', { name: 'Register' }).click()
		await expect(page).toHaveURL('/login')
		await expect(page.getByText('Account registration has been sent successfully')).toBeVisible()
		expect(await sandbox.user('kwalsh')).toMatchObject({
			id_cust: 10001,
			name_first: 'Kate',
			name_last: 'Walsh',
			email: 'kate.walsh@harbourcityconstructions.com.au',
			active: 0,
		})
	})

	test('every field says what it needs', async ({ page, sandbox }) => {
		await page.goto('/register')
		const response = page.waitForResponse((r) => r.request().method() === 'POST')
		await page.getByRole('button', { name: 'Register' }).click()
		expect((await response).status()).toBe(400)
		for (const message of [
			'Enter your current Account Number',
			'Enter your latest statement date',
			'Enter your latest statement reference',
			'Enter a new username',
		])
			await expect(page.getByText(message)).toBeVisible()
		// First name, last name, email, password and confirm password.
		await expect(page.getByText('Required', { exact: true })).toHaveCount(5)

		await page.getByLabel('Email Address').fill('kate@')
		await page.getByLabel('Password', { exact: true }).fill('one')
		await page.getByLabel('Confirm Password').fill('two')
		await page.getByRole('button', { name: 'Register' }).click()
		await expect(page.getByText('Invalid email address')).toBeVisible()
		await expect(page.getByText('Passwords must match')).toBeVisible()
		expect(await sandbox.user('kwalsh')).toBeNull()
	})

	test('details that match no statement are refused with the message', async ({
		page,
		sandbox,
	}) => {
		await page.goto('/register')
		for (const [label, value] of Object.entries({
			...valid,
			'Statement Reference': 'ST000000-10001',
		}))
			await page.getByLabel(label, { exact: true }).fill(value)
		await page.getByRole('button', { name: 'Register' }).click()
		await expect(page.getByRole('alert')).toContainText(
			'do not match a recent statement for this account',
		)
		expect(await sandbox.user('kwalsh')).toBeNull()
	})

	test('a filled honeypot is answered as success and sends nothing', async ({ page, sandbox }) => {
		const form = Object.fromEntries(
			Object.entries({
				customerID: valid['Account Number'],
				statementDate: valid['Statement Date'],
				statementReference: valid['Statement Reference'],
				userName: valid.Username,
				nameFirst: valid['First Name'],
				nameLast: valid['Last Name'],
				emailAddress: valid['Email Address'],
				password: valid.Password,
				confirmPassword: valid.Password,
				website: 'https://spam.example',
			}),
		)
		const response = await page.request.post('/register', { form, maxRedirects: 0 })
		expect(response.status()).toBe(302)
		expect(await sandbox.user('kwalsh')).toBeNull()
	})
})
