import { expect, PORT_BASE, startPortal, test } from './fixtures.ts'

test.describe('bad input and hostile requests', () => {
	test('bad input to actions gets a 4xx, never a 500', async ({ page, login }) => {
		const empty = await page.request.post('/login', {
			form: { username: '', password: '' },
			maxRedirects: 0,
		})
		expect(empty.status()).toBe(400)
		expect(await empty.text()).toContain('Enter your username')

		await login()
		// The home page's form posts to its index route.
		const unknownIntent = await page.request.post('/?index', {
			form: { intent: 'drop-tables' },
			maxRedirects: 0,
		})
		expect(unknownIntent.status()).toBe(400)
		const noIntent = await page.request.post('/?index', { form: {}, maxRedirects: 0 })
		expect(noIntent.status()).toBe(400)
		// The layout has no action at all.
		expect((await page.request.post('/', { form: {}, maxRedirects: 0 })).status()).toBe(405)
		const nowhere = await page.request.post('/no-such-page', { form: { a: '1' }, maxRedirects: 0 })
		expect(nowhere.status()).toBe(404)
	})

	test('cross-site form posts are refused', async ({ page }) => {
		const response = await page.request.post('/login', {
			form: { username: 'demo', password: 'demo' },
			headers: { Origin: 'https://evil.example' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(403)
		expect(response.headers()['set-cookie']).toBeUndefined()
	})

	test('login posts are rate limited', async ({ playwright }, testInfo) => {
		const portal = await startPortal(PORT_BASE + 200 + testInfo.parallelIndex, {
			LOGIN_RATE_LIMIT: '3',
		})
		const request = await playwright.request.newContext({ baseURL: portal.url })
		try {
			const statuses: number[] = []
			for (let i = 0; i < 5; i++) {
				const r = await request.post('/login', {
					form: { username: 'demo', password: 'wrong' },
					maxRedirects: 0,
				})
				statuses.push(r.status())
			}
			expect(statuses).toEqual([401, 401, 401, 429, 429])
			// Reading the page is not limited.
			expect((await request.get('/login')).status()).toBe(200)
		} finally {
			await request.dispose()
			await portal.stop()
		}
	})
})
