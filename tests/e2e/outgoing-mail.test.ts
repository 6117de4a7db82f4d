import { type APIRequestContext, type Page } from '@playwright/test'
import { statementDates } from '#server/sandbox/statements-calendar.ts'
import { expect, sandboxControl, startPortal, test, type SandboxControl } from './fixtures.ts'

/**
 * What the portal makes the supplier send is limited (docs/decisions/053): emails per user and per
 * customer, registrations per address and per account. Each test starts a portal of its own with
 * low limits (the shared one has them raised), and reads that portal's outbox.
 */

const INVOICE = '/invoices/609593-0'
const ORDER = '/orders/609630-0'
const supplier = 'trade@southerncrossbuilding.com.au'

async function signIn(request: APIRequestContext, url: string, username = 'demo') {
	const response = await request.post(`${url}/login`, {
		form: { username, password: 'demo' },
		maxRedirects: 0,
	})
	expect(response.status(), `login as ${username}`).toBe(302)
}

const post = (request: APIRequestContext, url: string, form: Record<string, string | string[]>) => {
	// Repeated fields (sel, historyID) as a URL-encoded body.
	const body = new URLSearchParams()
	for (const [name, value] of Object.entries(form))
		for (const v of [value].flat()) body.append(name, v)
	return request.post(url, {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		data: body.toString(),
		maxRedirects: 0,
	})
}

/** The POST a click sends, for its status without JS (with JS the page fetches its data). */
const formPost = (page: Page, enhanced: boolean) =>
	enhanced ? null : page.waitForResponse((r) => r.request().method() === 'POST')

test.describe('outgoing email', () => {
	test('past the minute’s emails, the next is refused beside the form with a 429, and not sent', async ({
		page,
		enhanced,
	}) => {
		const portal = await startPortal(undefined, { MAIL_PER_USER_MINUTE: '2' })
		try {
			await signIn(page.request, portal.url)
			for (const to of ['one@example.com', 'two@example.com']) {
				const sent = await post(page.request, `${portal.url}${INVOICE}?dialog=email`, {
					intent: 'email',
					emailAddress: to,
					format: 'pdf',
				})
				expect(sent.status()).toBe(302)
			}
			await page.goto(`${portal.url}${INVOICE}`)
			await page.getByRole('link', { name: 'Email' }).click()
			const dialog = page.getByRole('dialog', { name: 'Email Invoice' })
			await dialog.getByLabel('Email address').fill('three@example.com')
			const response = formPost(page, enhanced)
			await dialog.getByRole('button', { name: 'Send' }).click()
			if (response) expect((await response).status()).toBe(429)
			await expect(page.getByRole('dialog', { name: 'Error' })).toContainText(
				'Too many emails sent. Please try again in 1 minute.',
			)
			// The form is as it was: the address typed is still there to send later.
			await expect(dialog.getByLabel('Email address')).toHaveValue('three@example.com')
			if (enhanced) {
				await page.getByRole('dialog', { name: 'Error' }).getByRole('link', { name: 'OK' }).click()
				await expect(dialog.getByLabel('Email address')).toHaveValue('three@example.com')
			}
			const emails = await sandboxControl(page.request, portal.url).outbox()
			expect(emails.map((e) => e.to_address)).toEqual(['one@example.com', 'two@example.com'])
		} finally {
			await portal.stop()
		}
	})

	test('every action that sends an email counts, for sales users too @api', async ({
		playwright,
	}) => {
		const portal = await startPortal(undefined, { MAIL_PER_USER_MINUTE: '1' })
		const demo = await playwright.request.newContext({ baseURL: portal.url })
		const sales = await playwright.request.newContext({ baseURL: portal.url })
		try {
			await signIn(demo, portal.url)
			await signIn(sales, portal.url, 'tbaker')
			const support = { subject: 'Delivery window', message: 'Before 7am please.' }
			expect((await post(demo, `${portal.url}/support`, support)).status()).toBe(302)
			const older = statementDates(new Date())[2]!
			const actions: Array<[string, Record<string, string | string[]>]> = [
				['/support', support],
				['/contact-a-representative', support],
				[`${INVOICE}?dialog=email`, { intent: 'email', emailAddress: 'a@example.com' }],
				[
					`${ORDER}?dialog=request-change`,
					{ intent: 'request-change', emailAddress: 'a@example.com', message: 'Thursday' },
				],
				[
					'/invoices?dialog=email',
					{
						intent: 'email-invoices',
						emailAddress: 'a@example.com',
						sel: ['609593-0', '609013-1'],
					},
				],
				[`/statements/${older}?dialog=email`, { intent: 'email', emailAddress: 'a@example.com' }],
				['/pricebook', { intent: 'request-new' }],
				['/pricebook', { intent: 'resend', historyID: ['1'] }],
				[
					'/pricebook?dialog=request-changes',
					{
						intent: 'request-changes',
						type: 'F',
						deliveryFormat: '2',
						frequency: 'M',
						recipient: 'pricing@example.com',
					},
				],
			]
			for (const [path, form] of actions) {
				const refused = await post(demo, `${portal.url}${path}`, form)
				expect(refused.status(), path).toBe(429)
				expect(await refused.text(), path).toContain('Too many emails sent')
			}
			// A sales user has a count of their own, and the same limit.
			expect((await post(sales, `${portal.url}/support`, support)).status()).toBe(302)
			expect((await post(sales, `${portal.url}/support`, support)).status()).toBe(429)
			expect(await sandboxControl(demo, portal.url).outbox()).toHaveLength(2)
		} finally {
			await Promise.all([demo.dispose(), sales.dispose()])
			await portal.stop()
		}
	})

	test('a line break in a subject or a name is refused beside the field, and nothing is sent @api', async ({
		page,
		login,
		sandbox,
		playwright,
		baseURL,
	}) => {
		await login()
		const bcc = 'x\r\nBcc: everyone@example.com'
		const support = await post(page.request, '/support', { subject: bcc, message: 'Hello' })
		expect(support.status()).toBe(400)
		expect(await support.text()).toContain('Enter this on one line')
		const visitor = await playwright.request.newContext({ baseURL })
		const ask = await post(visitor, '/register/ask', {
			businessName: bcc,
			contactName: bcc,
			emailAddress: 'mia@bondidecks.com.au',
		})
		expect(ask.status()).toBe(400)
		expect(await ask.text()).toContain('Enter this on one line')
		await visitor.dispose()
		expect(await sandbox.outbox()).toEqual([])
	})
})

test.describe('registration', () => {
	const latest = statementDates(new Date())[0]!
	/** The latest statement's reference, as the customer of `username` has it printed. */
	const reference = async (control: SandboxControl, username = 'demo') =>
		(await control.statements(username)).find((s) => s.date === latest)!.reference
	const registration = (userName: string, statementReference: string, account = 10001) => ({
		customerID: String(account),
		statementDate: latest.split('-').reverse().join('/'),
		statementReference,
		userName,
		nameFirst: 'Kate',
		nameLast: 'Walsh',
		emailAddress: 'kate.walsh@example.com',
		password: 'Timber-42-frames',
		confirmPassword: 'Timber-42-frames',
	})
	const fill = async (page: Page, userName: string, statementReference: string) => {
		const form = registration(userName, statementReference)
		for (const [label, value] of Object.entries({
			'Account Number': form.customerID,
			'Statement Date': latest,
			'Statement Reference': form.statementReference,
			Username: userName,
			'First Name': form.nameFirst,
			'Last Name': form.nameLast,
			'Email Address': form.emailAddress,
			Password: form.password,
			'Confirm Password': form.password,
		}))
			await page.getByLabel(label, { exact: true }).fill(value)
	}

	test('a taken username is answered as a free one; the person is told by email', async ({
		page,
		sandbox,
	}) => {
		const before = await sandbox.user('tbaker')
		await page.goto('/register')
		await fill(page, 'tbaker', await reference(sandbox))
		await page.getByRole('button', { name: 'Register' }).click()
		await expect(page).toHaveURL('/login')
		await expect(page.getByText('Account registration has been sent successfully')).toBeVisible()
		expect(await sandbox.user('tbaker')).toEqual(before)
		const [email, ...rest] = await sandbox.outbox()
		expect(rest).toEqual([])
		expect(email).toMatchObject({ to_address: 'kate.walsh@example.com', from_address: supplier })
		expect(email!.body).toContain('the username tbaker is already taken')
	})

	test('one address registers only a few users an hour', async ({ page, enhanced }) => {
		const portal = await startPortal(undefined, { REGISTRATIONS_PER_ADDRESS: '2' })
		try {
			const control = sandboxControl(page.request, portal.url)
			const printed = await reference(control)
			for (const name of ['kwalsh1', 'kwalsh2']) {
				const accepted = await post(
					page.request,
					`${portal.url}/register`,
					registration(name, printed),
				)
				expect(accepted.status()).toBe(302)
			}
			await page.goto(`${portal.url}/register`)
			await fill(page, 'kwalsh3', printed)
			const response = formPost(page, enhanced)
			await page.getByRole('button', { name: 'Register' }).click()
			if (response) expect((await response).status()).toBe(429)
			await expect(page.getByRole('alert')).toContainText(
				/Too many registrations\. Please try again in \d+ minutes\./,
			)
			await expect(page.getByLabel('Username')).toHaveValue('kwalsh3')
			expect(await control.user('kwalsh2')).not.toBeNull()
			expect(await control.user('kwalsh3')).toBeNull()
		} finally {
			await portal.stop()
		}
	})

	test('one account takes only a few registrations a day, from any address @api', async ({
		playwright,
	}) => {
		const portal = await startPortal(undefined, {
			REGISTRATIONS_PER_ADDRESS: '100',
			REGISTRATIONS_PER_ACCOUNT: '2',
		})
		const visitor = await playwright.request.newContext({ baseURL: portal.url })
		try {
			const control = sandboxControl(visitor, portal.url)
			const printed = { 10001: await reference(control), 10002: await reference(control, 'onhold') }
			// Each from its own address (the portal trusts a loopback proxy's X-Forwarded-For).
			const from = (n: number, userName: string, account: 10001 | 10002 = 10001) =>
				visitor.post('/register', {
					form: registration(userName, printed[account], account),
					headers: { 'X-Forwarded-For': `203.0.113.${n}` },
					maxRedirects: 0,
				})
			expect((await from(1, 'kwalsh1')).status()).toBe(302)
			expect((await from(2, 'kwalsh2')).status()).toBe(302)
			const refused = await from(3, 'kwalsh3')
			expect(refused.status()).toBe(429)
			expect(await refused.text()).toContain('Too many registrations')
			// Another account is not held back.
			expect((await from(4, 'kwalsh4', 10002)).status()).toBe(302)
		} finally {
			await visitor.dispose()
			await portal.stop()
		}
	})
})
