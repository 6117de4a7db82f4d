import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'

test.describe('home', () => {
	test('greets the user with banners and the three balance cards', async ({ page, login }) => {
		await login()
		await page.goto('/')
		await expect(
			page.getByRole('heading', { name: 'Hi Sarah! Welcome to your Trade Portal' }),
		).toBeVisible()
		const carousel = page.getByRole('region', { name: 'Promotions' })
		await expect(carousel.getByRole('img')).toHaveCount(3)
		await expect(
			carousel.getByRole('img', {
				name: 'Spring timber sale: 15% off structural pine and decking',
			}),
		).toBeVisible()
		await expect(carousel.getByRole('link').first()).toHaveAttribute('href', '/products/TIM')

		const cards = page.getByRole('region', { name: 'Account balances' })
		await expect(cards.getByRole('heading', { name: 'Current Balance' })).toBeVisible()
		await expect(cards.getByText('$40,297.31')).toBeVisible()
		await expect(cards.getByText('$22,007.58')).toBeVisible()
		await expect(cards.getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
			'href',
			'/pay-account',
		)
		// The previous sign-in: 12 Oct 2026 21:14:36 UTC is 13/10/2026 8:14:36 in Sydney.
		await expect(cards.getByText('13/10/2026')).toBeVisible()
		await expect(cards.getByText('8:14:36')).toBeVisible()
	})

	test('Pay Now needs an overdue balance and the pay account button', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', { account: { balance_overdue: 0 } })
		await login()
		await page.goto('/')
		await expect(page.getByText('$40,297.31')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0)

		await sandbox.configure('tbaker', {
			account: { balance_overdue: 120 },
			settings: { pay_account_button_disabled: 'true' },
		})
		await page.context().clearCookies()
		await login('tbaker')
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Tom!/ })).toBeVisible()
		await expect(page.getByText('$120.00')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0)
	})

	test('the balance cards show only when the balances entry is enabled', async ({
		page,
		login,
		sandbox,
	}) => {
		await sandbox.configure('demo', {
			widgets: [{ objectSet: 'homepage', label: 'balances', enabled: false }],
		})
		await login()
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
		await expect(page.getByRole('region', { name: 'Account balances' })).toHaveCount(0)
	})

	test('an On Hold account sees its status message until OK', async ({ page, login }) => {
		await login('onhold')
		await page.goto('/')
		const dialog = page.getByRole('dialog', { name: 'Account Status On Hold' })
		await expect(dialog).toBeVisible()
		await expect(
			dialog.getByText('Your account is on hold. Please contact our accounts team'),
		).toBeVisible()
		await expect(page.locator('body')).toHaveCSS('overflow', 'hidden')
		await dialog.getByRole('button', { name: 'OK' }).click()
		await expect(dialog).toBeHidden()
		await expect(
			page.getByRole('heading', { name: 'Hi Daniel! Welcome to your Trade Portal' }),
		).toBeVisible()
		await page.reload()
		await expect(page.getByRole('heading', { name: /^Hi Daniel!/ })).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)
	})

	test('a Suspended account sees its status message', async ({ page, login }) => {
		await login('suspended')
		await page.goto('/')
		const dialog = page.getByRole('dialog', { name: 'Account Status Suspended' })
		await expect(dialog.getByText('Your account has been suspended.')).toBeVisible()
		await expect(dialog.getByRole('button')).toHaveText(['OK'])
	})

	test('no modal without a configured message for the status', async ({ page, login, sandbox }) => {
		await sandbox.configure('onhold', { settings: { status_message_on_hold: null } })
		await login('onhold')
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Daniel!/ })).toBeVisible()
		await expect(page.getByRole('dialog')).toHaveCount(0)
	})

	test.describe('with a clock of its own', () => {
		test.use({ freshContext: true })

		test('the banner advances every 15 seconds and loops @js-only', async ({ page, login }) => {
			await page.clock.install()
			await login()
			await page.goto('/')
			const track = page.locator('.carousel__track')
			await expect(track).toBeVisible()
			const position = () => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))
			expect(await position()).toBe(0)
			await page.clock.runFor(15_000)
			await expect.poll(position).toBe(1)
			await page.clock.runFor(15_000)
			await expect.poll(position).toBe(2)
			await page.clock.runFor(15_000)
			await expect.poll(position).toBe(0)
		})
	})

	test('login and home have no accessibility violations @js-only', async ({ page, login }) => {
		await page.goto('/login')
		expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
		await login()
		await page.goto('/')
		await expect(page.getByRole('heading', { name: /^Hi Sarah!/ })).toBeVisible()
		expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])
	})
})
