import { expect, startPortal, test, writeConfiguration } from './fixtures.ts'

test('a configuration without endpointUrl, device_id or company_id is reported', async ({
	page,
}) => {
	const config = writeConfiguration({
		endpointUrl: '/presenter',
		device_id: '',
		company_name: 'Broken Supplies',
	})
	const portal = await startPortal(undefined, {
		PORTAL_CONFIG: config,
	})
	try {
		for (const path of ['/', '/login']) {
			const response = await page.goto(`${portal.url}${path}`)
			expect(response?.status()).toBe(503)
			await expect(page.getByRole('heading', { name: 'Configuration Unavailable' })).toBeVisible()
		}
	} finally {
		await portal.stop()
	}
})
