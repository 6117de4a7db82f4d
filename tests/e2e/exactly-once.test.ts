import { type APIRequestContext, type Page } from '@playwright/test'
import { statementDates } from '#server/sandbox/statements-calendar.ts'
import { activeCartLines, expect, hydrated, signIn, test, type SandboxControl } from './fixtures.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../utils/chromium.ts'

/**
 * Every mutating form exactly once (issue 31, docs/decisions/056): each form carries the page's
 * submission key, and the same post sent twice at once and once more after the answer acts once,
 * every sending answered alike. Asserted in the sandbox (one line, one email, one user…).
 */

const NAILS = '/products/HWR/FAS/NAI'
const TIMBER = '/products/TIM/FRM/H2F'
const ORDER = '/orders/604180-0'
const INVOICE = '/invoices/609593-0'
const EMAIL_ORDER = '/orders/609630-0'

/** The submission key the page at `path` renders into its forms. */
async function keyFrom(request: APIRequestContext, path: string) {
	const html = await (await request.get(path)).text()
	const key = /name="submissionKey" value="([^"]+)"/.exec(html)?.[1]
	expect(key, `a submission key on ${path}`).toBeTruthy()
	return key!
}

type Form = Record<string, string | string[]>

/**
 * Posts `form`, with the key of the page at `from`, to `path`: twice at once, then once more after
 * the answers. Every answer is the first one (status and where it sends the browser), an answer
 * that acted.
 */
async function sendThrice(request: APIRequestContext, path: string, form: Form, from = path) {
	const body = new URLSearchParams({ submissionKey: await keyFrom(request, from) })
	for (const [name, value] of Object.entries(form))
		for (const v of [value].flat()) body.append(name, v)
	const post = () =>
		request.post(path, {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			data: body.toString(),
			maxRedirects: 0,
		})
	const answers = await Promise.all([post(), post()])
	answers.push(await post())
	const seen = answers.map((r) => `${r.status()} ${r.headers()['location'] ?? ''}`)
	expect(seen[0], `${path} ${String(form.intent ?? '')}`).toMatch(/^[23]\d\d /)
	expect(seen, `${path} ${String(form.intent ?? '')}`).toEqual([seen[0], seen[0], seen[0]])
	return answers[0]!
}

const nails = (page: Page) =>
	page
		.getByRole('list', { name: /products/i })
		.getByRole('listitem')
		.filter({ hasText: 'Paslode Impulse Bright Nails 50mm x 3000' })

/** The seeded transaction `ref` (number-suffix) of the demo customer. */
async function transaction(sandbox: SandboxControl, ref: string) {
	const found = (await sandbox.transactions('demo')).find(
		(t) => `${t.transactionNumber}-${t.transactionSuffix}` === ref,
	)
	if (!found) throw new Error(`No seeded ${ref}`)
	return found
}

test.describe('the same post twice at once and once after acts once', () => {
	test('add to cart (plain and tally), quantity, remove, save list and clear cart @api', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const add = { intent: 'add-to-cart', productID: 'HNAI001', uom: 'BOX', quantity: '3' }
		await sendThrice(page.request, NAILS, { ...add, redirectTo: NAILS })
		expect(await activeCartLines(sandbox)).toMatchObject([{ productID: 'HNAI001', prodQty: 3 }])
		// The same add from a new page is the customer's second add (to the same line).
		await sendThrice(page.request, NAILS, { ...add, redirectTo: NAILS })
		expect(await activeCartLines(sandbox)).toMatchObject([{ productID: 'HNAI001', prodQty: 6 }])

		const tally = `${TIMBER}?product=TH2F004&dialog=tally`
		await sendThrice(page.request, tally, {
			intent: 'tally-add',
			productID: 'TH2F004',
			uom: 'LM',
			'lines[0].length': '3.6',
			'lines[0].qty': '2',
			closeTo: TIMBER,
		})
		const lines = await activeCartLines(sandbox)
		expect(lines.filter((l) => l.productID === 'TH2F004')).toHaveLength(1)
		expect(lines.find((l) => l.productID === 'TH2F004')?.tally).toEqual([{ length: 3.6, qty: 2 }])

		// Quantities and lengths are set, not added: a repeat changes nothing, and answers alike.
		// The sandbox's lines carry their ids too.
		const idOf = (productID: string) =>
			String((lines.find((l) => l.productID === productID) as unknown as { lineID: number }).lineID)
		const line = { lineID: idOf('HNAI001'), productID: 'HNAI001', uom: 'BOX' }
		await sendThrice(page.request, '/cart', { intent: 'update-line', ...line, quantity: '4' })
		expect((await activeCartLines(sandbox)).find((l) => l.productID === 'HNAI001')?.prodQty).toBe(4)
		await sendThrice(page.request, '/cart', {
			intent: 'update-cart',
			'lines[0].lineID': line.lineID,
			'lines[0].productID': line.productID,
			'lines[0].uom': line.uom,
			'lines[0].quantity': '5',
		})
		expect((await activeCartLines(sandbox)).find((l) => l.productID === 'HNAI001')?.prodQty).toBe(5)
		await sendThrice(page.request, `/cart?dialog=tally&line=${idOf('TH2F004')}`, {
			intent: 'update-tally',
			lineID: idOf('TH2F004'),
			productID: 'TH2F004',
			uom: 'LM',
			'lines[0].length': '4.8',
			'lines[0].qty': '3',
		})
		expect((await activeCartLines(sandbox)).find((l) => l.productID === 'TH2F004')?.tally).toEqual([
			{ length: 4.8, qty: 3 },
		])

		await sendThrice(page.request, '/cart?dialog=save-list', {
			intent: 'save-list',
			name: 'Gate 2 top-up',
		})
		const lists = (await sandbox.carts('demo')).filter((c) => c.name === 'Gate 2 top-up')
		expect(lists).toHaveLength(1)

		await sendThrice(page.request, '/cart', { intent: 'remove-line', ...line })
		expect((await activeCartLines(sandbox)).map((l) => l.productID)).toEqual(['TH2F004'])

		await sendThrice(page.request, '/cart?dialog=clear', { intent: 'clear-all' }, '/cart')
		expect(await activeCartLines(sandbox)).toEqual([])
	})

	test('quick-order add, copy to cart, reorder and custom-list edits @api', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		// The Add form shows once the lines are checked; its key is the page's, as on any page.
		await sendThrice(page.request, '/quick-order', { intent: 'add', lines: 'HNAI001 3' }, NAILS)
		expect(await activeCartLines(sandbox)).toMatchObject([{ productID: 'HNAI001', prodQty: 3 }])
		await sendThrice(page.request, '/cart?dialog=clear', { intent: 'clear-all' }, '/cart')

		const order = await transaction(sandbox, ORDER.split('/')[2]!)
		await sendThrice(page.request, ORDER, { intent: 'copy-to-cart' })
		const copied = order.lines.filter((l) => !l.productCode.startsWith('DEL-'))
		const quantities = (lines: Array<{ productID: string; prodQty: number }>) =>
			lines.map((l) => `${l.productID} ${l.prodQty}`).sort()
		expect(quantities(await activeCartLines(sandbox))).toEqual(
			copied.map((l) => `${l.productCode} ${l.quantity}`).sort(),
		)
		await sendThrice(page.request, '/cart?dialog=clear', { intent: 'clear-all' }, '/cart')

		const first = copied[0]!
		await sendThrice(page.request, ORDER, {
			intent: 'reorder',
			'lines[0].lineNum': '1',
			'lines[0].selected': 'on',
			'lines[0].quantity': '2',
		})
		expect(quantities(await activeCartLines(sandbox))).toEqual([`${first.productCode} 2`])
		// Line 5's metres make up no stock length: its tally is offered, then sent.
		await sendThrice(page.request, ORDER, {
			intent: 'reorder',
			'lines[0].lineNum': '5',
			'lines[0].selected': 'on',
			'lines[0].quantity': '1',
		})
		await sendThrice(page.request, ORDER, {
			intent: 'reorder-tally',
			lineNum: '5',
			'lines[0].length': '6',
			'lines[0].qty': '2',
		})
		const roof = (await activeCartLines(sandbox)).filter((l) => l.productID === 'RKLP008')
		expect(roof.map((l) => l.tally)).toEqual([[{ length: 6, qty: 2 }]])
		await sendThrice(page.request, ORDER, { intent: 'reorder-dismiss', lineNum: '5' })
		await sendThrice(page.request, '/cart?dialog=clear', { intent: 'clear-all' }, '/cart')

		const list = (await sandbox.carts('demo')).find((c) => c.name === 'Weekly site top-up')!
		const here = `/custom-lists/${list.cartSessionId}`
		await sendThrice(page.request, here, { intent: 'copy-to-cart' })
		expect(quantities(await activeCartLines(sandbox))).toEqual(quantities(list.lines))
		const html = await (await page.request.get(here)).text()
		const listLine = /name="lineID" value="([^"]+)"/.exec(html)?.[1]
		const removed = list.lines[0]!.productID
		await sendThrice(page.request, here, {
			intent: 'remove-line',
			lineID: listLine!,
			productID: removed,
		})
		const kept = (await sandbox.carts('demo')).find((c) => c.cartSessionId === list.cartSessionId)
		expect(kept?.lines).toHaveLength(list.lines.length - 1)
		await sendThrice(page.request, `${here}?dialog=delete`, { intent: 'delete-list' }, here)
		const lists = await sandbox.carts('demo')
		expect(lists.some((c) => c.cartSessionId === list.cartSessionId)).toBe(false)
	})

	test('every email send, comments, request change and accept quote @api', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		const older = statementDates(new Date())[2]!
		const sends: Array<[string, Form, string?]> = [
			['/support', { subject: 'Delivery window', message: 'Before 7am please.' }],
			['/contact-a-representative', { subject: 'Rep visit', message: 'Next week?' }],
			[`${INVOICE}?dialog=email`, { intent: 'email', emailAddress: 'a@example.com' }, INVOICE],
			[
				`${EMAIL_ORDER}?dialog=request-change`,
				{ intent: 'request-change', emailAddress: 'a@example.com', message: 'Thursday' },
				EMAIL_ORDER,
			],
			[
				'/invoices?dialog=email',
				{ intent: 'email-invoices', emailAddress: 'a@example.com', sel: ['609593-0', '609013-1'] },
				NAILS,
			],
			[`/statements/${older}?dialog=email`, { intent: 'email', emailAddress: 'a@example.com' }],
		]
		for (const [index, [path, form, from]] of sends.entries()) {
			await sendThrice(page.request, path, form, from)
			expect(await sandbox.outbox(), path).toHaveLength(index + 1)
		}

		await sendThrice(
			page.request,
			`${INVOICE}?dialog=comment`,
			{ intent: 'comment', userComment: 'Left at gate 2' },
			INVOICE,
		)
		expect((await transaction(sandbox, '609593-0')).comment_tportal).toBe('Left at gate 2')

		const quote = (await sandbox.transactions('demo')).find(
			(t) => t.transactionType === 'Quote' && !t.accepted_at,
		)!
		const here = `/quotes/${quote.transactionNumber}-${quote.transactionSuffix}`
		const outbox = (await sandbox.outbox()).length
		await sendThrice(
			page.request,
			`${here}?dialog=accept`,
			{ intent: 'accept', deliveryDate: '2026-12-24', comment: 'Go ahead' },
			here,
		)
		const accepted = await transaction(
			sandbox,
			`${quote.transactionNumber}-${quote.transactionSuffix}`,
		)
		expect(accepted.accepted_at).toBeTruthy()
		expect((await sandbox.outbox()).length - outbox).toBeLessThanOrEqual(1)
	})

	test('sub-users, price-book requests and pay account @api', async ({ page, login, sandbox }) => {
		await login()
		const user = {
			intent: 'save',
			tpauserID: 'jsite',
			roleID: 'sales',
			firstName: 'Jo',
			lastName: 'Site',
			emailAddress: 'jo@example.com',
			tpaUserPassword: 'Timber-2026',
			confirmPassword: 'Timber-2026',
		}
		await sendThrice(page.request, '/admin/account/new', user)
		const added = (await sandbox.users('demo')).filter((u) => u.username === 'jsite')
		expect(added).toHaveLength(1)
		const account = `/admin/account/${added[0]!.id_user}`
		await sendThrice(page.request, account, {
			...user,
			lastName: 'Sitework',
			tpaUserPassword: '',
			confirmPassword: '',
		})
		expect((await sandbox.user('jsite'))?.name_last).toBe('Sitework')
		await sendThrice(page.request, `${account}?dialog=delete`, { intent: 'delete-user' }, account)
		expect((await sandbox.users('demo')).some((u) => u.username === 'jsite')).toBe(false)

		const before = await sandbox.pricebook('demo')
		await sendThrice(page.request, '/pricebook', { intent: 'request-new' })
		await sendThrice(page.request, '/pricebook', {
			intent: 'resend',
			historyID: [String(before.history[0]!.historyID)],
		})
		await sendThrice(
			page.request,
			'/pricebook?dialog=request-changes',
			{
				intent: 'request-changes',
				type: 'F',
				deliveryFormat: '2',
				frequency: 'M',
				recipient: 'pricing@example.com',
			},
			'/pricebook',
		)
		const after = await sandbox.pricebook('demo')
		expect(after.history.length - before.history.length).toBe(1)
		expect(await sandbox.outbox()).toHaveLength(3)

		const paid = await sendThrice(page.request, '/pay-account', {
			reference: '10001-0-0',
			amount: '125.50',
		})
		const { payments } = await sandbox.payments('demo')
		expect(payments).toHaveLength(1)
		expect(payments[0]).toMatchObject({ amount: 125.5, status: 'pending' })
		expect(paid.headers()['location']).toContain(payments[0]!.session_id)
	})

	test('registration and the trade-account request @api', async ({ page, sandbox }) => {
		const statement = (await sandbox.statements('demo'))[0]!
		await sendThrice(page.request, '/register', {
			customerID: '10001',
			statementDate: statement.date,
			statementReference: statement.reference,
			userName: 'kwalsh',
			nameFirst: 'Kim',
			nameLast: 'Walsh',
			emailAddress: 'kim@example.com',
			password: 'Timber-2026',
			confirmPassword: 'Timber-2026',
		})
		expect(await sandbox.user('kwalsh')).not.toBeNull()
		const sent = (await sandbox.outbox()).length
		await sendThrice(page.request, '/register/ask', {
			businessName: 'Walsh Carpentry',
			contactName: 'Kim Walsh',
			emailAddress: 'kim@example.com',
		})
		expect(await sandbox.outbox()).toHaveLength(sent + 1)
	})
})

test.describe('in the browser', () => {
	test('an add whose answer was lost, sent again, adds once; adding again after it adds again', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		// The connection drops after the server acted: the browser never gets the answer and sends
		// the same post again (the browser's own double click sends one: its button waits).
		let sent = 0
		await page.route(`**${NAILS}*`, async (route) => {
			if (route.request().method() !== 'POST') return route.fallback()
			sent++
			if (sent === 1) await route.fetch({ maxRedirects: 0 })
			await route.fulfill({ response: await route.fetch({ maxRedirects: 0 }) })
		})
		await page.goto(NAILS)
		if (enhanced) await hydrated(page)
		await nails(page).getByRole('spinbutton', { name: 'Quantity' }).fill('3')
		await nails(page).getByRole('button', { name: 'Add to cart' }).click()
		await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
		expect(await activeCartLines(sandbox)).toMatchObject([{ productID: 'HNAI001', prodQty: 3 }])
		if (enhanced) await expect(page.getByRole('link', { name: /^Cart: 1 line/ })).toBeVisible()
		await nails(page).getByRole('spinbutton', { name: 'Quantity' }).fill('2')
		await nails(page).getByRole('button', { name: 'Add to cart' }).click()
		// Added to the same line: 3 once, then 2.
		await expect
			.poll(async () => (await activeCartLines(sandbox)).map((l) => l.prodQty))
			.toEqual([5])
		expect(sent).toBe(2)
	})
})

test('without JS, submit, go Back and submit again adds once and shows the same page @nojs-only', async ({
	playwright,
	portal,
	sandbox,
}) => {
	// Playwright turns the back-forward cache off in the browsers it starts; a customer's has it.
	const browser = await playwright.chromium.launch({
		executablePath: CHROMIUM_PATH,
		args: CHROMIUM_FLAGS,
		ignoreDefaultArgs: ['--disable-back-forward-cache'],
	})
	try {
		const context = await browser.newContext({ javaScriptEnabled: false, baseURL: portal.url })
		const page = await context.newPage()
		await signIn(page.request)
		await page.goto(NAILS)
		await nails(page).getByRole('spinbutton', { name: 'Quantity' }).fill('3')
		await nails(page).getByRole('button', { name: 'Add to cart' }).click()
		await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
		const outcome = page.url()
		// The page comes back as it was, from the cache (no load event): the form still says 3.
		await page.goBack({ waitUntil: 'commit' })
		await expect(nails(page).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3')
		await nails(page).getByRole('button', { name: 'Add to cart' }).click()
		await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
		expect(page.url()).toBe(outcome)
		expect(await activeCartLines(sandbox)).toMatchObject([{ productID: 'HNAI001', prodQty: 3 }])
	} finally {
		await browser.close()
	}
})
