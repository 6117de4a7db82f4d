import { type APIRequestContext, type Browser, type Page } from '@playwright/test'
import {
	addToCart,
	expect,
	fillCheckout,
	openMenu,
	signIn,
	someoneElse,
	test,
	type SandboxControl,
} from './fixtures.ts'
import { sendCartForApproval } from './races.ts'

/**
 * Order limits and approvals (issue 32, docs/decisions/059-order-limits-and-approvals.md). The
 * seed gives `tbaker` (a sales user of the demo customer) an order limit of $1,500; `demo` and
 * `rwilliams` are its administrators, `onhold` the administrator of another customer.
 */

const TOM = 'tom.baker@harbourcityconstructions.com.au'
const ADMIN_EMAILS = [
	'rachel.williams@harbourcityconstructions.com.au',
	'sarah.mitchell@harbourcityconstructions.com.au',
]

/** The lines in the customer's open carts (only tbaker's has any: the administrators order nothing). */
async function openCart(sandbox: SandboxControl) {
	const carts = await sandbox.carts('tbaker')
	return carts.filter((c) => c.sessionType === 'Cart' && !c.ordered).flatMap((c) => c.lines)
}

/** The requester's own requests, under Orders' 'Awaiting approval' tab. */
const mine = (page: Page) =>
	page.getByRole('list', { name: 'Orders sent for approval' }).getByRole('listitem')

/** tbaker sends 40 boxes of HNAI001 (well over $1,500) for approval, picked up at Alexandria. */
async function sendForApproval(page: Page, enhanced: boolean, quantity = 40) {
	await addToCart(page, 'HNAI001', quantity)
	await page.goto('/checkout')
	await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
	await expect(
		page.getByText(/needs an administrator’s approval: over your \$1,500 order limit/),
	).toBeVisible()
	await expect(page.getByRole('button', { name: 'Confirm Order' })).toHaveCount(0)
	await page.getByRole('button', { name: 'Send for approval' }).click()
	await expect(page).toHaveURL('/orders?type=approval')
	await expect(page.getByText('Sent for approval: over your $1,500 order limit')).toBeVisible()
}

/** The first request the approvals page lists: its id and the total its Approve form carries. */
async function firstRequestId(page: Page) {
	await page.goto('/approvals')
	const approve = page.locator('form:has(input[name="seen"])').first()
	return {
		id: (await approve.locator('input[name="id"]').getAttribute('value'))!,
		seen: (await approve.locator('input[name="seen"]').getAttribute('value'))!,
	}
}

const approveAs = (request: APIRequestContext, form: { id: string; seen: string }) =>
	request.post('/approvals', { form: { intent: 'approve', ...form }, maxRedirects: 0 })

/** The checkout's answer to the next submission. */
const submitted = (page: Page) =>
	page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/checkout'))

/** The error dialog says `message`; OK closes it (a link without JS). */
async function closeError(page: Page, message: string) {
	const error = page.getByRole('dialog', { name: 'Error' })
	await expect(error).toContainText(message)
	await error
		.getByRole('link', { name: 'OK' })
		.or(error.getByRole('button', { name: 'OK' }))
		.click()
}

/** As `demo`, sets tbaker's order limit on his account page. */
async function setOrderLimit(
	browser: Browser,
	baseURL: string,
	javaScriptEnabled: boolean,
	sandbox: SandboxControl,
	limit: string,
) {
	const boss = await someoneElse(browser, baseURL, 'demo', javaScriptEnabled)
	try {
		const tom = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
		await boss.page.goto(`/admin/account/${tom.id_user}`)
		await boss.page.getByLabel('Order limit (inc. GST, $)').fill(limit)
		await boss.page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(boss.page.getByText('User updated')).toBeVisible()
	} finally {
		await boss.close()
	}
}

test.describe('order limits and approvals', () => {
	test('over the order limit: sent for approval, approved once, placed with the requester’s contact @core', async ({
		page,
		login,
		sandbox,
		enhanced,
		javaScriptEnabled,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		const before = await sandbox.transactions('tbaker')
		await sendForApproval(page, enhanced)
		// Nothing ordered yet; the cart emptied as placing would.
		expect(await sandbox.transactions('tbaker')).toHaveLength(before.length)
		expect(await openCart(sandbox)).toEqual([])
		await expect(page.getByRole('link', { name: /^Cart: 0 lines/ })).toBeVisible()
		await expect(mine(page)).toHaveCount(1)
		await expect(mine(page).first()).toContainText('Awaiting approval')
		// The requester's Orders, read now (and cached for his session), list the order at once
		// when it is approved.
		await page.goto('/orders')
		await expect(page.getByRole('table')).toBeVisible()
		// The administrators are told.
		const asked = (await sandbox.outbox()).filter((e) =>
			e.subject.includes('awaiting your approval'),
		)
		expect(asked.map((e) => e.to_address).sort()).toEqual(ADMIN_EMAILS)
		expect(asked[0]!.body).toContain('40 BOX HNAI001')

		const boss = await someoneElse(browser, baseURL!, 'demo', javaScriptEnabled)
		try {
			// The count of requests awaiting approval is in My Account.
			await boss.page.goto('/')
			const menu = await openMenu(boss.page, 'My Account')
			await menu.getByRole('link', { name: 'Approvals 1 awaiting approval' }).click()
			await expect(boss.page).toHaveURL('/approvals')
			const request = boss.page.getByRole('article', { name: /^Tom Baker/ })
			await expect(
				request.getByText('Needs approval: over their $1,500 order limit.'),
			).toBeVisible()
			await expect(request.getByRole('cell', { name: /HNAI001/ })).toBeVisible()
			await expect(request.getByText('Alexandria')).toBeVisible()
			await request.getByRole('button', { name: 'Approve' }).click()
			await expect(boss.page.getByText(/^Approved: order \d+ placed/)).toBeVisible()
			await expect(boss.page.getByText('No orders are awaiting approval.')).toBeVisible()
		} finally {
			await boss.close()
		}
		const after = await sandbox.transactions('tbaker')
		expect(after).toHaveLength(before.length + 1)
		const order = after[0]! as (typeof after)[number] & {
			buildersContact: string
			contactEmail: string
		}
		expect(order).toMatchObject({
			transactionType: 'Order',
			buildersContact: 'Tom Baker',
			contactEmail: TOM,
		})
		expect(order.lines.map((l) => [l.productCode, l.quantity])).toEqual([['HNAI001', 40]])
		const told = (await sandbox.outbox()).filter((e) => e.to_address === TOM)
		expect(told.map((e) => e.subject)).toEqual([
			`Your order was approved: order ${order.transactionNumber}`,
		])
		// The requester sees what became of it, and the order in his Orders.
		await page.goto('/orders')
		await expect(
			page
				.getByRole('table')
				.getByRole('link', { name: String(order.transactionNumber), exact: true }),
		).toBeVisible()
		await page.goto('/orders?type=approval')
		await expect(page.getByText(`Approved: order ${order.transactionNumber}`)).toBeVisible()
	})

	test('a monthly limit reached by earlier orders needs approval even for a small order', async ({
		page,
		login,
		sandbox,
		enhanced,
		javaScriptEnabled,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
		const placed = await sandbox.transactions('tbaker')
		const first = placed[0]!
		// The month's limit: a little over that first order.
		const limit = Math.ceil(first.transactionAmount) + 10

		const boss = await someoneElse(browser, baseURL!, 'demo', javaScriptEnabled)
		try {
			const users = await sandbox.users('demo')
			const tom = users.find((u) => u.username === 'tbaker')!
			await boss.page.goto(`/admin/account/${tom.id_user}`)
			await expect(boss.page.getByLabel('Order limit (inc. GST, $)')).toHaveValue('1500')
			await boss.page.getByLabel('Monthly limit (inc. GST, $)').fill(String(limit))
			await boss.page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(boss.page.getByText('User updated')).toBeVisible()
			await boss.page.goto(`/admin/account/${tom.id_user}`)
			await expect(boss.page.getByLabel('Monthly limit (inc. GST, $)')).toHaveValue(String(limit))
		} finally {
			await boss.close()
		}

		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await expect(
			page.getByText(new RegExp(`over your \\$${limit.toLocaleString('en-AU')} monthly limit`)),
		).toBeVisible()
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		await page.getByRole('button', { name: 'Send for approval' }).click()
		await expect(page).toHaveURL('/orders?type=approval')
		// Not placed: it waits for an administrator.
		expect(await sandbox.transactions('tbaker')).toHaveLength(placed.length)
		await expect(mine(page)).toHaveCount(1)
		await expect(mine(page).first()).toContainText('Awaiting approval')
	})

	test('a declined request shows its reason; a withdrawn one puts its lines back in the cart', async ({
		page,
		login,
		sandbox,
		enhanced,
		javaScriptEnabled,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		await sendForApproval(page, enhanced)
		const boss = await someoneElse(browser, baseURL!, 'rwilliams', javaScriptEnabled)
		try {
			await boss.page.goto('/approvals')
			const request = boss.page.getByRole('article', { name: /^Tom Baker/ })
			// A reason is asked for.
			await request.getByRole('button', { name: 'Decline' }).click()
			await expect(boss.page.getByText('Give a reason')).toBeVisible()
			await boss.page
				.getByRole('article', { name: /^Tom Baker/ })
				.getByLabel('Reason for declining')
				.fill('Forty boxes is too many for one job')
			await boss.page
				.getByRole('article', { name: /^Tom Baker/ })
				.getByRole('button', { name: 'Decline' })
				.click()
			await expect(boss.page.getByText('Request declined')).toBeVisible()
		} finally {
			await boss.close()
		}
		await page.goto('/orders?type=approval')
		await expect(page.getByText('Declined: Forty boxes is too many for one job')).toBeVisible()
		const told = (await sandbox.outbox()).filter((e) => e.to_address === TOM)
		expect(told.map((e) => e.subject)).toEqual(['Your order was declined'])
		expect(told[0]!.body).toContain('Forty boxes is too many for one job')

		// The declined order's lines can go back in the cart.
		await page.getByRole('button', { name: 'Put back in cart' }).click()
		await expect(page).toHaveURL('/cart')
		await expect(page.getByText('Its lines are back in your cart')).toBeVisible()
		expect((await openCart(sandbox)).map((l) => [l.productID, l.prodQty])).toEqual([
			['HNAI001', 40],
		])
		await page.goto('/cart')
		await page.getByRole('link', { name: 'Clear All' }).click()
		await page
			.getByRole('dialog', { name: 'Clear All' })
			.getByRole('button', { name: 'Clear All' })
			.click()
		await expect(page.getByText('Your cart is empty.')).toBeVisible()

		await sendForApproval(page, enhanced, 30)
		expect(await openCart(sandbox)).toEqual([])
		// Withdraw asks first; 'Keep it' leaves the request as it was.
		await page.getByRole('link', { name: /^Withdraw the request/ }).click()
		await expect(
			page.getByText('Withdraw this request? Its lines go back in your cart.'),
		).toBeVisible()
		await page.getByRole('link', { name: 'Keep it' }).click()
		await expect(mine(page).first()).toContainText('Awaiting approval')
		await page.getByRole('link', { name: /^Withdraw the request/ }).click()
		await page.getByRole('button', { name: 'Withdraw' }).click()
		await expect(page).toHaveURL('/cart')
		await expect(page.getByText('Request withdrawn: its lines are back in your cart')).toBeVisible()
		expect((await openCart(sandbox)).map((l) => [l.productID, l.prodQty])).toEqual([
			['HNAI001', 30],
		])
		await page.goto('/orders?type=approval')
		await expect(mine(page).first()).toContainText('Withdrawn')
		await expect(page.getByRole('link', { name: /^Withdraw/ })).toHaveCount(0)
	})

	test('a price changed since the request is shown to the administrator before approving', async ({
		page,
		login,
		sandbox,
		enhanced,
		javaScriptEnabled,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		await sendForApproval(page, enhanced)
		await sandbox.price('HNAI001', 250)
		const boss = await someoneElse(browser, baseURL!, 'demo', javaScriptEnabled)
		try {
			await boss.page.goto('/approvals')
			const request = boss.page.getByRole('article', { name: /^Tom Baker/ })
			const changes = request.getByRole('note', { name: 'Changed since it was sent' })
			// $250 less the customer's 12%: $220.00 a box.
			await expect(changes.getByText(/^HNAI001 Paslode .+: \$[\d,.]+ → \$220\.00$/)).toBeVisible()
			await expect(changes.getByText(/^Total: \$[\d,.]+ → \$9,680\.00$/)).toBeVisible()
			await request.getByRole('button', { name: 'Approve' }).click()
			await expect(boss.page.getByText(/^Approved: order \d+ placed/)).toBeVisible()
		} finally {
			await boss.close()
		}
		const order = (await sandbox.transactions('tbaker'))[0]!
		expect(order.lines.map((l) => [l.productCode, l.unitPrice])).toEqual([['HNAI001', 220]])
	})

	test('two administrators approving at once place one order', async ({
		page,
		login,
		sandbox,
		enhanced,
		playwright,
		baseURL,
	}) => {
		await login('tbaker')
		const before = await sandbox.transactions('tbaker')
		await sendForApproval(page, enhanced)
		const [demo, rachel] = await Promise.all(
			['demo', 'rwilliams'].map(async (username) => {
				const request = await playwright.request.newContext({ baseURL })
				await signIn(request, username)
				return request
			}),
		)
		try {
			await login('demo')
			const form = await firstRequestId(page)
			const answers = await Promise.all([approveAs(demo!, form), approveAs(rachel!, form)])
			expect(answers.map((a) => a.status())).toEqual([302, 302])
		} finally {
			await Promise.all([demo!.dispose(), rachel!.dispose()])
		}
		const after = await sandbox.transactions('tbaker')
		expect(after).toHaveLength(before.length + 1)
		expect((await sandbox.outbox()).filter((e) => e.to_address === TOM)).toHaveLength(1)
	})

	test('a sales user, an administrator of another customer and a deactivated administrator cannot act on a request', async ({
		page,
		login,
		sandbox,
		enhanced,
		playwright,
		baseURL,
	}) => {
		await login('tbaker')
		const before = await sandbox.transactions('tbaker')
		await sendForApproval(page, enhanced)
		// The requester, a sales user, sees no approvals page and cannot approve.
		expect((await page.goto('/approvals'))?.status()).toBe(403)
		await login('demo')
		const form = await firstRequestId(page)
		const [sales, other, rachel] = await Promise.all(
			['joconnor', 'onhold', 'rwilliams'].map(async (username) => {
				const request = await playwright.request.newContext({ baseURL })
				await signIn(request, username)
				return request
			}),
		)
		try {
			expect((await approveAs(sales!, form)).status()).toBe(403)
			const decline = await other!.post('/approvals', {
				form: { intent: 'decline', id: form.id, reason: 'Not yours' },
				maxRedirects: 0,
			})
			expect(decline.status()).toBe(403)
			expect((await approveAs(other!, form)).status()).toBe(403)
			expect((await other!.get('/approvals')).status()).toBe(200)
			expect(await (await other!.get('/approvals')).text()).not.toContain('Tom Baker')

			// Rachel is deactivated while the request is pending: her approval is not taken.
			await page.goto('/admin/account/506')
			await page.getByLabel('Active').uncheck()
			await page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(page.getByText('User updated')).toBeVisible()
			const refused = await approveAs(rachel!, form)
			expect(refused.status()).toBe(302)
			expect(refused.headers().location).toMatch(/^\/login/)
		} finally {
			await Promise.all([sales!.dispose(), other!.dispose(), rachel!.dispose()])
		}
		expect(await sandbox.transactions('tbaker')).toHaveLength(before.length)
		await page.goto('/approvals')
		await expect(page.getByRole('article', { name: /^Tom Baker/ })).toBeVisible()
	})

	test('Confirm Order over a limit sends nothing: the page shows why and Send for approval', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login('tbaker')
		const before = await sandbox.transactions('tbaker')
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		// In another tab, the cart grows past the $1,500 order limit.
		const other = await page.context().newPage()
		await addToCart(other, 'HNAI001', 40)
		await other.close()
		const answer = submitted(page)
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		expect((await answer).status()).toBe(409)
		await closeError(page, 'Nothing was sent: this order now needs an administrator’s approval')
		await expect(
			page.getByText(/needs an administrator’s approval: over your \$1,500 order limit/),
		).toBeVisible()
		await expect(page.getByRole('button', { name: 'Confirm Order' })).toHaveCount(0)
		expect(await sandbox.transactions('tbaker')).toHaveLength(before.length)
		expect(await openCart(sandbox)).not.toEqual([])
		await page.getByRole('button', { name: 'Send for approval' }).click()
		await expect(page).toHaveURL('/orders?type=approval')
		await expect(mine(page)).toHaveCount(1)
		expect(await sandbox.transactions('tbaker')).toHaveLength(before.length)
	})

	test('Send for approval when no longer needed places nothing: the page shows Confirm Order', async ({
		page,
		login,
		sandbox,
		enhanced,
		javaScriptEnabled,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		const before = await sandbox.transactions('tbaker')
		await addToCart(page, 'HNAI001', 40)
		await page.goto('/checkout')
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		await expect(page.getByRole('button', { name: 'Send for approval' })).toBeVisible()
		// Meanwhile an administrator raises the limit.
		await setOrderLimit(browser, baseURL!, javaScriptEnabled, sandbox, '100000')
		const answer = submitted(page)
		await page.getByRole('button', { name: 'Send for approval' }).click()
		expect((await answer).status()).toBe(409)
		await closeError(page, 'Nothing was sent: this order no longer needs approval')
		await expect(page.getByRole('button', { name: 'Send for approval' })).toHaveCount(0)
		expect(await sandbox.transactions('tbaker')).toHaveLength(before.length)
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
		expect(await sandbox.transactions('tbaker')).toHaveLength(before.length + 1)
		await page.goto('/orders?type=approval')
		await expect(mine(page)).toHaveCount(0)
	})

	test('a price changed after the administrator opened the page: Approve shows old → new and places nothing', async ({
		page,
		login,
		sandbox,
		enhanced,
		javaScriptEnabled,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		await sendForApproval(page, enhanced)
		const before = await sandbox.transactions('tbaker')
		const boss = await someoneElse(browser, baseURL!, 'demo', javaScriptEnabled)
		try {
			await boss.page.goto('/approvals')
			const request = boss.page.getByRole('article', { name: /^Tom Baker/ })
			const changes = request.getByRole('note', { name: 'Changed since it was sent' })
			await expect(changes).toHaveCount(0)
			await sandbox.price('HNAI001', 250)
			const answer = boss.page.waitForResponse(
				(r) => r.request().method() === 'POST' && r.url().includes('/approvals'),
			)
			await request.getByRole('button', { name: 'Approve' }).click()
			expect((await answer).status()).toBe(409)
			await closeError(boss.page, 'Nothing was placed: prices changed since you opened this page')
			expect(await sandbox.transactions('tbaker')).toHaveLength(before.length)
			await expect(changes.getByText(/^HNAI001 Paslode .+: \$[\d,.]+ → \$220\.00$/)).toBeVisible()
			await expect(changes.getByText(/^Total: \$[\d,.]+ → \$9,680\.00$/)).toBeVisible()
			await request.getByRole('button', { name: 'Approve' }).click()
			await expect(boss.page.getByText(/^Approved: order \d+ placed/)).toBeVisible()
		} finally {
			await boss.close()
		}
		const after = await sandbox.transactions('tbaker')
		expect(after).toHaveLength(before.length + 1)
		expect(after[0]!.lines.map((l) => [l.productCode, l.unitPrice])).toEqual([['HNAI001', 220]])
	})

	test('saving an account without the limit fields leaves the limits as they were', async ({
		page,
		login,
		sandbox,
	}) => {
		await login('demo')
		const tom = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
		await page.goto(`/admin/account/${tom.id_user}`)
		await expect(page.getByLabel('Order limit (inc. GST, $)')).toHaveValue('1500')
		// A post that leaves the Ordering fields out, as an older page or a script might send.
		await page.getByRole('group', { name: 'Ordering' }).evaluate((fieldset) => fieldset.remove())
		await page.getByLabel('First name').fill('Thomas')
		await page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(page.getByText('User updated')).toBeVisible()
		await page.goto(`/admin/account/${tom.id_user}`)
		await expect(page.getByLabel('First name')).toHaveValue('Thomas')
		await expect(page.getByLabel('Order limit (inc. GST, $)')).toHaveValue('1500')
	})
	test('an email about a decline that cannot be sent is said on the administrator’s page', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
		javaScriptEnabled,
	}) => {
		await login('tbaker')
		await addToCart(page, 'HNAI001', 40)
		await sendCartForApproval(page.request)
		const boss = await someoneElse(browser, baseURL!, 'rwilliams', javaScriptEnabled)
		try {
			await boss.page.goto('/approvals')
			// The presenter refuses the next email it is asked to send.
			await sandbox.faults({ failures: [{ fn: 'sendEmailMessage', status: 400 }] })
			const request = boss.page.getByRole('article', { name: /^Tom Baker/ })
			await request.getByRole('button', { name: 'Decline' }).click()
			await boss.page
				.getByRole('article', { name: /^Tom Baker/ })
				.getByLabel('Reason for declining')
				.fill('Not this month')
			await boss.page
				.getByRole('article', { name: /^Tom Baker/ })
				.getByRole('button', { name: 'Decline' })
				.click()
			await expect(
				boss.page.getByText(`Request declined, but the email to ${TOM} could not be sent.`),
			).toBeVisible()
		} finally {
			await sandbox.faults({})
			await boss.close()
		}
		// The decline stands; only the email is missing.
		expect((await sandbox.outbox()).filter((e) => e.to_address === TOM)).toEqual([])
		await page.goto('/orders?type=approval')
		await expect(page.getByText('Declined: Not this month')).toBeVisible()
	})
})
