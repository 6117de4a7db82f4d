import { expect, PORT_BASE, startPortal, test, writeConfiguration } from './fixtures.ts'

test('a configuration without endpointUrl, device_id or company_id is reported', async ({
	page,
}, testInfo) => {
	const config = writeConfiguration({
		endpointUrl: '/presenter',
		device_id: '',
		company_name: 'Broken Supplies',
	})
	const portal = await startPortal(PORT_BASE + 100 + testInfo.parallelIndex, {
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
