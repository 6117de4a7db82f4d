import { addToCart, expect, test } from './fixtures.ts'

/** Every signed-in page fits a 390 px phone: nothing scrolls sideways, with or without JS. */
test.describe('on a 390 px phone', () => {
	test.use({ viewport: { width: 390, height: 844 } })

	test('no page scrolls sideways', async ({ page, login, sandbox }) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		const all = await sandbox.transactions('demo')
		const first = (type: string) => {
			const t = all.find((x) => x.transactionType === type)!
			return `${t.transactionNumber}-${t.transactionSuffix}`
		}
		for (const path of [
			'/',
			'/products',
			'/products/TIM',
			'/products/TIM/FRM',
			'/products/TIM/FRM?view=grid',
			'/search?value=nails',
			'/cart',
			'/quick-order',
			'/checkout',
			'/orders',
			`/orders/${first('Order')}`,
			`/orders/${first('Order')}?dialog=email`,
			`/quotes/${first('Quote')}?dialog=accept`,
			`/invoices/${first('Invoice')}`,
			'/pay-account',
			'/payment-cancelled',
			'/support',
			'/contact-a-representative',
			'/stores',
			'/stores?map=1',
			'/links',
			'/playground',
			'/no-such-page',
		]) {
			await page.goto(path)
			const width = await page.evaluate(() => document.documentElement.scrollWidth)
			expect(width, path).toBeLessThanOrEqual(390)
		}
	})
})
