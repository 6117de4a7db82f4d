import {
	test as base,
	expect,
	type APIRequestContext,
	type Browser,
	type BrowserContext,
	type Page,
} from '@playwright/test'
import { startPortal, type PortalUnderTest } from '../utils/portal.ts'

export { expect }
export { startPortal, writeConfiguration } from '../utils/portal.ts'

type SettingsChange = {
	settings?: Record<string, string | null>
	widgets?: Array<{
		objectSet: 'homepage' | 'topbuttonbar' | 'Links' | 'bottomlinkbar'
		label: string
		enabled: boolean
		type?: string
		value?: string
	}>
	account?: Partial<{
		account_status: 'Active' | 'On Hold' | 'Suspended'
		current_balance: number
		balance_30_day: number
		balance_overdue: number
	}>
}

/** The sandbox presenter's control API. */
export function sandboxControl(request: APIRequestContext, url: string) {
	const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>) => {
		expect(response.status(), await response.text()).toBeLessThan(300)
		return response
	}
	return {
		reset: async () => void (await ok(await request.post(`${url}/__sandbox/reset`))),
		configure: async (customer: string | number, change: SettingsChange) =>
			void (await ok(
				await request.post(`${url}/__sandbox/settings`, { data: { customer, ...change } }),
			)),
		/** Sets a product's trade price (before the customer's discount). */
		price: async (productID: string, tradePrice: number) =>
			void (await ok(
				await request.post(`${url}/__sandbox/prices`, { data: { productID, tradePrice } }),
			)),
		faults: async (faults: Record<string, unknown>) =>
			void (await ok(await request.post(`${url}/__sandbox/faults`, { data: faults }))),
		sessions: async (username: string) => {
			const response = await ok(await request.get(`${url}/__sandbox/sessions?username=${username}`))
			return ((await response.json()) as { sessions: unknown[] }).sessions
		},
		/** The user's customer's carts (newest first; `open`: not yet ordered) with their lines. */
		carts: async (username: string, { open = false } = {}) => {
			const response = await ok(
				await request.get(`${url}/__sandbox/carts?username=${username}${open ? '&open=true' : ''}`),
			)
			return (
				(await response.json()) as {
					carts: Array<{
						cartSessionId: string
						/** Cart, or a Custom or Generic list. */
						sessionType: 'Cart' | 'Custom' | 'Generic'
						/** The list's name ('' for carts). */
						name: string
						/** The cart became an order or quote. */
						ordered: boolean
						lines: Array<{
							productID: string
							prodQty: number
							UOM: string
							unitPrice: number
							unitGST: number
							isTally: number
							tally: Array<{ length: number; qty: number }>
						}>
					}>
				}
			).carts
		},
		/** The user's customer's transactions (newest first; `after`: numbered above it) with their lines. */
		transactions: async (username: string, { after = 0 } = {}) => {
			const response = await ok(
				await request.get(`${url}/__sandbox/transactions?username=${username}&after=${after}`),
			)
			return (
				(await response.json()) as {
					transactions: Array<{
						transactionNumber: number
						transactionSuffix: number
						transactionType: 'Order' | 'Quote' | 'Invoice'
						deliveryDate: string
						invoiceDate: string
						customerOrderNumber: string
						jobName: string
						shipAddress1: string
						comment_tportal: string
						accepted_at: string | null
						branchID: number
						transactionAmount: number
						lines: Array<{
							productCode: string
							productDesc: string
							quantity: number
							unitOfMeasure: string
							unitPrice: number
						}>
					}>
				}
			).transactions
		},
		/** The payment sessions of the user's customer (newest first) and its balances. */
		payments: async (username: string) => {
			const response = await ok(await request.get(`${url}/__sandbox/payments?username=${username}`))
			return (await response.json()) as {
				payments: Array<{
					session_id: string
					amount: number
					reference: string
					status: 'pending' | 'approved' | 'declined' | 'cancelled'
				}>
				balances: {
					current_balance: number
					balance_30_day: number
					balance_overdue: number
				}
			}
		},
		/** The statements of the user's customer, newest first, with the reference each prints. */
		statements: async (username: string) => {
			const response = await ok(
				await request.get(`${url}/__sandbox/statements?username=${username}`),
			)
			return ((await response.json()) as { statements: Array<{ date: string; reference: string }> })
				.statements
		},
		/** A user as stored, or null when there is none. */
		user: async (username: string) => {
			const response = await request.get(`${url}/__sandbox/users/${encodeURIComponent(username)}`)
			if (response.status() === 404) return null
			await ok(response)
			return (
				(await response.json()) as {
					user: {
						id_cust: number
						username: string
						name_first: string
						name_last: string
						email: string
						active: number
					}
				}
			).user
		},
		/** The users of the user's customer; password_scheme shows how passwords are stored. */
		users: async (username: string) => {
			const response = await ok(await request.get(`${url}/__sandbox/users?username=${username}`))
			return (
				(await response.json()) as {
					users: Array<{
						id_user: number
						username: string
						name_first: string
						name_last: string
						email: string
						roleID: 'admin' | 'sales'
						active: boolean
						mobile_access: boolean
						password_scheme: string
					}>
				}
			).users
		},
		/** The files the user's customer sees on the Downloads page, newest first. */
		downloads: async (username: string) => {
			const response = await ok(
				await request.get(`${url}/__sandbox/downloads?username=${username}`),
			)
			return (
				(await response.json()) as {
					downloads: Array<{
						FileName: string
						Description: string
						Category: string
						Date: string
					}>
				}
			).downloads
		},
		/** The user's customer's price book configuration (null: none) and history, newest first. */
		pricebook: async (username: string) => {
			const response = await ok(
				await request.get(`${url}/__sandbox/pricebook?username=${username}`),
			)
			return (await response.json()) as {
				config: { recipient: string; last_calculated: string } | null
				history: Array<{
					historyID: number
					dateGenerated: string
					sentRecipient: string
					requested: number
				}>
			}
		},
		/** The emails the sandbox has sent, oldest first; attachment content is base64. */
		outbox: async () => {
			const response = await ok(await request.get(`${url}/__sandbox/outbox`))
			return (
				(await response.json()) as {
					emails: Array<{
						to_address: string
						cc: string
						bcc: string
						/** Always the supplier's own address. */
						from_address: string
						/** The customer's or visitor's address, when the email is theirs. */
						reply_to: string
						subject: string
						body: string
						attachments: Array<{
							filename: string
							contentType: string
							size: number
							content: string
						}>
					}>
				}
			).emails
		},
	}
}
export type SandboxControl = ReturnType<typeof sandboxControl>

export const test = base.extend<
	{
		sandbox: SandboxControl
		login: (username?: string, options?: { rememberMe?: boolean }) => Promise<void>
		/**
		 * JavaScript is on but every request for the app's scripts fails (the `scripts-failed`
		 * project): the page must work as it does without JavaScript.
		 */
		scriptsFail: boolean
		/** The page is enhanced: JavaScript is on and the app's scripts run. */
		enhanced: boolean
		/**
		 * The test gets a browser context of its own instead of the worker's: for what the reset
		 * between tests cannot undo (an installed clock).
		 */
		freshContext: boolean
	},
	{ portal: PortalUnderTest; workerContext: BrowserContext }
>({
	scriptsFail: [false, { option: true }],
	freshContext: [false, { option: true }],
	enhanced: async ({ javaScriptEnabled, scriptsFail }, use) =>
		use(javaScriptEnabled && !scriptsFail),
	/**
	 * One browser context and one page per worker, reset between tests but keeping the HTTP cache,
	 * as a returning customer's browser does: a fresh context, or a reset that empties the cache,
	 * made every test start a renderer and download and compile the app's scripts again
	 * (docs/decisions/051-test-run-cpu.md).
	 */
	workerContext: [
		async ({ browser, portal }, use, workerInfo) => {
			const { javaScriptEnabled } = workerInfo.project.use
			const context = await browser.newContext({ javaScriptEnabled, baseURL: portal.url })
			await use(context)
			await context.close()
		},
		{ scope: 'worker' },
	],
	context: async ({ workerContext, freshContext, browser, javaScriptEnabled, baseURL }, use) => {
		if (!freshContext) return use(workerContext)
		const context = await browser.newContext({ javaScriptEnabled, baseURL })
		await use(context)
		await context.close()
	},
	page: async ({ context, portal, viewport, reducedMotion, scriptsFail }, use) => {
		const page = context.pages()[0] ?? (await context.newPage())
		// What the last test left: its listeners and routes, its page (whose scripts could still
		// set a cookie: a same-origin file replaces it without starting another renderer, and its
		// commit is enough), its cookies and storage (local storage, IndexedDB, service workers,
		// caches), the network switched off.
		await page.removeAllListeners(undefined, { behavior: 'ignoreErrors' })
		await context.unrouteAll({ behavior: 'ignoreErrors' })
		await page.unrouteAll({ behavior: 'ignoreErrors' })
		if (page.url() !== 'about:blank')
			await page.goto(`${portal.url}/favicon.svg`, { waitUntil: 'commit' })
		await context.clearCookies()
		await context.setOffline(false)
		const session = await context.newCDPSession(page)
		await session.send('Storage.clearDataForOrigin', { origin: portal.url, storageTypes: 'all' })
		await session.detach()
		if (viewport) await page.setViewportSize(viewport)
		await page.emulateMedia({ reducedMotion: reducedMotion ?? null })
		if (scriptsFail) await page.route(/\.m?js(\?|$)/, (route) => route.abort('failed'))
		await use(page)
	},
	portal: [
		// eslint-disable-next-line no-empty-pattern
		async ({}, use) => {
			// Without JS, home waits for recently ordered longer than in production (200 ms): the
			// sandbox answers in this process, and a busy machine must not turn the section into its
			// link in tests that expect the products (recently-ordered.test.ts has one that waits).
			const portal = await startPortal(undefined, { RECENTLY_ORDERED_WAIT_MS: '1500' })
			await use(portal)
			await portal.stop()
		},
		{ scope: 'worker', timeout: 60_000 },
	],
	baseURL: async ({ portal }, use) => use(portal.url),
	sandbox: [
		async ({ playwright, portal }, use) => {
			const request = await playwright.request.newContext()
			const sandbox = sandboxControl(request, portal.url)
			await sandbox.reset()
			// The portal keeps saved list views itself (sort, columns), apart from the sandbox.
			portal.forgetPreferences()
			await portal.resetApprovals()
			await use(sandbox)
			await request.dispose()
		},
		{ auto: true },
	],
	/** Signs in through the real login form's endpoint (a plain form POST), sharing the page's cookies. */
	login: async ({ page }, use) => {
		await use(async (username = 'demo', { rememberMe = false } = {}) => {
			await signIn(page.request, username, rememberMe ? { rememberMe: 'on' } : {})
		})
	},
})

/** The masthead's dropdown (a <details>): opens it by its summary. */
export async function openMenu(page: Page, name: string) {
	const summary = page
		.locator('summary')
		.filter({ hasText: new RegExp(`^${name}$`) })
		.first()
	await summary.click()
	return summary.locator('xpath=..')
}

/** Adds a product through the product list's own no-JS form endpoint. */
export async function addToCart(
	page: Page,
	productID: string,
	quantity: number,
	list = '/products/HWR/FAS/NAI',
) {
	const response = await page.request.post(list, {
		form: {
			intent: 'add-to-cart',
			productID,
			uom: 'BOX',
			quantity: String(quantity),
			redirectTo: list,
		},
		maxRedirects: 0,
	})
	expect(response.status(), `add ${productID}`).toBe(302)
}

/** Signs `username` in on `request`'s cookies through the login form's endpoint (a plain form POST). */
export async function signIn(
	request: APIRequestContext,
	username = 'demo',
	form: Record<string, string> = {},
) {
	const response = await request.post('/login', {
		form: { username, password: 'demo', ...form },
		maxRedirects: 0,
	})
	expect(response.status(), `login as ${username}`).toBe(302)
}

/** Someone else, in their own browser (JavaScript on unless said), signed in as `username`. */
export async function someoneElse(
	browser: Browser,
	baseURL: string,
	username: string,
	javaScriptEnabled = true,
) {
	const context = await browser.newContext({ baseURL, javaScriptEnabled })
	const page = await context.newPage()
	await signIn(page.request, username)
	return { page, close: () => context.close() }
}

/** The lines of the demo customer's open cart, as the sandbox stores them. */
export async function activeCartLines(sandbox: SandboxControl) {
	const carts = await sandbox.carts('demo')
	return carts.find((c) => c.sessionType === 'Cart' && !c.ordered)?.lines ?? []
}

type CheckoutForm = {
	despatch: 'DEL' | 'PICKUP'
	deliveryTo?: string
	address?: [string, string, string, string]
	vehicle?: string
	branch?: string
	contact?: boolean
}

/** Fills the checkout form as a user would; without JS the 'Update' button shows the mode's fields. */
export async function fillCheckout(page: Page, javaScriptEnabled: boolean, form: CheckoutForm) {
	await page.getByLabel('Despatch type').selectOption(form.despatch)
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Update' }).click()
	await page.getByLabel('Delivery To').fill(form.deliveryTo ?? 'Site office')
	if (form.address) {
		const [address, suburb, state, postcode] = form.address
		await page.getByLabel('Address').fill(address)
		await page.getByLabel('Suburb').fill(suburb)
		await page.getByLabel('State').selectOption(state)
		await page.getByLabel('Postcode').fill(postcode)
	}
	if (form.vehicle) await page.getByLabel('Vehicle type').selectOption({ label: form.vehicle })
	if (form.branch) await page.getByLabel('Branch').selectOption({ label: form.branch })
	await page.getByLabel('Reference').fill('Job 4471')
	if (form.contact !== false) {
		await page.getByLabel('Contact phone').fill('0412 000 111')
		await page.getByLabel(/^Required date/).fill('2026-12-24')
		await page.getByLabel(/^Required time/).fill('7:30')
	}
}

/**
 * The page at `path` (with its fragment), as a post's answer leaves it: without JS, a post that
 * comes back to its own page adds `?sent=` (docs/decisions/056-exactly-once-forms.md).
 */
export function backAt(path: string) {
	return (url: URL) => {
		url.searchParams.delete('sent')
		return url.pathname + url.search + url.hash === path
	}
}

/**
 * Waits until the page has hydrated. A click before that reaches only the server-rendered markup
 * (a stepper button does nothing, a listener is not there yet): on a busy machine hydration can
 * come well after the load event.
 */
export async function hydrated(page: Page) {
	await page.waitForFunction(() => document.documentElement.dataset.hydrated)
}

/** The URLs the page posts to from now on (a form that must not be sent, or sent once). */
export function watchPosts(page: Page) {
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST') posts.push(request.url())
	})
	return posts
}

/**
 * The page fits its viewport's width: nothing scrolls sideways. Polled, as other assertions are:
 * a page whose scripts fail is laid out as enhanced until it falls back (at most a few seconds),
 * and the fallen-back page is what must fit.
 */
export async function fitsThePhone(page: Page) {
	await expect
		.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
		.toBe(true)
}

/**
 * Holds back the app's entry script, so the page stays server-rendered (as on a slow connection)
 * until the returned function lets it load and hydrate.
 */
export async function holdHydration(page: Page) {
	let release = () => {}
	const gate = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/assets/entry.client-*.js', async (route) => {
		await gate
		await route.continue()
	})
	return release
}

/**
 * Adds a job as the signed-in administrator through the Add Job form's endpoint (a plain form
 * POST) and returns its id, read from the Jobs page's link to the job.
 */
export async function addJobThroughForm(
	request: APIRequestContext,
	fields: Record<string, string>,
) {
	const response = await request.post('/jobs/new', {
		form: { intent: 'save-job', ...fields },
		maxRedirects: 0,
	})
	expect(response.status(), await response.text()).toBe(302)
	const page = await (await request.get('/jobs')).text()
	const name = fields.name!.replace(/&/g, '&amp;')
	const id = new RegExp(`href="/jobs/([0-9a-f-]{36})"[^>]*>${name}<`).exec(page)?.[1]
	expect(id, `the job ${fields.name} is listed`).toBeDefined()
	return id!
}

/** A job with every field filled, long enough to test a page's width. */
export const LONG_JOB = {
	name: 'Harbourside apartments stage 2 fit-out',
	number: 'PO-2026-004417-HSA',
	street: '1250 Parramatta Road',
	suburb: 'North Strathfield',
	state: 'NSW',
	postcode: '2137',
	contactName: 'Alexandra Papadopoulos',
	contactPhone: '+61 (0)400 123 456',
	budget: '1,250,000.00',
}
