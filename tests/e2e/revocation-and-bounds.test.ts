import { activeCartLines, addToCart, expect, someoneElse, startPortal, test } from './fixtures.ts'

/**
 * The second hardening round's findings that need the portal as it runs (issue 30): rights that
 * linger after an administrator changes them, query values that answered 5xx, posts a browser
 * says came from another site, and a lockout anyone could cause.
 */

test.describe('rights an administrator changes', () => {
	test('a demoted administrator is refused Account Admin (403) at once; a deactivated user is signed out at once', async ({
		page,
		login,
		sandbox,
		browser,
		baseURL,
	}) => {
		await login('demo')
		await page.goto('/admin')
		await expect(page.getByRole('table')).toContainText('tbaker')

		const boss = await someoneElse(browser, baseURL!, 'rwilliams')
		const tom = await someoneElse(browser, baseURL!, 'tbaker')
		try {
			// Pages whose reads are all cached now (the session check included).
			await tom.page.goto('/')
			await expect(tom.page.getByText('Hi Tom! Welcome to your Trade Portal')).toBeVisible()
			await tom.page.goto('/stores')
			await expect(tom.page.getByRole('heading', { level: 1 })).toBeVisible()

			const users = await sandbox.users('demo')
			/** The administrator's Save Changes for `username`, with the role and active switch given. */
			const save = (username: string, change: { roleID: string; active: boolean }) => {
				const user = users.find((u) => u.username === username)!
				return boss.page.request.post(`/admin/account/${user.id_user}`, {
					form: {
						intent: 'save',
						tpauserID: user.username,
						firstName: user.name_first,
						lastName: user.name_last,
						emailAddress: user.email,
						roleID: change.roleID,
						...(change.active ? { active: 'on' } : {}),
					},
					maxRedirects: 0,
				})
			}
			const stored = async (username: string) =>
				(await sandbox.users('demo')).find((u) => u.username === username)

			// Demoted to sales: the next page of Account Admin is refused, not served from before.
			expect((await save('demo', { roleID: 'sales', active: true })).status()).toBe(302)
			expect((await stored('demo'))?.roleID).toBe('sales')
			const refused = await page.goto('/admin')
			expect(refused?.status()).toBe(403)
			await expect(page.getByText('Only an administrator can manage user accounts')).toBeVisible()
			await expect(page.getByRole('table')).toHaveCount(0)

			// Deactivated: the next page, even one read a moment ago, is the sign-in page.
			expect((await save('tbaker', { roleID: 'sales', active: false })).status()).toBe(302)
			expect((await stored('tbaker'))?.active).toBe(false)
			await tom.page.goto('/stores')
			await expect(tom.page).toHaveURL(/\/login/)
			await expect(tom.page.getByRole('button', { name: 'Sign in' })).toBeVisible()
		} finally {
			await boss.close()
			await tom.close()
		}
	})
})

test.describe('query values', () => {
	test('an unknown product or line in a dialog’s query is the page without the dialog, never a 5xx', async ({
		page,
		login,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		const response = await page.goto('/cart?dialog=tally&line=1&product=NOPE')
		expect(response?.status()).toBe(200)
		await expect(page.getByRole('heading', { level: 1, name: 'Review Cart' })).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)

		const bad = ['NOPE', '', '%00', '..%2F..', 'x'.repeat(300), '-1', '1e9', "'", '<b>']
		const pages = [
			(v: string) => `/cart?dialog=tally&line=${v}&product=${v}`,
			(v: string) => `/cart?dialog=${v}`,
			(v: string) => `/products/TIM/FRM/H2F?product=${v}&dialog=tally`,
			(v: string) => `/products/TIM/FRM/H2F?product=${v}`,
			(v: string) => `/search?value=${v}&product=${v}&dialog=tally`,
			(v: string) => `/invoices?comment=${v}&dialog=${v}`,
			(v: string) => `/statements/2026-10-31?dialog=${v}`,
			(v: string) => `/pricebook?dialog=${v}`,
			(v: string) => `/orders/609630-0?dialog=${v}`,
		]
		const failures = []
		for (const url of pages.flatMap((p) => bad.map(p))) {
			const status = (await page.request.get(url, { maxRedirects: 0 })).status()
			if (status >= 500) failures.push(`${status} ${url}`)
		}
		expect(failures).toEqual([])
	})
})

test.describe('posts from other sites', () => {
	test('a post the browser says came from another site is refused (403), Origin or not @api', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		const before = await activeCartLines(sandbox)
		expect(before).toHaveLength(1)
		const statuses = []
		for (const site of ['cross-site', 'same-site']) {
			for (const url of ['/cart', '/cart.data', '/?index', '/login', '/CART']) {
				const response = await page.request.post(url, {
					headers: { 'Sec-Fetch-Site': site },
					form: { intent: 'clear-all' },
					maxRedirects: 0,
				})
				statuses.push(response.status())
			}
		}
		expect(statuses).toEqual(Array(10).fill(403))
		// From another page of the portal, an older browser's post (no Origin, no Sec-Fetch-Site)
		// is judged by its Referer.
		const foreign = await page.request.post('/cart', {
			headers: { Referer: 'https://evil.example/' },
			form: { intent: 'clear-all' },
			maxRedirects: 0,
		})
		expect(foreign.status()).toBe(403)
		expect(await activeCartLines(sandbox)).toEqual(before)
	})
})

test.describe('a portal as deployed: default sign-in limits', () => {
	test('guesses from rotating addresses do not lock the user out of a browser they signed in from @api', async () => {
		test.setTimeout(60_000)
		const portal = await startPortal(undefined, {
			SANDBOX_CONTROL: 'false',
			LOGIN_FAILURES_PER_USER: '',
			LOGIN_FAILURES_PER_ADDRESS: '',
		})
		const signIn = (password: string, address: string, cookie?: string) =>
			fetch(`${portal.url}/login`, {
				method: 'POST',
				headers: { 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) },
				body: new URLSearchParams({ username: 'tbaker', password }),
				redirect: 'manual',
			})
		try {
			// Tom signs in from his own browser, which keeps a device cookie.
			const first = await signIn('demo', '198.51.100.20')
			expect(first.status).toBe(302)
			const device = first.headers
				.getSetCookie()
				.find((c) => c.startsWith('__portal_device='))
				?.split(';')[0]
			expect(device).toBeTruthy()

			// Someone guesses his password from a new address each time.
			const guesses = []
			for (let i = 0; i < 7; i++)
				guesses.push((await signIn(`guess-${i}`, `203.0.113.${i}`)).status)
			expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429])
			// The per-user limit holds for every other browser, right password or not...
			expect((await signIn('demo', '192.0.2.55')).status).toBe(429)
			// ...but Tom's own browser signs in, from wherever he is.
			expect((await signIn('demo', '192.0.2.56', device)).status).toBe(302)
			// A forged device cookie is no device cookie.
			const forged = `__portal_device=${encodeURIComponent(btoa(JSON.stringify([{ user: 'tbaker', nonce: 'x' }])))}`
			expect((await signIn('demo', '192.0.2.57', forged)).status).toBe(429)
		} finally {
			await portal.stop()
		}
	})
})
