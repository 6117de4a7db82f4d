import { expect, test } from './fixtures.ts'

/** The demo customer's order 609630-0 (a demo transaction). */
const ORDER = '/orders/609630-0'

test.describe('messages', () => {
	test('on a phone a message never covers the open menu @core', async ({
		page,
		login,
		enhanced,
	}) => {
		await page.setViewportSize({ width: 390, height: 844 })
		await login()
		await page.goto(ORDER)
		await page.getByRole('button', { name: 'Copy to Cart' }).click()
		const status = page.getByRole('status').filter({ hasText: 'copied to cart' })
		await expect(status).toBeVisible()
		await page.getByRole('checkbox', { name: 'Menu' }).check()
		const menu = page.getByRole('navigation', { name: 'Main' })
		for (const name of ['Home', 'Orders', 'Invoices', 'Statements']) {
			// A trial click fails when another element would receive it.
			await menu.getByRole('link', { name, exact: true }).click({ trial: true, timeout: 2_000 })
		}
		// The message is in the page flow without JS, not over it.
		if (!enhanced) {
			const box = await status.boundingBox()
			const main = await page.locator('#main').boundingBox()
			expect(box!.y).toBeGreaterThanOrEqual(main!.y)
		}
	})

	test.describe('with a clock of their own', () => {
		test.use({ freshContext: true })

		test('a brief message stays while hovered, then goes after 3 s @js-only', async ({
			page,
			login,
		}) => {
			await page.clock.install()
			await login()
			await page.goto('/products/HWR/FAS/NAI')
			await page
				.getByRole('button', { name: /^Add to cart/ })
				.first()
				.click()
			const toast = page.getByRole('status').getByText('Added to cart')
			await expect(toast).toBeVisible()
			await toast.hover()
			await page.clock.runFor(6_000)
			await expect(toast).toBeVisible()
			await page.mouse.move(5, 400)
			await page.clock.runFor(3_500)
			await expect(toast).toBeHidden()
		})

		test('a message with detail stays in the page until the customer moves on', async ({
			page,
			login,
			enhanced,
		}) => {
			if (enhanced) await page.clock.install()
			await login()
			await page.goto(ORDER)
			await page.getByRole('button', { name: 'Copy to Cart' }).click()
			const notice = page.getByRole('status').filter({ hasText: 'copied to cart' })
			await expect(notice).toBeVisible()
			await expect(notice.getByRole('link', { name: 'Review Cart' })).toBeVisible()
			if (enhanced) {
				await page.clock.runFor(5_000)
				await expect(notice).toBeVisible()
				// It can be dismissed.
				await notice.getByRole('button', { name: 'Dismiss' }).click()
				await expect(notice).toHaveCount(0)
			}
			await page.goto('/orders')
			await expect(page.getByRole('status').filter({ hasText: 'copied to cart' })).toHaveCount(0)
		})
	})

	test('a button whose answer takes a while says so, with a spinner @js-only', async ({
		page,
		login,
		sandbox,
	}) => {
		await login()
		await page.goto('/products/HWR/FAS/NAI')
		await sandbox.faults({ latencyMs: 1_500 })
		const button = page.getByRole('button', { name: /^Add to cart/ }).first()
		await button.click()
		const busy = page.getByRole('button', { name: 'Adding…' }).first()
		await expect(busy).toHaveAttribute('aria-busy', 'true')
		await expect(busy.locator('.spinner')).toBeVisible()
		await expect(page.getByRole('status').getByText('Added to cart')).toBeVisible()
		await expect(button).toHaveText('Add to cart')
		await expect(button).not.toHaveAttribute('aria-busy')
	})
})
