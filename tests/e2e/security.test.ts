import { expect, test } from './fixtures.ts'

test.describe('bad input and hostile requests', () => {
	test('bad input to actions gets a 4xx, never a 500 @api', async ({ page, login }) => {
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

	test('cross-site form posts are refused @api', async ({ page }) => {
		const response = await page.request.post('/login', {
			form: { username: 'demo', password: 'demo' },
			headers: { Origin: 'https://evil.example' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(403)
		expect(response.headers()['set-cookie']).toBeUndefined()
	})
})
