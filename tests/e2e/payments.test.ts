import { expect, test, type SandboxControl } from './fixtures.ts'

const money = (n: number) =>
	new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(n)

/** The demo customer's open balance and its part 60 days and older, as the ledger has them. */
async function demoBalances(sandbox: SandboxControl) {
	const { balances } = await sandbox.payments('demo')
	return { total: balances.current_balance, overdue: balances.balance_overdue }
}

async function firstInvoice(sandbox: SandboxControl) {
	const invoice = (await sandbox.transactions('demo')).find(
		(t) => t.transactionType === 'Invoice' && t.transactionAmount > 0,
	)
	if (!invoice) throw new Error('The seed has no invoice for demo')
	return invoice
}

test.describe('Pay Account', () => {
	test('shows status, aging, totals and defaults to the overdue balance', async ({
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
		await expect(page.getByLabel('Amount')).toHaveValue(DEMO_OVERDUE.toFixed(2))
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
		await expect(page.getByText(`Statement ${date}`)).toBeVisible()
		const amount = Number(await page.getByLabel('Amount').inputValue())
		expect(amount).toBeGreaterThan(0)
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await page.getByRole('button', { name: 'Approve' }).click()
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		await expect(page.getByText(money(amount))).toBeVisible()
		const { payments, balances } = await sandbox.payments('demo')
		expect(payments.map((p) => [p.status, p.amount])).toEqual([['approved', amount]])
		expect(balances.current_balance).toBeCloseTo(before - amount, 2)
	})

	test('pays an invoice through the hosted page; reloading the result pays once', async ({
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
		await expect(page.getByLabel('Amount')).toHaveValue(invoice.transactionAmount.toFixed(2))
		await page.getByRole('button', { name: 'Proceed to Payment' }).click()

		await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible()
		await expect(page.getByText(money(invoice.transactionAmount))).toBeVisible()
		await page.getByRole('button', { name: 'Approve' }).click()

		await expect(page).toHaveURL(/\/payment-complete\?sessionId=/)
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		await expect(page.getByText(money(invoice.transactionAmount))).toBeVisible()
		await expect(page.getByText(`10001-${ref}`)).toBeVisible()
		await page.reload()
		await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
		// Back to the provider's page and Approve again: still the first answer.
		const sessionId = new URL(page.url()).searchParams.get('sessionId')
		await page.request.post(`/presenter/pay/${sessionId}`, { form: { outcome: 'approved' } })

		const { payments, balances } = await sandbox.payments('demo')
		expect(payments).toHaveLength(1)
		expect(payments[0]).toMatchObject({
			status: 'approved',
			amount: invoice.transactionAmount,
			reference: `10001-${ref}`,
		})
		const total = balances.current_balance
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
		await page.getByLabel('Amount').fill('12.50')
		await page.getByLabel('Payment Reference').fill('')
		await expect(proceed).toBeDisabled()
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
