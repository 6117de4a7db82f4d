import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import {
	addJobThroughForm,
	addToCart,
	expect,
	fillCheckout,
	LONG_JOB,
	test,
	type SandboxControl,
} from './fixtures.ts'

/** Every signed-in page, dialogs included. `:order`, `:quote`, `:invoice`, `:list` and `:user` are
 * taken from the sandbox, so they always exist. */
const SIGNED_IN_PAGES = [
	'/',
	'/products',
	'/products/TIM',
	'/products/TIM/FRM',
	'/products/TIM/FRM?view=grid',
	'/products/TIM/FRM/MGP10',
	'/products/HWR/FAS/NAI?product=HNAI001',
	'/products/TIM/FRM/H2F?product=TH2F004&dialog=tally',
	'/search?value=nails',
	'/cart',
	'/cart?dialog=clear',
	'/cart?dialog=save-list',
	'/quick-order',
	'/checkout',
	'/checkout/complete?type=Order&number=:orderNumber',
	'/orders',
	'/orders/:order',
	'/orders/:order?dialog=email',
	'/quotes/:quote',
	'/quotes/:quote?dialog=accept',
	'/invoices/:invoice',
	'/invoices/:invoice?dialog=comment',
	'/orders/:order?dialog=request-change',
	'/invoices',
	'/statements',
	'/statements/2026-09-30',
	'/statements/2026-09-30?dialog=email',
	'/custom-lists',
	'/custom-lists/:list',
	'/custom-lists/:list?dialog=delete',
	'/admin',
	'/admin/account/new',
	'/admin/account/:user',
	'/admin/account/:user?dialog=delete',
	'/approvals',
	'/orders?type=approval',
	'/jobs',
	'/jobs/new',
	'/downloads',
	'/pricebook',
	'/pricebook?dialog=request-changes',
	'/pay-account',
	'/payment-cancelled',
	'/payment-fail',
	'/support',
	'/contact-a-representative',
	'/stores',
	'/stores?map=1',
	'/stores?near=Penrith&map=3',
	'/stores?near=Atlantis',
	'/links',
	'/request-error?msg=Transaction%20not%20found',
	'/playground',
	'/no-such-page',
]

/** The page's address with the sandbox's own references in place of the placeholders. */
async function address(sandbox: SandboxControl, path: string) {
	if (!path.includes(':')) return path
	const all = await sandbox.transactions('demo')
	const ref = (type: string) => {
		const t = all.find((x) => x.transactionType === type)!
		return `${t.transactionNumber}-${t.transactionSuffix}`
	}
	const list = (await sandbox.carts('demo')).find((c) => c.sessionType === 'Custom')!
	const user = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
	return path
		.replace(':orderNumber', ref('Order').split('-')[0]!)
		.replace(':order', ref('Order'))
		.replace(':quote', ref('Quote'))
		.replace(':invoice', ref('Invoice'))
		.replace(':list', list.cartSessionId)
		.replace(':user', String(user.id_user))
}

type ErrorForm = {
	path: string
	button: string
	fill?: { label: string; value: string }
	signedOut?: boolean
}

const badEmail = { label: 'Email address', value: 'not-an-email' }

/**
 * Forms submitted empty or with a bad value, so their errors show (axe checks them then); the
 * sign-in and registration forms signed out.
 */
const FORMS_WITH_ERRORS: ErrorForm[] = [
	{ path: '/login', button: 'Sign in', signedOut: true },
	{ path: '/register', button: 'Register', signedOut: true },
	{ path: '/checkout', button: 'Confirm Order' },
	{ path: '/admin/account/new', button: 'Add Account' },
	{ path: '/jobs/new', button: 'Add Job' },
	{ path: '/pay-account', button: 'Proceed to Payment', fill: { label: 'Amount', value: '1.234' } },
	{ path: '/support', button: 'Submit' },
	{ path: '/quick-order', button: 'Check lines' },
	{ path: '/cart?dialog=save-list', button: 'Save' },
	{ path: '/playground', button: 'Submit' },
	{ path: '/products/TIM/FRM/H2F?product=TH2F004&dialog=tally', button: 'Add to Cart' },
	{ path: '/orders/:order?dialog=email', button: 'Send', fill: badEmail },
	{ path: '/quotes/:quote?dialog=accept', button: 'Accept' },
	{ path: '/orders/:order?dialog=request-change', button: 'Send', fill: badEmail },
	{ path: '/statements/2026-09-30?dialog=email', button: 'Send', fill: badEmail },
]

/** The document is no wider than the window: nothing scrolls sideways. */
function overflow(page: Page) {
	return page.evaluate(() => {
		const { scrollWidth } = document.documentElement
		return scrollWidth > window.innerWidth ? `${scrollWidth} px wide` : null
	})
}

/**
 * The visible entries (links, summaries, buttons) of the main navigation whose text has less than
 * 4.5:1 contrast with the first opaque background behind it. Plain DOM, so it also runs without JS.
 */
function menuContrast(page: Page) {
	return page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => {
		const rgba = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number)
		const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
			const channel = (v: number) =>
				(v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
			return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
		}
		const background = (element: Element | null) => {
			for (let e = element; e; e = e.parentElement) {
				const colour = rgba(getComputedStyle(e).backgroundColor)
				if (colour[3] !== 0) return colour
			}
			return [255, 255, 255]
		}
		const entries = [...nav.querySelectorAll('a, summary, button')].filter((e) =>
			e.checkVisibility(),
		)
		const low = entries.flatMap((e) => {
			const [a, b] = [luminance(rgba(getComputedStyle(e).color)), luminance(background(e))]
			const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
			return ratio < 4.5 ? [`'${e.textContent?.trim()}' ${ratio.toFixed(2)}:1`] : []
		})
		return { checked: entries.length, low }
	})
}

async function axe(page: Page, include?: string) {
	// Legacy mode and violations only: the same rules, in about half the time. Tap targets of at
	// least 24 × 24 px, or that far apart (WCAG 2.2 AA 2.5.8; axe leaves it off by default).
	const builder = new AxeBuilder({ page })
		.setLegacyMode()
		.options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
	const { violations } = await (include ? builder.include(include) : builder).analyze()
	return violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1366, height: 900 }

/** Signed in as demo with a line in the cart, so the cart and checkout pages have content. */
async function signIn(page: Page, login: () => Promise<void>) {
	await login()
	await addToCart(page, 'HNAI001', 2)
}

test.use({ reducedMotion: 'reduce' })

/**
 * The page at `url` loaded on a phone, then the same window widened to a laptop's: what scrolls
 * sideways at either width, and with JS what axe finds at the phone's. One load serves both
 * widths: the server renders the same HTML for both, and the layout is CSS alone (no script reads
 * the window's size), so widening the window lays out what a load at that width would.
 */
async function fits(page: Page, url: string, enhanced: boolean, then?: () => Promise<void>) {
	const problems: string[] = []
	await page.setViewportSize(PHONE)
	await page.goto(url)
	await then?.()
	for (const viewport of [PHONE, LAPTOP]) {
		await page.setViewportSize(viewport)
		const wide = await overflow(page)
		if (wide) problems.push(`${url} at ${viewport.width} px: ${wide}`)
		if (enhanced && viewport === PHONE)
			for (const v of await axe(page)) problems.push(`${url} axe: ${v}`)
	}
	return problems
}

/**
 * Every signed-in page, one test each, at a phone's and a laptop's size, with and without JS:
 * nothing scrolls sideways. With JS at phone size axe also checks the page; axe needs JS in the
 * page, and the server renders the same HTML for both.
 */
test.describe('fits a phone and a laptop', () => {
	for (const path of SIGNED_IN_PAGES) {
		test(path, async ({ page, login, sandbox, enhanced }) => {
			await signIn(page, login)
			expect(await fits(page, await address(sandbox, path), enhanced)).toEqual([])
		})
	}
})

/**
 * The pages of an order over a limit (decision 059), with a request to show: the checkout that
 * sends it for approval, the requester's Orders tab, and the administrator's Approvals page with
 * a price changed since and the decline reason's error.
 */
test('an order sent for approval: checkout, Orders and Approvals fit, and pass axe', async ({
	page,
	login,
	sandbox,
	enhanced,
}) => {
	const problems: string[] = []
	const check = async (url: string, then?: () => Promise<void>) =>
		problems.push(...(await fits(page, url, enhanced, then)))
	await login('tbaker')
	await addToCart(page, 'HNAI001', 40)
	await check('/checkout')
	await page.setViewportSize(PHONE)
	await page.goto('/checkout')
	await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
	await page.getByRole('button', { name: 'Send for approval' }).click()
	await expect(page).toHaveURL('/orders?type=approval')
	await check('/orders?type=approval')
	await sandbox.price('HNAI001', 250)
	await login('demo')
	await check('/approvals')
	await check('/approvals', async () => {
		await page.getByRole('button', { name: 'Decline' }).click()
		await expect(page.getByText('Give a reason')).toBeVisible()
	})
	expect(problems).toEqual([])
})

/**
 * Jobs (decision 067): none yet, with the jobs the history names offered; then with jobs listed: the
 * list, a job's edit page open and closed, and Orders and Invoices with their job filter, chosen
 * and not.
 */
test('jobs: the offer from history, the list, the edit page, the job filter and the checkout’s Job choice fit, and pass axe', async ({
	page,
	login,
	enhanced,
}) => {
	const problems: string[] = []
	const check = async (url: string, then?: () => Promise<void>) =>
		problems.push(...(await fits(page, url, enhanced, then)))
	await login()
	// No jobs yet: the jobs the history names are offered (with JS they stream in).
	problems.push(
		...(await fits(page, '/jobs', enhanced, () =>
			expect(page.getByRole('button', { name: 'Add Selected Jobs' })).toBeVisible(),
		)),
	)
	const id = await addJobThroughForm(page.request, LONG_JOB)
	await addJobThroughForm(page.request, {
		...LONG_JOB,
		name: 'Lot 212 duplex',
		number: '',
		budget: '',
	})
	await check('/jobs')
	await check(`/jobs/${id}`)
	await check(`/jobs/${id}/edit`)
	await check('/orders')
	await check(`/orders?job=${id}`)
	await check(`/invoices?job=${id}`)
	// Checkout with the Job choice: a long job used, and the required-job rule refusing none.
	await addToCart(page, 'HNAI001', 2)
	await check('/checkout', async () => {
		await fillCheckout(page, enhanced, { despatch: 'DEL', vehicle: 'Tray Truck' })
		await page
			.getByLabel('Job', { exact: true })
			.selectOption({ label: `${LONG_JOB.name} (${LONG_JOB.number})` })
		await page.getByRole('button', { name: 'Use job' }).click()
		await expect(page.getByLabel('Reference')).toHaveValue(LONG_JOB.number)
	})
	await page.goto('/jobs')
	await page.getByRole('checkbox', { name: 'A job is required on every order and quote' }).check()
	await page.getByRole('button', { name: 'Save Settings' }).click()
	await expect(page.getByRole('status').getByText('Job settings saved')).toBeVisible()
	await check('/checkout', async () => {
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Parramatta' })
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByLabel('Job', { exact: true })).toHaveAccessibleDescription(
			/Choose a job for this order\./,
		)
		await page.evaluate(() => window.scrollTo(0, 0))
	})
	await page.request.post(`/jobs/${id}/edit`, { form: { intent: 'close-job' } })
	await check(`/jobs/${id}/edit`)
	expect(problems).toEqual([])
})

/**
 * States the builder's-day walk asked for (issue 42), each reached as a customer would: Copy to
 * Cart's notice with the lengths it chose and the totals, a past required date refused, a
 * quick-order check's total, Pay Account's note on an amount above the balance, a product card
 * after adding without JS, 'Cart updated', the admin form refused with passwords kept.
 */
test('states of a builder’s day fit a phone and a laptop, and pass axe', async ({
	page,
	login,
	enhanced,
}) => {
	const problems: string[] = []
	const check = async (url: string, then?: () => Promise<void>) =>
		problems.push(...(await fits(page, url, enhanced, then)))
	await signIn(page, login)
	await check('/orders/609602-0', async () => {
		await page.getByRole('button', { name: 'Copy to Cart' }).click()
		await expect(page.getByText(/The copied lines come to/)).toBeVisible()
	})
	await check('/checkout', async () => {
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Parramatta' })
		await page.getByLabel(/^Required date/).fill('2025-01-15')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByLabel(/^Required date/)).toHaveAccessibleDescription(
			'The required date cannot be in the past',
		)
		// Back at the top: scrolled to the refused date, the sticky masthead covers part of the
		// field above it, which axe's target-size rule counts against whatever is under it.
		await page.evaluate(() => window.scrollTo(0, 0))
	})
	await check('/quick-order', async () => {
		await page.getByLabel('Lines').fill('HNAI001 3')
		await page.getByRole('button', { name: 'Check lines' }).click()
		await expect(page.getByText(/ex GST$/)).toBeVisible()
	})
	await check('/pay-account', async () => {
		await page.getByLabel('Amount').fill('999999')
		if (!enhanced) await page.getByRole('button', { name: 'Proceed to Payment' }).click()
		await expect(page.getByText(/is more than your balance/)).toBeVisible()
	})
	await check('/products/HWR/FAS/NAI', async () => {
		if (enhanced) return
		await page.getByRole('button', { name: 'Add to cart' }).nth(4).click()
		await expect(page.locator('.flash-here')).toBeVisible()
	})
	await check('/cart', async () => {
		await page.getByRole('button', { name: 'Update cart' }).click()
		await expect(page.getByText('Cart updated')).toBeVisible()
	})
	await check('/admin/account/new', async () => {
		await page.getByLabel('Username').fill('tbaker')
		await page.getByLabel('Email address').fill('tim@')
		await page.getByLabel('Password', { exact: true }).fill('Sup3r-secret')
		await page.getByLabel('Confirm password').fill('Sup3r-secret')
		await page.getByRole('button', { name: 'Add Account' }).click()
		await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
			'Invalid email address',
		)
	})
	expect(problems).toEqual([])
})

/**
 * Offline (the service worker, JS only): the offline page it writes and a saved copy with its note,
 * at both sizes, with axe.
 */
test('offline: the offline page and a saved copy fit and pass axe @js-only', async ({
	page,
	context,
	login,
	sandbox,
	enhanced,
}) => {
	const order = await address(sandbox, '/orders/:order')
	await login()
	await page.goto('/')
	await page.waitForFunction(() => navigator.serviceWorker?.controller !== null)
	await page.goto(order)
	await page.waitForFunction(() => document.documentElement.dataset.hydrated)
	await context.setOffline(true)
	try {
		const problems: string[] = []
		for (const url of [order, '/stores']) {
			await page.setViewportSize(PHONE)
			await page.goto(url).catch(() => {})
			for (const viewport of [PHONE, LAPTOP]) {
				await page.setViewportSize(viewport)
				const wide = await overflow(page)
				if (wide) problems.push(`${url} offline at ${viewport.width} px: ${wide}`)
				if (enhanced && viewport === PHONE)
					for (const v of await axe(page)) problems.push(`${url} offline axe: ${v}`)
			}
		}
		expect(problems).toEqual([])
	} finally {
		await context.setOffline(false)
	}
})

/** The menu's entries are readable: the phone's drawer, the laptop's mega-menu. */
for (const viewport of [PHONE, LAPTOP]) {
	test.describe(`at ${viewport.width}×${viewport.height}`, () => {
		test.use({ viewport })

		test('the menu is readable', async ({ page, login, enhanced }) => {
			const phone = viewport.width < 1250
			await signIn(page, login)
			await page.goto('/')
			if (phone) await page.locator('#site-menu').click()
			await page.locator('.products-menu > summary').click()
			if (phone) await page.locator('.drill > summary').first().click()
			const menu = await menuContrast(page)
			expect(menu.checked, 'menu entries checked').toBeGreaterThan(20)
			const problems = menu.low.map((low) => `menu: ${low}`)
			if (enhanced && phone) for (const v of await axe(page, 'nav')) problems.push(`menu: ${v}`)
			expect(problems).toEqual([])
		})
	})
}

/** The forms with their errors showing, on a phone, through axe (which needs JS in the page). */
test.describe('with errors showing on a phone', () => {
	test.use({ viewport: PHONE })

	for (const form of FORMS_WITH_ERRORS) {
		test(`${form.path} @js-only`, async ({ page, login, sandbox }) => {
			if (!form.signedOut) await signIn(page, login)
			await page.goto(await address(sandbox, form.path))
			// The server's own messages: the browser's checks would stop the submission.
			await page.evaluate(() =>
				document.querySelectorAll('form').forEach((f) => (f.noValidate = true)),
			)
			if (form.fill) await page.getByLabel(form.fill.label).fill(form.fill.value)
			const button = page.getByRole('button', { name: form.button, exact: true }).first()
			// A button that dims while the form is invalid has its messages showing already.
			if (await button.isEnabled()) await button.click()
			await expect(page.locator('.error-list, .field-error').first()).toBeVisible()
			expect(await axe(page)).toEqual([])
		})
	}
})
