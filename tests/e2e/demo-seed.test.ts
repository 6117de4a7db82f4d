import { expect, fillCheckout, sandboxControl, startPortal, test } from './fixtures.ts'

/**
 * The demo's part of the portal's own store (app/.server/config/demo-seed.ts): `tbaker`'s $1,500 order
 * limit and the administrators that approval requests go to. It goes into the store the app uses,
 * so a throwaway in-memory store has it too.
 */
test('with PORTAL_DB=:memory: an order over tbaker’s limit still goes to the administrators', async ({
	page,
	enhanced,
}) => {
	const portal = await startPortal(undefined, { PORTAL_DB: ':memory:' })
	try {
		const post = async (path: string, form: Record<string, string>) => {
			const response = await page.request.post(`${portal.url}${path}`, { form, maxRedirects: 0 })
			expect(response.status(), path).toBe(302)
		}
		await post('/login', { username: 'tbaker', password: 'demo' })
		const list = '/products/HWR/FAS/NAI'
		await post(list, {
			intent: 'add-to-cart',
			productID: 'HNAI001',
			uom: 'BOX',
			quantity: '40',
			redirectTo: list,
		})
		await page.goto(`${portal.url}/checkout`)
		await fillCheckout(page, enhanced, { despatch: 'PICKUP', branch: 'Alexandria' })
		await expect(
			page.getByText(/needs an administrator’s approval: over your \$1,500 order limit/),
		).toBeVisible()
		await page.getByRole('button', { name: 'Send for approval' }).click()
		await expect(page.getByText('Sent for approval: over your $1,500 order limit')).toBeVisible()
		const outbox = await sandboxControl(page.request, portal.url).outbox()
		expect(outbox.map((e) => e.to_address)).toEqual(
			expect.arrayContaining([
				'rachel.williams@harbourcityconstructions.com.au',
				'sarah.mitchell@harbourcityconstructions.com.au',
			]),
		)
	} finally {
		await portal.stop()
	}
})
