import { type Page } from '@playwright/test'
import {
	activeCartLines,
	addToCart,
	expect,
	fillCheckout,
	test,
	type SandboxControl,
} from './fixtures.ts'

/**
 * Every action's failure path: the presenter fails (HTTP 500 on every attempt), the user sees the
 * form's fallback message ('Something went wrong.' and the like) and the sandbox stored nothing.
 */
const fail = (sandbox: SandboxControl, fn: string) =>
	sandbox.faults({ failures: [{ fn, count: 20, status: 500 }] })

async function firstOf(sandbox: SandboxControl, type: 'Order' | 'Quote') {
	const all = await sandbox.transactions('demo')
	const found = all.find((t) => t.transactionType === type && (type === 'Order' || !t.accepted_at))
	if (!found) throw new Error(`no ${type}`)
	return found
}

/** The 'Error' dialog, or the form's alert, says `message`. */
const errorShown = (page: Page, message: string) =>
	expect(
		page
			.getByRole('dialog', { name: 'Error' })
			.or(page.getByRole('alert'))
			.filter({ hasText: message })
			.first(),
	).toBeVisible()

test.describe('when the presenter fails, every action says so', () => {
	test('sign in: Unable to send request', async ({ page, sandbox }) => {
		await fail(sandbox, 'userLogin')
		await page.goto('/login')
		await page.getByLabel('Username').fill('demo')
		await page.getByLabel('Password').fill('demo')
		await page.getByRole('button', { name: 'Sign in' }).click()
		await errorShown(page, 'Unable to send request')
		await expect(page).toHaveURL(/\/login/)
		expect(await sandbox.sessions('demo')).toHaveLength(0)
	})

	test('add to cart: Something went wrong.', async ({ page, login, sandbox }) => {
		await login()
		await fail(sandbox, 'addToCart')
		await page.goto('/products/HWR/FAS/NAI')
		const row = page.getByRole('listitem').filter({ hasText: 'HNAI001' }).first()
		await row.getByRole('button', { name: 'Add to cart' }).click()
		await errorShown(page, 'Something went wrong.')
		expect(await activeCartLines(sandbox)).toHaveLength(0)
	})

	test('cart update: Something went wrong., the quantity is kept', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await fail(sandbox, 'updateCartLine')
		await page.goto('/cart')
		const line = page
			.getByRole('region', { name: 'Cart lines' })
			.getByRole('listitem')
			.filter({ hasText: 'HNAI001' })
		await line.getByRole('spinbutton', { name: /^Quantity of/ }).fill('7')
		await page.getByRole('button', { name: 'Update cart' }).click()
		await errorShown(page, 'Something went wrong.')
		expect((await activeCartLines(sandbox)).map((l) => l.prodQty)).toEqual([2])
	})

	test('place an order: Something went wrong., no order stored', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		const before = await sandbox.transactions('demo')
		await fail(sandbox, 'createOrder')
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Parramatta' })
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		const dialog = page.getByRole('dialog', { name: 'Error' })
		await expect(dialog).toContainText('Something went wrong.')
		expect(await sandbox.transactions('demo')).toHaveLength(before.length)
		expect(await activeCartLines(sandbox)).toHaveLength(1)
		// OK leads back to the form as it was typed (without JS the dialog is a page section).
		await dialog.getByRole('link', { name: 'OK' }).click()
		await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(enhanced ? 0 : 1)
		await expect(page.getByLabel('Reference')).toHaveValue('Job 4471')
		await page.getByLabel('Reference').fill('Job 4472')
		await expect(page.getByLabel('Branch')).toHaveValue('2')
	})

	test('email a transaction: Something went wrong., nothing sent', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const order = await firstOf(sandbox, 'Order')
		await fail(sandbox, 'emailTransaction')
		await page.goto(`/orders/${order.transactionNumber}-${order.transactionSuffix}?dialog=email`)
		const dialog = page.getByRole('dialog', { name: 'Email Order' })
		await dialog.getByLabel('Email address').fill('site.office@example.com')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await errorShown(page, 'Something went wrong.')
		expect(await sandbox.outbox()).toHaveLength(0)
	})

	test('accept a quote: Unable to make request, still open', async ({ page, login, sandbox }) => {
		await login()
		const quote = await firstOf(sandbox, 'Quote')
		await fail(sandbox, 'acceptQuote')
		await page.goto(`/quotes/${quote.transactionNumber}-${quote.transactionSuffix}?dialog=accept`)
		const dialog = page.getByRole('dialog', { name: 'Accept Quote' })
		await dialog.getByLabel(/^Delivery date/).fill('2026-12-15')
		await dialog.getByLabel('Comment').fill('Go ahead.')
		await dialog.getByRole('button', { name: 'Accept' }).click()
		await errorShown(page, 'Unable to make request')
		const stored = (await sandbox.transactions('demo')).find(
			(t) => t.transactionNumber === quote.transactionNumber,
		)
		expect(stored?.accepted_at).toBeNull()
	})

	test('copy to cart: Something went wrong., the cart stays empty', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const order = await firstOf(sandbox, 'Order')
		await fail(sandbox, 'copyTranToCart')
		await page.goto(`/orders/${order.transactionNumber}-${order.transactionSuffix}`)
		await page.getByRole('button', { name: 'Copy to Cart' }).click()
		await errorShown(page, 'Something went wrong.')
		expect(await activeCartLines(sandbox)).toHaveLength(0)
	})

	test('save the cart as a list: Something went wrong., no list saved', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await fail(sandbox, 'saveCustomList')
		await page.goto('/cart?dialog=save-list')
		const dialog = page.getByRole('dialog', { name: 'Save Custom List' })
		await dialog.getByLabel('Name').fill('Deck job nails')
		await dialog.getByRole('button', { name: 'Save' }).click()
		await errorShown(page, 'Something went wrong.')
		expect((await sandbox.carts('demo')).find((c) => c.name === 'Deck job nails')).toBeUndefined()
	})

	test('request a change: Something went wrong., nothing sent', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const order = await firstOf(sandbox, 'Order')
		await fail(sandbox, 'sendEmailMessage')
		await page.goto(
			`/orders/${order.transactionNumber}-${order.transactionSuffix}?dialog=request-change`,
		)
		const dialog = page.getByRole('dialog', { name: 'Request Changes' })
		await dialog.getByLabel('Message').fill('Please deliver on Thursday.')
		await dialog.getByRole('button', { name: 'Send' }).click()
		await errorShown(page, 'Something went wrong.')
		expect(await sandbox.outbox()).toHaveLength(0)
	})

	test('an invoice comment: Something went wrong., the comment is kept in the form', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const invoice = (await sandbox.transactions('demo')).find(
			(t) => t.transactionType === 'Invoice',
		)!
		await fail(sandbox, 'saveUserComment')
		await page.goto(
			`/invoices/${invoice.transactionNumber}-${invoice.transactionSuffix}?dialog=comment`,
		)
		const dialog = page.getByRole('dialog', { name: 'Comment' })
		await dialog.getByLabel('Comment').fill('Wrong gate, ask Sam')
		await dialog.getByRole('button', { name: 'Save' }).click()
		await errorShown(page, 'Something went wrong.')
		await expect(page.getByRole('dialog', { name: 'Comment' }).getByLabel('Comment')).toHaveValue(
			'Wrong gate, ask Sam',
		)
	})
})
