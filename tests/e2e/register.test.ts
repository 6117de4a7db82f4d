import { statementDates } from '#server/sandbox/statements-calendar.ts'
import { expect, startPortal, test, watchPosts } from './fixtures.ts'

const latest = statementDates(new Date())[0]!

const valid = {
	'Account Number': '10001',
	'Statement Date': latest,
	/** The sandbox's own (not derivable): read after each test's reset, below. */
	'Statement Reference': '',
	Username: 'kwalsh',
	'First Name': 'Kate',
	'Last Name': 'Walsh',
	'Email Address': 'kate.walsh@harbourcityconstructions.com.au',
	Password: 'Timber-42-frames',
	'Confirm Password': 'Timber-42-frames',
}

test.beforeEach(async ({ sandbox }) => {
	const statement = (await sandbox.statements('demo')).find((s) => s.date === latest)
	valid['Statement Reference'] = statement!.reference
})

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

	test('every field says what it needs', async ({ page, sandbox, enhanced }) => {
		await page.goto('/register')
		// With the app's scripts the browser checks the form before sending it.
		const response = enhanced ? null : page.waitForResponse((r) => r.request().method() === 'POST')
		await page.getByRole('button', { name: 'Register' }).click()
		if (response) expect((await response).status()).toBe(400)
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

	test('a wrong field is named without sending the form with JS, and by the server without', async ({
		page,
		enhanced,
	}) => {
		await page.goto('/register')
		// The browser's check loads once the page has hydrated (decision 050); a person takes longer
		// to type than that, so the test waits for it too.
		if (enhanced) await page.waitForLoadState('networkidle')
		const posts = watchPosts(page)
		const email = page.getByLabel('Email Address')
		await email.fill('kate@')
		await page.getByRole('button', { name: 'Register' }).click()
		await expect(email).toHaveAccessibleDescription('Invalid email address')
		await expect(email).toHaveValue('kate@')
		// With JS the browser checked the same rules (register.forms.ts): nothing was sent.
		expect(posts).toHaveLength(enhanced ? 0 : 1)
		if (enhanced) {
			// Then each field is checked again as it changes.
			await email.fill('kate@example.com')
			await expect(email).toHaveAccessibleDescription('')
			expect(posts).toEqual([])
		}
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

	test('says where each statement detail is found, and marks every field required', async ({
		page,
	}) => {
		await page.goto('/register')
		await expect(page.getByLabel('Account Number')).toHaveAccessibleDescription(
			/‘Account’ at the top right of your monthly statement/,
		)
		await expect(page.getByLabel('Statement Date')).toHaveAccessibleDescription(
			/‘Statement date’, under the account number/,
		)
		await expect(page.getByLabel('Statement Reference')).toHaveAccessibleDescription(
			/‘Reference’, under the statement date/,
		)
		await expect(page.getByText('Fields marked * are required')).toBeVisible()
		for (const label of Object.keys(valid))
			await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-required', 'true')
	})

	test('a user whose registration awaits approval is told so at sign-in', async ({
		page,
		sandbox,
	}) => {
		await page.goto('/register')
		for (const [label, value] of Object.entries(valid))
			await page.getByLabel(label, { exact: true }).fill(value)
		await page.getByRole('button', { name: 'Register' }).click()
		await expect(page.getByText('Account registration has been sent successfully')).toBeVisible()

		await page.getByLabel('Username').fill(valid.Username)
		await page.getByLabel('Password').fill(valid.Password)
		await page.getByRole('button', { name: 'Sign in' }).click()
		await expect(page.getByText('Your registration is waiting for approval')).toBeVisible()
		expect(await sandbox.sessions(valid.Username)).toEqual([])

		// A user an administrator switched off keeps the presenter's own message.
		await page.goto('/login')
		await page.getByLabel('Username').fill('lpatel')
		await page.getByLabel('Password').fill('demo')
		await page.getByRole('button', { name: 'Sign in' }).click()
		await expect(page.getByText('This user account has been disabled')).toBeVisible()
		await expect(page.getByText('waiting for approval')).toHaveCount(0)
	})
})

test.describe('Ask for a trade account', () => {
	const request = {
		'Business name': 'Bondi Decks & Pergolas',
		'Your name': 'Mia Chen',
		'Email address': 'mia@bondidecks.com.au',
		Phone: '0412 555 019',
		Message: 'We build about 40 decks a year and would like a trade account.',
	}

	test('a visitor without an account asks from the registration page; the supplier gets the email', async ({
		page,
		sandbox,
	}) => {
		await page.goto('/register')
		await page.getByRole('link', { name: 'Ask for a trade account' }).click()
		await expect(page).toHaveURL('/register/ask')
		await expect(page.getByRole('heading', { name: 'Ask for a trade account' })).toBeVisible()
		await expect(page.getByText('Fields marked * are required')).toBeVisible()
		for (const label of ['Business name', 'Your name', 'Email address'])
			await expect(page.getByLabel(label)).toHaveAttribute('aria-required', 'true')
		await expect(page.getByLabel('Phone')).not.toHaveAttribute('aria-required', 'true')

		for (const [label, value] of Object.entries(request))
			await page.getByLabel(label, { exact: true }).fill(value)
		await page.getByRole('button', { name: 'Send request' }).click()
		await expect(page).toHaveURL('/login')
		await expect(page.getByText('Your request has been sent')).toBeVisible()
		const [email, ...rest] = await sandbox.outbox()
		expect(rest).toEqual([])
		expect(email).toMatchObject({
			to_address: 'trade@southerncrossbuilding.com.au',
			// The supplier's own address sends; the visitor's is where replies go.
			from_address: 'trade@southerncrossbuilding.com.au',
			reply_to: 'mia@bondidecks.com.au',
			subject: 'Trade account request: Bondi Decks & Pergolas',
		})
		for (const text of ['Mia Chen', '0412 555 019', 'about 40 decks a year'])
			expect(email!.body).toContain(text)
	})

	test('says what is missing, keeps the typing, and sends nothing', async ({
		page,
		sandbox,
		enhanced,
	}) => {
		await page.goto('/register/ask')
		await page.getByLabel('Message').fill(request.Message)
		await page.getByLabel('Email address').fill('mia@')
		const response = enhanced ? null : page.waitForResponse((r) => r.request().method() === 'POST')
		await page.getByRole('button', { name: 'Send request' }).click()
		if (response) expect((await response).status()).toBe(400)
		await expect(page.getByLabel('Business name')).toHaveAccessibleDescription(/Required/)
		await expect(page.getByLabel('Your name')).toHaveAccessibleDescription(/Required/)
		await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
			/Invalid email address/,
		)
		await expect(page.getByLabel('Message')).toHaveValue(request.Message)
		expect(await sandbox.outbox()).toEqual([])
	})

	test('a filled honeypot is answered as success and sends nothing', async ({ page, sandbox }) => {
		const response = await page.request.post('/register/ask', {
			form: {
				businessName: request['Business name'],
				contactName: request['Your name'],
				emailAddress: request['Email address'],
				website: 'https://spam.example',
			},
			maxRedirects: 0,
		})
		expect(response.status()).toBe(302)
		expect(response.headers()['location']).toBe('/login')
		expect(await sandbox.outbox()).toEqual([])
	})

	test('one address can send only a few requests an hour @api', async ({ playwright }) => {
		const portal = await startPortal(undefined, { ACCOUNT_REQUESTS_PER_ADDRESS: '2' })
		const visitor = await playwright.request.newContext({ baseURL: portal.url })
		try {
			const send = () =>
				visitor.post('/register/ask', {
					form: {
						businessName: request['Business name'],
						contactName: request['Your name'],
						emailAddress: request['Email address'],
					},
					maxRedirects: 0,
				})
			expect((await send()).status()).toBe(302)
			expect((await send()).status()).toBe(302)
			const refused = await send()
			expect(refused.status()).toBe(429)
			expect(await refused.text()).toContain('Too many requests from your address')
			const outbox = await visitor.get('/__sandbox/outbox')
			expect(((await outbox.json()) as { emails: unknown[] }).emails).toHaveLength(2)
		} finally {
			await visitor.dispose()
			await portal.stop()
		}
	})
})
