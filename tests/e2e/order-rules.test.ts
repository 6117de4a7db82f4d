import { type Browser } from '@playwright/test'
import {
	addToCart,
	expect,
	fillCheckout,
	signIn,
	someoneElse,
	test,
	type SandboxControl,
} from './fixtures.ts'
import {
	approveAgainstWithdraw,
	checkoutPage,
	lineAddedDuringConfirm,
	pickup,
	post,
	REQUIRED,
	sendCartForApproval,
} from './races.ts'

/**
 * The order rules hold between requests (issue 41, docs/decisions/060): the total shown is the
 * total placed, the order and monthly limits, approvals and the attempt keys, whatever a second
 * tab, a second session or a second administrator sends at the same moment. Each race is sent
 * at once, many times over; every outcome is checked against what the sandbox stored.
 */

/** As `demo`, sets a user's limits on their account page (money as typed there). */
async function setLimits(
	browser: Browser,
	baseURL: string,
	sandbox: SandboxControl,
	username: string,
	limits: { mayOrder?: 'yes' | 'quotes'; order?: string; monthly?: string },
) {
	const boss = await someoneElse(browser, baseURL, 'demo', false)
	try {
		const user = (await sandbox.users('demo')).find((u) => u.username === username)!
		await boss.page.goto(`/admin/account/${user.id_user}`)
		if (limits.mayOrder)
			await boss.page.getByLabel('May place orders').selectOption(limits.mayOrder)
		await boss.page.getByLabel('Order limit (inc. GST, $)').fill(limits.order ?? '')
		await boss.page.getByLabel('Monthly limit (inc. GST, $)').fill(limits.monthly ?? '')
		await boss.page.getByRole('button', { name: 'Save Changes' }).click()
		await expect(boss.page.getByText('User updated')).toBeVisible()
	} finally {
		await boss.close()
	}
}

test.describe('order rules between requests', () => {
	test('a line added from another tab while Confirm Order is in flight is never ordered: 60 trials @api', async ({
		page,
		login,
		sandbox,
	}) => {
		test.setTimeout(120_000)
		await login('tbaker')
		const race = await lineAddedDuringConfirm(page, sandbox, 'tbaker', 60)
		expect(race.broken).toEqual([])
		// Both outcomes happened: the race was run, not avoided.
		expect(race.placed).toBeGreaterThan(0)
		expect(race.refused).toBeGreaterThan(0)
	})

	test('two checkouts of one user at once, from two sessions, never pass the monthly limit: 10 trials @api', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
		portal,
	}) => {
		test.setTimeout(120_000)
		const { id_cust } = (await sandbox.user('tbaker'))!
		/** A new month's count: nothing spent yet, $2,000 a month. */
		const newMonth = async () => {
			await portal.resetApprovals()
			await portal.setLimits(id_cust, 'tbaker', {
				mayOrder: true,
				orderLimit: null,
				monthlyLimit: 200_000,
			})
		}
		await newMonth()
		await login('tbaker')
		const other = await someoneElse(browser, baseURL!, 'tbaker')
		try {
			await addToCart(page, 'HNAI001', 20)
			const { shownTotal } = await checkoutPage(page.request)
			let after = (await sandbox.transactions('tbaker'))[0]!.transactionNumber
			for (let trial = 0; trial < 10; trial++) {
				// Each session's cart is within the month's limit alone, not both together.
				if (trial) await addToCart(page, 'HNAI001', 20)
				await addToCart(other.page, 'HNAI001', 20)
				const answers = await Promise.all(
					[page.request, other.page.request].map((request, i) =>
						post(
							request,
							'/checkout',
							pickup({ attempt: `month-attempt-${trial}-${i}-${after}`, shownTotal }),
						),
					),
				)
				const statuses = answers.map((r) => r.status()).sort()
				expect(statuses, `trial ${trial}`).toEqual([302, 409])
				const placed = await sandbox.transactions('tbaker', { after })
				expect(placed, `trial ${trial}`).toHaveLength(1)
				after = placed[0]!.transactionNumber
				await newMonth()
				for (const request of [page.request, other.page.request])
					await post(request, '/cart', { intent: 'clear-all' })
			}
		} finally {
			await other.close()
		}
	})

	test('an order placed in one session counts at once in another session of the same user', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
		javaScriptEnabled,
		enhanced,
	}) => {
		await setLimits(browser, baseURL!, sandbox, 'tbaker', { monthly: '2000' })
		await login('tbaker')
		// The second session reads the month's orders first (its checkout page).
		const other = await someoneElse(browser, baseURL!, 'tbaker', javaScriptEnabled)
		try {
			await addToCart(other.page, 'HNAI001', 20)
			await other.page.goto('/checkout')
			await expect(other.page.getByRole('button', { name: 'Confirm Order' })).toBeVisible()
			// This session places an order within the limit.
			await addToCart(page, 'HNAI001', 20)
			const form = await checkoutPage(page.request)
			expect((await post(page.request, '/checkout', pickup(form))).status()).toBe(302)
			const before = await sandbox.transactions('tbaker')
			// The second session's Confirm Order would take the month past its limit.
			await fillCheckout(other.page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
			if (enhanced) {
				// The page still offers Confirm Order; the server refuses it and says why.
				await other.page.getByRole('button', { name: 'Confirm Order' }).click()
				const error = other.page.getByRole('dialog', { name: 'Error' })
				await expect(error).toContainText(
					'Nothing was sent: this order now needs an administrator’s approval',
				)
			}
			// The page shows the month as it is now (without JS, from the Update round trip).
			await expect(
				other.page.getByText(/needs an administrator’s approval: over your \$2,000 monthly limit/),
			).toBeVisible()
			await expect(other.page.getByRole('button', { name: 'Send for approval' })).toBeVisible()
			expect(await sandbox.transactions('tbaker')).toHaveLength(before.length)
		} finally {
			await other.close()
		}
	})

	test('a quote over the limit is not accepted by its maker: Accept sends it for approval, and the administrator’s approval accepts it', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
		javaScriptEnabled,
	}) => {
		await login('tbaker')
		// A $2,300 quote, past tbaker's $1,500 order limit.
		await addToCart(page, 'HNAI001', 40)
		const form = await checkoutPage(page.request)
		const quoted = await post(page.request, '/checkout', pickup(form, 'Quote'))
		expect(quoted.status()).toBe(302)
		const number = /number=(\d+)/.exec(quoted.headers()['location'] ?? '')![1]!
		const quoteAccepted = async () =>
			(await sandbox.transactions('tbaker')).find(
				(t) => t.transactionNumber === Number(number) && t.transactionType === 'Quote',
			)!.accepted_at
		await page.goto(`/quotes/${number}-0?dialog=accept`)
		await expect(
			page.getByText(
				/Accepting this quote needs an administrator’s approval: over your \$1,500 order limit\./,
			),
		).toBeVisible()
		await expect(page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0)
		// A tampered Accept without the approval is refused, and nothing is accepted.
		const tampered = await post(page.request, `/quotes/${number}-0?dialog=accept`, {
			intent: 'accept',
			deliveryDate: REQUIRED,
			comment: 'Go ahead',
		})
		expect(tampered.status()).toBe(409)
		expect(await quoteAccepted()).toBeNull()
		expect(
			(await sandbox.outbox()).filter((e) => e.subject.includes(`Quote ${number}-0 accepted`)),
		).toEqual([])
		await page.getByLabel(/^Delivery date/).fill(REQUIRED)
		await page.getByLabel(/^Comment/).fill('Go ahead')
		await page.getByRole('button', { name: 'Send for approval' }).click()
		await expect(page).toHaveURL('/orders?type=approval')
		await expect(
			page.getByText('Sent for approval: over your $1,500 order limit').first(),
		).toBeVisible()
		await expect(
			page.getByRole('list', { name: 'Orders sent for approval' }).getByRole('listitem').first(),
		).toContainText(`Quote ${number}-0 to accept`)
		expect(await quoteAccepted()).toBeNull()

		// The administrator sees it as a quote to accept, and approving accepts it.
		const boss = await someoneElse(browser, baseURL!, 'rwilliams', javaScriptEnabled)
		try {
			await boss.page.goto('/approvals')
			const request = boss.page.getByRole('article', { name: new RegExp(`^Quote ${number}-0`) })
			await expect(request).toContainText('Delivery date')
			await request.getByRole('button', { name: 'Approve' }).click()
			await expect(boss.page.getByText(`Approved: quote ${number} accepted`)).toBeVisible()
		} finally {
			await boss.close()
		}
		expect(await quoteAccepted()).not.toBeNull()
		const told = (await sandbox.outbox()).filter(
			(e) => e.to_address === 'tom.baker@harbourcityconstructions.com.au',
		)
		expect(told.map((e) => e.subject)).toEqual([
			`Your quote acceptance was approved: quote ${number}`,
		])
		expect(told[0]!.body).toContain(`/quotes/${number}-0`)
	})

	test('a quotes-only user cannot accept a quote either, whatever its total @api', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
	}) => {
		await setLimits(browser, baseURL!, sandbox, 'tbaker', { mayOrder: 'quotes' })
		await login('tbaker')
		await addToCart(page, 'HNAI001', 1)
		const form = await checkoutPage(page.request)
		const quoted = await post(page.request, '/checkout', pickup(form, 'Quote'))
		const number = /number=(\d+)/.exec(quoted.headers()['location'] ?? '')![1]!
		const accept = await post(page.request, `/quotes/${number}-0?dialog=accept`, {
			intent: 'accept',
			deliveryDate: REQUIRED,
			comment: 'Go ahead',
		})
		expect(accept.status()).toBe(409)
		const sent = await post(page.request, `/quotes/${number}-0?dialog=accept`, {
			intent: 'accept',
			deliveryDate: REQUIRED,
			comment: 'Go ahead',
			send: 'approval',
		})
		expect(sent.status()).toBe(302)
		expect(sent.headers()['location']).toBe('/orders?type=approval')
		const quote = (await sandbox.transactions('tbaker')).find(
			(t) => t.transactionNumber === Number(number),
		)!
		expect(quote.accepted_at).toBeNull()
	})

	test('attempt keys belong to their user and kind: a request id or another customer’s key is a new attempt @api', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
	}) => {
		await login('tbaker')
		// tbaker sends 40 boxes for approval; its request id is on his Orders tab.
		await addToCart(page, 'HNAI001', 40)
		await sendCartForApproval(page.request)
		const tab = await (await page.request.get('/orders?type=approval')).text()
		const requestId =
			/name="id" value="([^"]+)"/.exec(tab)?.[1] ?? /withdraw=([^"#&]+)/.exec(tab)?.[1]
		expect(requestId).toBeTruthy()
		// He then places a small order of his own with the request's id as the attempt key.
		await addToCart(page, 'HNAI001', 1)
		const own = await post(page.request, '/checkout', {
			...pickup(await checkoutPage(page.request)),
			attempt: requestId!,
		})
		expect(own.status()).toBe(302)
		const ownNumber = Number(/number=(\d+)/.exec(own.headers()['location'] ?? '')![1])

		// Another customer's user posting tbaker's key places their own order, never shows his.
		const stranger = await someoneElse(browser, baseURL!, 'onhold')
		try {
			await addToCart(stranger.page, 'HNAI001', 1)
			const theirs = await post(stranger.page.request, '/checkout', {
				...pickup(await checkoutPage(stranger.page.request)),
				attempt: requestId!,
			})
			expect(theirs.status()).toBe(302)
			expect(theirs.headers()['location']).not.toContain(`number=${ownNumber}`)
		} finally {
			await stranger.close()
		}

		// The administrator's approval places the request's own order.
		const boss = await someoneElse(browser, baseURL!, 'demo')
		try {
			await signIn(boss.page.request, 'demo')
			const page2 = await (await boss.page.request.get('/approvals')).text()
			const seen = /name="seen" value="(\d+)"/.exec(page2)![1]!
			const approved = await post(boss.page.request, '/approvals', {
				intent: 'approve',
				id: requestId!,
				seen,
			})
			expect(approved.status()).toBe(302)
		} finally {
			await boss.close()
		}
		const orders = (await sandbox.transactions('tbaker')).filter(
			(t) => t.transactionType === 'Order',
		)
		const approvedOrder = orders.find((t) => t.lines.some((l) => l.quantity === 40))
		expect(approvedOrder, 'the approved order was placed').toBeTruthy()
		expect(approvedOrder!.transactionNumber).not.toBe(ownNumber)
	})

	test('approve and withdraw at the same moment settle the request once: 12 trials @api', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
	}) => {
		test.setTimeout(120_000)
		await login('tbaker')
		const boss = await someoneElse(browser, baseURL!, 'rwilliams')
		try {
			expect(
				await approveAgainstWithdraw(page.request, boss.page.request, sandbox, 'tbaker', 12),
			).toEqual([])
		} finally {
			await boss.close()
		}
	})

	test('an administrator demoted just after signing in is refused on their first request @api', async ({
		page,
		sandbox,
		browser,
		baseURL,
	}) => {
		// rwilliams signs in (the sign-in reads their details, as an administrator).
		await signIn(page.request, 'rwilliams')
		// demo makes them a sales user at once.
		const boss = await someoneElse(browser, baseURL!, 'demo', false)
		try {
			const user = (await sandbox.users('demo')).find((u) => u.username === 'rwilliams')!
			await boss.page.goto(`/admin/account/${user.id_user}`)
			await boss.page.getByLabel('Role').selectOption({ label: 'Sales' })
			await boss.page.getByRole('button', { name: 'Save Changes' }).click()
			await expect(boss.page.getByText('User updated')).toBeVisible()
		} finally {
			await boss.close()
		}
		expect((await page.request.get('/approvals')).status()).toBe(403)
	})
})
