import { type APIRequestContext, type Page } from '@playwright/test'
import { addToCart, expect, type SandboxControl } from './fixtures.ts'

/**
 * The races the order rules must hold in (issue 41, docs/decisions/060), as posts a browser would
 * send, for the browser tests (one instance) and the cluster suite (two instances behind nginx,
 * so the two posts of a race may reach different instances). Each returns what went wrong, trial
 * by trial: an empty list is the rules holding.
 */

export const NAILS = '/products/HWR/FAS/NAI'
/** A date a week ahead, as the date picker sends it. */
export const REQUIRED = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)

/** The checkout page's attempt and the total its Order Summary shows, in cents. */
export async function checkoutPage(request: APIRequestContext) {
	const html = await (await request.get('/checkout')).text()
	const attempt = /name="attempt" value="([^"]+)"/.exec(html)?.[1]
	const shownTotal = /name="shownTotal" value="(\d+)"/.exec(html)?.[1]
	expect(attempt, 'the checkout page has its attempt').toBeTruthy()
	return { attempt: attempt!, shownTotal: shownTotal ? Number(shownTotal) : undefined }
}

/** A pickup at Alexandria, as the checkout form posts it. */
export function pickup(
	form: { attempt: string; shownTotal?: number },
	pressed: 'Order' | 'Approval' | 'Quote' = 'Order',
) {
	return {
		attempt: form.attempt,
		...(form.shownTotal === undefined ? {} : { shownTotal: String(form.shownTotal) }),
		transactionType: pressed,
		'shipping.despatchType': 'PICKUP',
		'shipping.deliveryTo': 'Site office',
		'delivery.branch': '1',
		'delivery.contactName': 'Tom Baker',
		'delivery.contactPhone': '0412 000 111',
		'delivery.requiredDate': REQUIRED,
		'delivery.requiredTime': '7:30',
	}
}

export const post = (request: APIRequestContext, path: string, form: Record<string, string>) =>
	request.post(path, { form, maxRedirects: 0 })

/** The checkout's 'Send for approval' of the cart as it stands, picked up: answered 302 when sent. */
export async function sendCartForApproval(request: APIRequestContext) {
	const sent = await post(request, '/checkout', pickup(await checkoutPage(request), 'Approval'))
	expect(sent.status(), 'sent for approval').toBe(302)
}

/** The open carts' lines of the user's customer, as [product, quantity]. */
export async function openCart(sandbox: SandboxControl, username: string) {
	const carts = await sandbox.carts(username, { open: true })
	return carts
		.filter((c) => c.sessionType === 'Cart')
		.flatMap((c) => c.lines.map((l) => [l.productID, l.prodQty]))
}

export const cents = (dollars: number) => Math.round(dollars * 100)

/** Records what went wrong in a trial. */
function failures() {
	const broken: string[] = []
	return {
		broken,
		check: (trial: number, ok: boolean, what: string) => {
			if (!ok) broken.push(`trial ${trial}: ${what}`)
		},
	}
}

/**
 * Confirm Order of a 20-box cart while another tab adds 40 boxes, `trials` times: at the same
 * moment, or one of them 40 ms ahead, and every other trial with the ERP taking 250 ms to place
 * the order (the add lands while it does). Placed: at the total shown, the 20 boxes only, the 40
 * waiting in a new cart. Refused (409): nothing placed, the 60 boxes in the cart (an add of a
 * product already in the cart adds to its line). The page signed in
 * as `username` (whose customer has no other open cart).
 */
export async function lineAddedDuringConfirm(
	page: Page,
	sandbox: SandboxControl,
	username: string,
	trials: number,
) {
	const { broken, check } = failures()
	const tally = { placed: 0, refused: 0 }
	await addToCart(page, 'HNAI001', 20)
	// The total the checkout shows for the cart each trial starts from.
	const { shownTotal } = await checkoutPage(page.request)
	let after = (await sandbox.transactions(username))[0]!.transactionNumber
	const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
	for (let trial = 0; trial < trials; trial++) {
		if (trial) await addToCart(page, 'HNAI001', 20)
		await sandbox.faults({ slow: trial % 2 ? [{ fn: 'createOrder', ms: 250 }] : [] })
		const [checkoutAfter, addAfter] = (
			[
				[0, 40],
				[0, 0],
				[40, 0],
			] as const
		)[trial % 3]!
		const [confirm, add] = await Promise.all([
			later(checkoutAfter).then(() =>
				// A new checkout attempt each trial.
				post(
					page.request,
					'/checkout',
					pickup({ attempt: `race-attempt-${trial}-${after}`, shownTotal }),
				),
			),
			later(addAfter).then(() =>
				post(page.request, NAILS, {
					intent: 'add-to-cart',
					productID: 'HNAI001',
					uom: 'BOX',
					quantity: '40',
					redirectTo: NAILS,
				}),
			),
		])
		const placed = await sandbox.transactions(username, { after })
		const cart = await openCart(sandbox, username)
		const holds = (lines: number[]) =>
			JSON.stringify(cart) === JSON.stringify(lines.map((n) => ['HNAI001', n]))
		if (placed.length) {
			tally.placed++
			const order = placed[0]!
			after = order.transactionNumber
			// The total placed is the total shown, and only the lines shown were ordered.
			check(
				trial,
				cents(order.transactionAmount) === shownTotal,
				`placed ${order.transactionAmount}, shown ${shownTotal! / 100}`,
			)
			check(
				trial,
				order.lines.every((l) => l.quantity === 20),
				'the added line was ordered',
			)
			check(trial, confirm.status() === 302, `placed, but answered ${confirm.status()}`)
			// The other tab's line is never lost: it waits in the new cart.
			check(trial, add.status() === 302, `the add answered ${add.status()}`)
			check(trial, holds([40]), `the cart holds ${JSON.stringify(cart)}`)
		} else {
			tally.refused++
			check(trial, confirm.status() === 409, `nothing placed, answered ${confirm.status()}`)
			check(trial, add.status() === 302, `the add answered ${add.status()}`)
			check(trial, holds([60]), `the cart holds ${JSON.stringify(cart)}`)
		}
		if (cart.length)
			expect((await post(page.request, '/cart', { intent: 'clear-all' })).status()).toBe(302)
	}
	await sandbox.faults({})
	return { broken, ...tally }
}

/**
 * A request of `requester` for 40 boxes, approved by `admin` and withdrawn by the requester at
 * the same moment, `trials` times. Exactly one of them settles it, and what was stored and
 * emailed is what happened: approved, one order and one 'approved' email, the cart empty;
 * withdrawn, no order, no such email, the lines back in the cart.
 */
export async function approveAgainstWithdraw(
	requester: APIRequestContext,
	admin: APIRequestContext,
	sandbox: SandboxControl,
	username: string,
	trials: number,
) {
	const { broken, check } = failures()
	for (let trial = 0; trial < trials; trial++) {
		const added = await post(requester, NAILS, {
			intent: 'add-to-cart',
			productID: 'HNAI001',
			uom: 'BOX',
			quantity: '40',
			redirectTo: NAILS,
		})
		expect(added.status()).toBe(302)
		await sendCartForApproval(requester)
		const approvals = await (await admin.get('/approvals')).text()
		const id = /name="id" value="([^"]+)"/.exec(approvals)![1]!
		const seen = /name="seen" value="(\d+)"/.exec(approvals)![1]!
		const before = (await sandbox.transactions(username))[0]!.transactionNumber
		const mailBefore = (await sandbox.outbox()).length
		const [approve, withdraw] = await Promise.all([
			post(admin, '/approvals', { intent: 'approve', id, seen }),
			post(requester, '/approvals', { intent: 'withdraw', id }),
		])
		const placed = await sandbox.transactions(username, { after: before })
		const mail = (await sandbox.outbox()).slice(mailBefore).map((e) => e.subject)
		const approvedMail = mail.filter((s) => s.startsWith('Your order was approved'))
		const cart = await openCart(sandbox, username)
		const approvedNow = approve.status() === 302
		const withdrawnNow = withdraw.headers()['location'] === '/cart'
		check(trial, approvedNow !== withdrawnNow, `approved ${approvedNow}, withdrawn ${withdrawnNow}`)
		if (approvedNow) {
			check(trial, placed.length === 1, `${placed.length} orders placed`)
			check(trial, cart.length === 0, `the cart holds ${JSON.stringify(cart)}`)
			check(trial, approvedMail.length === 1, `${approvedMail.length} 'approved' emails`)
			check(
				trial,
				withdraw.headers()['location'] === '/orders?type=approval',
				`the withdrawal answered ${withdraw.status()} ${withdraw.headers()['location']}`,
			)
		} else {
			check(trial, placed.length === 0, `${placed.length} orders placed`)
			check(
				trial,
				JSON.stringify(cart) === JSON.stringify([['HNAI001', 40]]),
				`the cart holds ${JSON.stringify(cart)}`,
			)
			check(trial, approvedMail.length === 0, `${approvedMail.length} 'approved' emails`)
			check(trial, approve.status() === 409, `the approval answered ${approve.status()}`)
		}
		if (cart.length) await post(requester, '/cart', { intent: 'clear-all' })
	}
	return broken
}
