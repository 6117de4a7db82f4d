import { type Locator, type Page } from '@playwright/test'
import { expect, test, type SandboxControl } from './fixtures.ts'

const money = (n: number) =>
	new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(n)

/**
 * The demo customer's open balance and its part 60 days and older, as the ledger has them: the
 * three balances of the user details (current, 30 days, overdue) make up the whole.
 */
async function demoBalances(sandbox: SandboxControl, username = 'demo') {
	const { balances } = await sandbox.payments(username)
	return {
		total: balances.current_balance + balances.balance_30_day + balances.balance_overdue,
		overdue: balances.balance_overdue,
	}
}

/** Pays `amount` through Pay Account and the sandbox's hosted page; the session's id. */
async function payThroughHostedPage(page: Page, amount: string, outcome = 'Approve') {
	await page.goto('/pay-account')
	await page.getByLabel('Amount').fill(amount)
	await page.getByRole('button', { name: 'Proceed to Payment' }).click()
	await page.getByRole('button', { name: outcome }).click()
	await page.waitForURL(/sessionId=/)
	return new URL(page.url()).searchParams.get('sessionId')!
}

async function firstInvoice(sandbox: SandboxControl) {
	const invoice = (await sandbox.transactions('demo')).find(
		(t) => t.transactionType === 'Invoice' && t.transactionAmount > 0,
	)
	if (!invoice) throw new Error('The seed has no invoice for demo')
	return invoice
}

test.describe('Pay Account', () => {
	test('shows status, aging, totals and defaults to the overdue balance @core', async ({
		page,
		login,
		sandbox,
	}) => {
		const { total: DEMO_TOTAL, overdue: DEMO_OVERDUE } = await demoBalances(sandbox)
		await login()
		await page.goto('/pay-account')
		await expect(page.getByRole('heading', { name: 'Pay Account', level: 1 })).toBeVisible()
		const account = page.getByRole('region', { name: 'Account' })
		await expect(account.getByText('Active', { exact: true })).toBeVisible()
		await expect(account.getByText(money(DEMO_TOTAL))).toBeVisible()
		await expect(account.getByText(money(DEMO_OVERDUE))).toBeVisible()
		for (const label of ['Current', '30 Days', '60 Days', '90 Days', '120 Days'])
			await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible()
		await expect(page.getByLabel('Payment Reference')).toHaveValue('10001-0-0')
		await expect(page.getByLabel('Amount')).toHaveValue(money(DEMO_OVERDUE))
	})

	test('Pay Balance on a statement prefills its due balance and pays it', async ({
		page,
		login,
		sandbox,
	}) => {
		const { total: before } = await demoBalances(sandbox)
		await login()
		await page.goto('/statements')
		const older = page.getByRole('table').getByRole('link').nth(1)
		await older.click()
		await page.waitForURL(/\/statements\/\d{4}-\d{2}-\d{2}$/)
		const date = new URL(page.url()).pathname.split('/').pop()!
		const due = page.getByRole('link', { name: 'Pay Balance' })
		await expect(due).toHaveAttribute('href', `/pay-account?statementId=${date}`)
		await due.click()
		// With JS the address changes before the new page renders; the statement's page names it too.
		await page.waitForURL(/\/pay-account\?/)
		await expect(page.getByRole('heading', { name: 'Pay Account' })).toBeVisible()
		const [year, month, day] = date.split('-')
		await expect(page.getByText(`Statement ${day}/${month}/${year}`)).toBeVisible()
		const amount = Number((await page.getByLabel('Amount').inputValue()).replace(/[$,]/g, ''))
		expect(amount).toBeGreaterThan(0)
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await page.getByRole('button', { name: 'Approve' }).click()
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		await expect(page.getByText(money(amount))).toBeVisible()
		const { payments } = await sandbox.payments('demo')
		expect(payments.map((p) => [p.status, p.amount])).toEqual([['approved', amount]])
		expect((await demoBalances(sandbox)).total).toBeCloseTo(before - amount, 2)
	})

	test('pays an invoice through the hosted page; reloading the result pays once @core', async ({
		page,
		login,
		sandbox,
	}) => {
		const { total: DEMO_TOTAL } = await demoBalances(sandbox)
		const invoice = await firstInvoice(sandbox)
		const ref = `${invoice.transactionNumber}-${invoice.transactionSuffix}`
		await login()
		await page.goto(`/invoices/${ref}`)
		await page.getByRole('link', { name: 'Pay Invoice' }).click()
		await expect(page).toHaveURL(
			`/pay-account?invoiceId=${invoice.transactionNumber}&suffix=${invoice.transactionSuffix}`,
		)
		// With JS the address changes before the new page renders: wait for it, so the invoice's
		// own page (whose heading names the invoice too) is gone.
		await expect(page.getByRole('heading', { name: 'Pay Account', level: 1 })).toBeVisible()
		await expect(page.getByText(`Invoice ${invoice.transactionNumber}`)).toBeVisible()
		await expect(page.getByLabel('Payment Reference')).toHaveValue(`10001-${ref}`)
		await expect(page.getByLabel('Amount')).toHaveValue(money(invoice.transactionAmount))
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()

		await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible()
		await expect(page.getByText(money(invoice.transactionAmount))).toBeVisible()
		const providerPage = page.url()
		await page.getByRole('button', { name: 'Approve' }).click()

		await expect(page).toHaveURL(/\/payment-complete\?sessionId=/)
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		await expect(page.getByText(money(invoice.transactionAmount))).toBeVisible()
		await expect(page.getByText(`10001-${ref}`)).toBeVisible()
		await page.reload()
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		// Back to the provider's page and Approve again: still the first answer.
		await page.request.post(providerPage, { form: { outcome: 'approved' } })

		const { payments } = await sandbox.payments('demo')
		expect(payments).toHaveLength(1)
		expect(payments[0]).toMatchObject({
			status: 'approved',
			amount: invoice.transactionAmount,
			reference: `10001-${ref}`,
		})
		const { total } = await demoBalances(sandbox)
		expect(total).toBeCloseTo(DEMO_TOTAL - invoice.transactionAmount, 2)

		await page.getByRole('link', { name: 'Dashboard' }).click()
		await expect(page).toHaveURL('/')
		await page.goto('/pay-account')
		await expect(
			page.getByRole('region', { name: 'Account' }).getByText(money(total)),
		).toBeVisible()
	})

	test('a declined payment changes nothing; a made-up success page is corrected', async ({
		page,
		login,
		sandbox,
	}) => {
		const { overdue: DEMO_OVERDUE } = await demoBalances(sandbox)
		await login()
		await page.goto('/pay-account')
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await page.getByRole('button', { name: 'Decline' }).click()
		await expect(page).toHaveURL(/\/payment-fail\?sessionId=/)
		await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible()
		await expect(page.getByText('Your transaction has failed. Please try again.')).toBeVisible()
		await expect(page.getByText(money(DEMO_OVERDUE))).toBeVisible()
		await expect(page.getByText('10001-0-0')).toBeVisible()

		const sessionId = new URL(page.url()).searchParams.get('sessionId')
		await page.goto(`/payment-complete?sessionId=${sessionId}`)
		await expect(page).toHaveURL(/\/payment-fail\?sessionId=/)

		const { payments, balances } = await sandbox.payments('demo')
		expect(payments.map((p) => p.status)).toEqual(['declined'])
		expect(balances.balance_overdue).toBeCloseTo(DEMO_OVERDUE, 2)
	})

	test('a cancelled payment says so and goes back to the dashboard', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/pay-account')
		await page.getByLabel('Payment Reference').fill('Site 12 materials')
		await page.getByLabel('Amount').fill('150.25')
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await page.getByRole('button', { name: 'Cancel' }).click()
		await expect(page).toHaveURL(/\/payment-cancelled\?sessionId=/)
		await expect(page.getByText('You have cancelled your payment.')).toBeVisible()
		await expect(page.getByText(money(150.25))).toBeVisible()
		await expect(page.getByText('Site 12 materials')).toBeVisible()
		const { payments } = await sandbox.payments('demo')
		expect(payments).toEqual([
			expect.objectContaining({
				status: 'cancelled',
				amount: 150.25,
				reference: 'Site 12 materials',
			}),
		])
		await page.getByRole('link', { name: 'Dashboard' }).click()
		await expect(page).toHaveURL('/')
	})

	test('the amount reads as money and takes $1,250.50 as well as 1250.5', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/pay-account')
		await expect(page.getByLabel('Amount')).toHaveValue('$22,007.58')
		await payThroughHostedPage(page, '1250.5', 'Cancel')
		await expect(page.getByText('$1,250.50')).toBeVisible()
		await payThroughHostedPage(page, '$1,250.50')
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		await expect(page.getByText('$1,250.50')).toBeVisible()
		const { payments } = await sandbox.payments('demo')
		expect(payments.map((p) => [p.status, p.amount])).toEqual([
			['approved', 1250.5],
			['cancelled', 1250.5],
		])
	})

	test('an amount above the balance is said before paying; then it may be paid', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const { total } = await demoBalances(sandbox)
		const above = Math.ceil(total) + 500
		await page.goto('/pay-account')
		const amount = page.getByLabel('Amount')
		// The prefill (the overdue balance), and up to the balance, nothing is said.
		await expect(page.getByText(/is more than your balance/)).toHaveCount(0)
		await amount.fill('100')
		await expect(page.getByText(/is more than your balance/)).toHaveCount(0)
		await amount.fill(String(above))
		const said = `${money(above)} is more than your balance of ${money(total)} (${money(above - total)} over). Check the amount before you pay.`
		if (enhanced) {
			// Said as it is typed, before anything is sent.
			await expect(amount).toHaveAccessibleDescription(said)
		} else {
			await page.getByRole('button', { name: 'Proceed to Payment' }).click()
			await expect(amount).toHaveAccessibleDescription(said)
			await expect(amount).toHaveValue(String(above))
			expect((await sandbox.payments('demo')).payments).toEqual([])
		}
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await page.getByRole('button', { name: 'Approve' }).click()
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		expect((await sandbox.payments('demo')).payments.map((p) => p.amount)).toEqual([above])
	})

	test('an amount that is not money is refused beside the field, as typed', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await page.goto('/pay-account')
		const amount = page.getByLabel('Amount')
		await amount.fill('12.5.0')
		const proceed = page.getByRole('button', { name: 'Proceed to Payment' })
		if (enhanced) {
			// The button dims as the field says why.
			await expect(proceed).toBeDisabled()
		} else {
			const response = page.waitForResponse((r) => r.request().method() === 'POST')
			await proceed.click()
			expect((await response).status()).toBe(400)
		}
		await expect(amount).toHaveAccessibleDescription(/Enter the amount in dollars, e.g. \$125.50/)
		await expect(amount).toHaveValue('12.5.0')
		await amount.fill('$1,000,000')
		if (!enhanced) await proceed.click()
		await expect(amount).toHaveAccessibleDescription(/Enter an amount below \$1,000,000/)
		await amount.fill('$12.345')
		if (!enhanced) await proceed.click()
		await expect(amount).toHaveAccessibleDescription(/Enter dollars and cents, e.g. \$125.50/)
		expect((await sandbox.payments('demo')).payments).toEqual([])
	})

	test('an amount that only a number parser reads (0x10, 1e2, +5, Infinity) starts no payment', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await page.goto('/pay-account')
		const amount = page.getByLabel('Amount')
		const proceed = page.getByRole('button', { name: 'Proceed to Payment' })
		for (const typed of ['0x10', '1e2', '+5', 'Infinity', '5 0', '5.123']) {
			await amount.fill(typed)
			if (enhanced) {
				await expect(proceed).toBeDisabled()
			} else {
				const response = page.waitForResponse((r) => r.request().method() === 'POST')
				await proceed.click()
				expect((await response).status()).toBe(400)
			}
			await expect(amount).toHaveAccessibleDescription(
				typed === '5.123'
					? /Enter dollars and cents, e.g. \$125.50/
					: /Enter the amount in dollars, e.g. \$125.50/,
			)
			await expect(amount).toHaveValue(typed)
		}
		// The action itself refuses it, whatever the page let through.
		const posted = await page.request.post('/pay-account', {
			form: { reference: '10001-0-0', amount: '0x10' },
			maxRedirects: 0,
		})
		expect(posted.status()).toBe(400)
		expect((await sandbox.payments('demo')).payments).toEqual([])
	})

	test('the statement note is in the customer’s date format', async ({ page, login, sandbox }) => {
		await login()
		await page.goto('/pay-account?statementId=2026-10-31')
		await expect(page.getByText('Statement 31/10/2026')).toBeVisible()
		// Settings are read at sign-in.
		await sandbox.configure('demo', { settings: { locale: 'en-US' } })
		await page.context().clearCookies()
		await login()
		await page.reload()
		await expect(page.getByText('Statement 10/31/2026')).toBeVisible()
		await expect(page.getByText('2026-10-31')).toHaveCount(0)
	})

	test('the reference says what it is and where it shows', async ({ page, login }) => {
		await login()
		await page.goto('/pay-account?invoiceId=609593')
		const reference = page.getByLabel('Payment Reference')
		await expect(reference).toHaveValue('10001-609593-0')
		await expect(reference).toHaveAccessibleDescription(
			'Your account number, then the invoice number and suffix (0-0 for none). It shows on your statement.',
		)
	})

	test('Proceed to Payment is dimmed while the payment is invalid @js-only', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/pay-account')
		const proceed = page.getByRole('button', { name: 'Proceed to Payment' })
		await expect(proceed).toBeEnabled()
		await page.getByLabel('Amount').fill('0')
		await expect(proceed).toBeDisabled()
		// The field says why as the button dims.
		await expect(page.getByLabel('Amount')).toHaveAccessibleDescription('Enter an amount above 0')
		await page.getByLabel('Amount').fill('12.50')
		await expect(proceed).toBeEnabled()
		await page.getByLabel('Payment Reference').fill('')
		await expect(proceed).toBeDisabled()
		await expect(page.getByLabel('Payment Reference')).toHaveAccessibleDescription(
			/^Enter a payment reference/,
		)
	})

	test('the server refuses an invalid payment with the message @nojs-only', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/pay-account')
		await page.getByLabel('Amount').fill('0')
		await page.getByLabel('Payment Reference').fill('')
		const response = page.waitForResponse((r) => r.request().method() === 'POST')
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		expect((await response).status()).toBe(400)
		await expect(page.getByText('Enter an amount above 0')).toBeVisible()
		await expect(page.getByText('Enter a payment reference')).toBeVisible()
		expect((await sandbox.payments('demo')).payments).toEqual([])
	})

	test('windriver without JavaScript says the checkout needs it @nojs-only', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { settings: { payment_provider: 'windriver' } })
		await login()
		await page.goto('/pay-account')
		await expect(page.getByLabel('Amount')).toHaveCount(0)
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('needs JavaScript')
		expect((await sandbox.payments('demo')).payments).toEqual([])
	})

	test('pay_account_button_disabled refuses the page', async ({ page, login, sandbox }) => {
		await sandbox.configure('demo', { settings: { pay_account_button_disabled: 'true' } })
		await login()
		const response = await page.goto('/pay-account')
		expect(response?.status()).toBe(403)
		const post = await page.request.post('/pay-account', {
			form: { reference: 'x', amount: '10' },
			maxRedirects: 0,
		})
		expect(post.status()).toBe(403)
		expect((await sandbox.payments('demo')).payments).toEqual([])
	})
})

test.describe('Balances', () => {
	/** The figure beside a term (a dl's dt and dd) within `scope`. */
	const termValue = (scope: Locator, term: string) =>
		scope
			.getByRole('term')
			.filter({ hasText: new RegExp(`^${term}$`) })
			.locator('xpath=following-sibling::dd[1]')

	test('each label says what the aging table on Pay Account says', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/pay-account')
		const aging = page.getByRole('region', { name: 'Aged Balances' })
		const bucket = async (label: string) =>
			Number((await termValue(aging, label).innerText()).replace(/[$,]/g, ''))
		const [current, day30, day60, day90, day120] = [
			await bucket('Current'),
			await bucket('30 Days'),
			await bucket('60 Days'),
			await bucket('90 Days'),
			await bucket('120 Days'),
		]
		const overdue = money(day60 + day90 + day120)
		const account = page.getByRole('region', { name: 'Account' })
		await expect(account.getByRole('article').filter({ hasText: 'Overdue Balance' })).toContainText(
			overdue,
		)
		await expect(account.getByRole('article').filter({ hasText: 'Total Balance' })).toContainText(
			money(current + day30 + day60 + day90 + day120),
		)
		// The demo customer has something in every part that home and admin show.
		expect([current, day30, day60 + day90 + day120].every((n) => n > 0)).toBe(true)

		await page.goto('/')
		const cards = page.getByRole('region', { name: 'Account balances' })
		await expect(cards.getByRole('article').filter({ hasText: 'Current Balance' })).toContainText(
			money(current),
		)
		await expect(cards.getByRole('article').filter({ hasText: 'Overdue Balance' })).toContainText(
			overdue,
		)

		await page.goto('/admin')
		const status = page.getByRole('region', { name: 'Account Status' })
		await expect(termValue(status, 'Current balance')).toHaveText(money(current))
		await expect(termValue(status, '30 days')).toHaveText(money(day30))
		await expect(termValue(status, 'Overdue balance')).toHaveText(overdue)

		// The sandbox's user details hold the same figures.
		const { balances } = await sandbox.payments('demo')
		expect(money(balances.current_balance)).toBe(money(current))
		expect(money(balances.balance_30_day)).toBe(money(day30))
		expect(money(balances.balance_overdue)).toBe(overdue)
	})
})

test.describe('Payment results', () => {
	const neutral = async (page: Page) => {
		await expect(
			page.getByRole('heading', { level: 1, name: 'We could not confirm this payment' }),
		).toBeVisible()
		for (const title of ['Payment successful', 'Payment failed', 'Payment cancelled'])
			await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
		await expect(page.getByText('You have cancelled your payment.')).toHaveCount(0)
		const main = page.getByRole('main')
		await expect(main.getByRole('link', { name: 'Pay Account' })).toHaveAttribute(
			'href',
			'/pay-account',
		)
		await expect(main.getByRole('link', { name: 'Statements' })).toHaveAttribute(
			'href',
			'/statements',
		)
		await expect(main.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices')
		await expect(main.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/')
	}

	test('without a session id, or with a made-up one, a page claims nothing @core', async ({
		page,
		login,
	}) => {
		await login()
		for (const path of ['/payment-complete', '/payment-fail', '/payment-cancelled']) {
			const none = await page.goto(path)
			expect(none?.status()).toBe(200)
			await neutral(page)
			const madeUp = await page.goto(`${path}?sessionId=0123456789abcdef0123456789abcdef`)
			expect(madeUp?.status()).toBe(404)
			await neutral(page)
		}
	})

	test('a payment still open with the provider is not called successful', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/pay-account')
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible()
		const [pending] = (await sandbox.payments('demo')).payments
		await page.goto(`/payment-complete?sessionId=${pending!.session_id}`)
		await neutral(page)
		expect((await sandbox.payments('demo')).payments.map((p) => p.status)).toEqual(['pending'])
	})

	test('another customer’s approved payment is not shown as this customer’s', async ({
		page,
		login,
		sandbox,
	}) => {
		const before = await demoBalances(sandbox)
		await login('onhold')
		const sessionId = await payThroughHostedPage(page, '75.00')
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		await page.context().clearCookies()
		await login('demo')
		for (const path of ['/payment-complete', '/payment-fail', '/payment-cancelled']) {
			const response = await page.goto(`${path}?sessionId=${sessionId}`)
			expect(response?.status()).toBe(404)
			expect(new URL(page.url()).pathname).toBe(path)
			await neutral(page)
			await expect(page.getByText('$75.00')).toHaveCount(0)
		}
		expect((await sandbox.payments('onhold')).payments.map((p) => p.status)).toEqual(['approved'])
		expect((await sandbox.payments('demo')).payments).toEqual([])
		expect((await demoBalances(sandbox)).total).toBeCloseTo(before.total, 2)
	})
})
