import { type Locator, type Page } from '@playwright/test'
import { addToCart, expect, fillCheckout, hydrated, test, type SandboxControl } from './fixtures.ts'

/**
 * Keyboard and screen reader paths, driven with the keyboard only: where focus goes after a dialog
 * closes, after a post and after a navigation, whether the focus ring is seen at every stop, and
 * how many Tabs the long paths take (docs/decisions/060-focus-and-announcements.md).
 */

const LIST = '/products/TIM/FRM/MGP12'

/** Ready for keys: with JS, once the page has hydrated (a key before that reaches plain HTML). */
async function ready(page: Page, enhanced: boolean) {
	if (enhanced) await hydrated(page)
}

/** Whether `locator` has the focus. */
const hasFocus = (locator: Locator) => locator.evaluate((e) => e === document.activeElement)

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus; how many presses that took.
 * Fails after `max`.
 */
async function tabsTo(page: Page, target: Locator, { max = 200, back = false } = {}) {
	for (let n = 0; n <= max; n++) {
		if (await hasFocus(target)) return n
		await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
	}
	throw new Error(`not reached in ${max} Tabs`)
}

/** The demo customer's first transaction of `type`, as its page's reference. */
async function firstRef(sandbox: SandboxControl, type: 'Order' | 'Invoice') {
	const t = (await sandbox.transactions('demo')).find((x) => x.transactionType === type)!
	return `${t.transactionNumber}-${t.transactionSuffix}`
}

/** The text the page's polite status regions say now (flash messages, announcements). */
function statusText(page: Page) {
	return page.locator('[role="status"]').allInnerTexts()
}

test.use({ viewport: { width: 1366, height: 900 } })

test.describe('a dialog closed with Escape gives the focus back @js-only', () => {
	test('product detail: to the product that opened it; the 5th product is no Tab away', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto(LIST)
		await ready(page, true)
		const fifth = page.locator('.product-card').nth(4).locator('.product-card__title a')
		await fifth.focus()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog')).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(fifth).toBeFocused()
		expect(await tabsTo(page, fifth)).toBe(0)
	})

	test('tally: to its Tally link', async ({ page, login }) => {
		await login()
		await page.goto(LIST)
		await ready(page, true)
		const tally = page
			.locator('.product-card')
			.nth(2)
			.getByRole('link', { name: /^Tally/ })
		await tally.focus()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog', { name: /^Tally:/ })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(tally).toBeFocused()
	})

	test('Clear All: to Clear All', async ({ page, login }) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/cart')
		await ready(page, true)
		const clear = page.getByRole('link', { name: 'Clear All' })
		await clear.focus()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog', { name: 'Clear All' })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(clear).toBeFocused()
	})

	test('Email and Comment: to the button that opened each', async ({ page, login, sandbox }) => {
		await login()
		await page.goto(`/invoices/${await firstRef(sandbox, 'Invoice')}`)
		await ready(page, true)
		for (const [name, dialog] of [
			['Email', 'Email Invoice'],
			[/^(Add|Edit) Comment$/, 'Comment'],
		] as const) {
			const opener = page.getByRole('link', { name })
			await opener.focus()
			await page.keyboard.press('Enter')
			await expect(page.getByRole('dialog', { name: dialog })).toBeVisible()
			await page.keyboard.press('Escape')
			await expect(page.getByRole('dialog')).toHaveCount(0)
			await expect(opener).toBeFocused()
		}
	})

	test('a comment on the invoices list: to its row, although the list is drawn again', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/invoices')
		await ready(page, true)
		const third = page.getByRole('table').locator('tbody tr').nth(2)
		const opener = third.getByRole('link', { name: /comment/i })
		await opener.focus()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog', { name: 'Comment' })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(third.getByRole('link', { name: /comment/i })).toBeFocused()
	})

	test('Order Placed: nothing opened it, so to the page heading', async ({ page, login }) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await ready(page, true)
		await fillCheckout(page, true, { despatch: 'PICKUP', branch: 'Alexandria' })
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await expect(page.getByRole('dialog', { name: 'Order Placed' })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(page.getByRole('heading', { name: 'Order Complete!', level: 1 })).toBeFocused()
	})

	test('a dialog opened by its address: to the product it shows', async ({ page, login }) => {
		await login()
		await page.goto(`${LIST}?product=TMGP12005`)
		await ready(page, true)
		await expect(page.getByRole('dialog')).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(page.locator('#product-TMGP12005 .product-card__title a')).toBeFocused()
	})
})

test.describe('after a post the focus is on its outcome, and the outcome is announced', () => {
	test('tally Add to Cart: back on the Tally link; Added to cart is said @js-only', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto(LIST)
		await ready(page, true)
		const tally = page
			.locator('.product-card')
			.nth(1)
			.getByRole('link', { name: /^Tally/ })
		await tally.focus()
		await page.keyboard.press('Enter')
		const dialog = page.getByRole('dialog', { name: /^Tally:/ })
		await expect(dialog).toBeVisible()
		await dialog.getByRole('spinbutton', { name: 'Length, line 1' }).fill('3.6')
		await dialog.getByRole('spinbutton', { name: 'Qty, line 1' }).fill('2')
		await dialog.getByRole('spinbutton', { name: 'Qty, line 1' }).press('Enter')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		await expect(page.locator('.notices .notice p')).toHaveText('Added to cart')
		await expect(tally).toBeFocused()
	})

	test('a cart line removed: focus on the next line, the removal said', async ({
		page,
		login,
		enhanced,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await addToCart(page, 'HNAI002', 3)
		await page.goto('/cart')
		await ready(page, enhanced)
		const removes = page.getByRole('button', { name: /^Remove / })
		await expect(removes).toHaveCount(2)
		const [first, second] = [
			await removes.nth(0).getAttribute('aria-label'),
			await removes.nth(1).getAttribute('aria-label'),
		]
		await removes.nth(0).focus()
		await page.keyboard.press('Enter')
		await expect(removes).toHaveCount(1)
		const removed = first!.replace(/^Remove /, '')
		if (enhanced) {
			await expect(page.locator('.notices .notice p')).toHaveText(
				`${removed} removed from the cart`,
			)
			await expect(page.getByRole('button', { name: second! })).toBeFocused()
		} else {
			// A new page: it opens on the message.
			await expect(
				page.locator('.notice', { hasText: `${removed} removed from the cart` }),
			).toBeFocused()
		}
	})

	test('an email sent: back on Email with JS, or on the message', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		const here = `/orders/${await firstRef(sandbox, 'Order')}`
		await page.goto(here)
		await ready(page, enhanced)
		const email = page.getByRole('link', { name: 'Email', exact: true })
		await email.focus()
		await page.keyboard.press('Enter')
		const dialog = page.getByRole('dialog', { name: 'Email Order' })
		await expect(dialog).toBeVisible()
		await dialog.getByLabel('Email address').fill('site@example.com')
		await dialog.getByLabel('Email address').press('Enter')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		const notice = page.locator('.notice')
		await expect(notice.locator('p')).toHaveText('Order sent successfully')
		if (enhanced) {
			await expect(page.locator('.notices')).toHaveRole('status')
			await expect(email).toBeFocused()
		} else {
			await expect(notice).toBeFocused()
		}
	})

	test('a comment saved: back on the comment button, or on the message', async ({
		page,
		login,
		sandbox,
		enhanced,
	}) => {
		await login()
		await page.goto(`/invoices/${await firstRef(sandbox, 'Invoice')}`)
		await ready(page, enhanced)
		const opener = page.getByRole('link', { name: /^(Add|Edit) Comment$/ })
		await opener.focus()
		await page.keyboard.press('Enter')
		const dialog = page.getByRole('dialog', { name: 'Comment' })
		await dialog.getByLabel('Comment').fill('Deliver to the side gate')
		await dialog.getByRole('button', { name: 'Save' }).focus()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		if (enhanced) {
			await expect(page.locator('.notices .notice p')).toHaveText('Comment saved successfully')
			await expect(page.getByRole('link', { name: 'Edit Comment' })).toBeFocused()
		} else {
			await expect(page.locator('.notice', { hasText: 'Comment saved successfully' })).toBeFocused()
		}
	})

	test('an account added: on the message on the accounts page', async ({
		page,
		login,
		enhanced,
	}) => {
		await login()
		await page.goto('/admin/account/new')
		await ready(page, enhanced)
		await page.getByLabel('Username', { exact: true }).fill('kmurphy')
		await page.getByLabel('Password', { exact: true }).fill('Secret-123')
		await page.getByLabel('Confirm password').fill('Secret-123')
		await page.getByLabel('First name').fill('Kate')
		await page.getByLabel('Last name').fill('Murphy')
		await page.getByLabel('Email address').fill('kate@example.com')
		await page.getByRole('button', { name: 'Add Account' }).focus()
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL('/admin')
		await expect(page.locator('.notice', { hasText: 'User added' })).toBeFocused()
	})

	test('a wrong password: on the message that says so', async ({ page, enhanced }) => {
		await page.goto('/login')
		await ready(page, enhanced)
		await page.getByLabel('Username').fill('demo')
		await page.getByLabel('Password').fill('wrong')
		await page.getByRole('button', { name: 'Sign in' }).focus()
		await page.keyboard.press('Enter')
		const message = page.locator('.error-list', { hasText: /./ })
		await expect(message).toBeVisible()
		await expect(message).toBeFocused()
	})
})

test.describe('a refused submit without JS opens on an error summary @nojs-only', () => {
	/** The summary has the focus and links to each refused field, which takes the focus. */
	async function summaryLinksFields(page: Page, fields: string[]) {
		const summary = page.getByRole('group', { name: 'There is a problem' })
		await expect(summary).toBeFocused()
		const links = summary.getByRole('link')
		await expect(links).toHaveCount(fields.length)
		for (const [i, label] of fields.entries()) {
			const href = await links.nth(i).getAttribute('href')
			await expect(page.locator(`[id="${href!.slice(1)}"]`)).toHaveAccessibleName(label)
			await expect(links.nth(i)).toHaveText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}: .`))
		}
		await page.keyboard.press('Tab')
		await expect(links.first()).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(page.getByLabel(fields[0]!, { exact: true })).toBeFocused()
	}

	test('checkout', async ({ page, login }) => {
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await page.getByLabel('Contact name').fill('')
		await page.getByRole('button', { name: 'Confirm Order' }).click()
		await summaryLinksFields(page, [
			'Despatch type',
			'Delivery To',
			'Contact name',
			'Contact phone',
			'Required date',
			'Required time (24-hour, e.g. 7:30)',
		])
	})

	test('email', async ({ page, login, sandbox }) => {
		await login()
		await page.goto(`/orders/${await firstRef(sandbox, 'Order')}?dialog=email`)
		await page.getByLabel('Email address').fill('not-an-email')
		await page.getByRole('button', { name: 'Send' }).click()
		await summaryLinksFields(page, ['Email address'])
	})

	test('Add Account', async ({ page, login }) => {
		await login()
		await page.goto('/admin/account/new')
		await page.getByRole('button', { name: 'Add Account' }).click()
		await summaryLinksFields(page, [
			'Username',
			'Password',
			'Confirm password',
			'First name',
			'Last name',
			'Email address',
		])
	})

	test('login', async ({ page }) => {
		await page.goto('/login')
		await page.getByRole('button', { name: 'Sign in' }).click()
		await summaryLinksFields(page, ['Username', 'Password'])
	})
})

test.describe('a client navigation @js-only', () => {
	test('moves the focus to the new page heading and says its title', async ({ page, login }) => {
		await login()
		await page.goto('/')
		await ready(page, true)
		const orders = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
			name: 'Orders',
		})
		await orders.focus()
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL('/orders')
		await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
		await expect.poll(() => statusText(page)).toContain(await page.title())
	})

	test('keeps the scroll: restored going back, kept by preventScrollReset', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto(LIST)
		await ready(page, true)
		// A product opened and closed from a card far down: the list stays where it was.
		const card = page.locator('.product-card').nth(8)
		const link = card.locator('.product-card__title a')
		await link.focus()
		const before = await page.evaluate(() => window.scrollY)
		expect(before).toBeGreaterThan(300)
		await page.keyboard.press('Enter')
		await expect(page.getByRole('dialog')).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(page.getByRole('dialog')).toHaveCount(0)
		expect(await page.evaluate(() => window.scrollY)).toBe(before)
		// Another page (a footer link) and back: the list's scroll comes back, with the focus on
		// its heading, which does not move it.
		const footer = page.getByRole('contentinfo').getByRole('link').first()
		await footer.focus()
		const bottom = await page.evaluate(() => window.scrollY)
		await page.keyboard.press('Enter')
		await expect(page).not.toHaveURL(LIST)
		await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
		expect(await page.evaluate(() => window.scrollY)).toBe(0)
		await page.goBack()
		await expect(page).toHaveURL(LIST)
		await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottom)
	})
})

/**
 * Where the focus ring of the focused element is, and whether it is seen: drawn (a solid outline
 * at least 2 px wide) and not covered at the element's centre and edges (elementFromPoint finds
 * the element or what is inside it there).
 */
function ringSeen(page: Page) {
	return page.evaluate(() => {
		const e = document.activeElement as HTMLElement
		const style = getComputedStyle(e)
		const r = e.getBoundingClientRect()
		// The centre and the middle of each edge (a rounded corner is not the element's).
		const [x, y, inset] = [r.left + r.width / 2, r.top + r.height / 2, 3]
		const points = [
			[x, y],
			[x, r.top + inset],
			[x, r.bottom - inset],
			[r.left + inset, y],
			[r.right - inset, y],
		] as const
		const covering = points.flatMap(([x, y]) => {
			const found = document.elementFromPoint(x, y)
			return !found || !(found === e || e.contains(found))
				? [`${Math.round(x)},${Math.round(y)} ${found?.className || found?.tagName}`]
				: []
		})
		const covered = covering.length ? covering.join('; ') : false
		const label =
			e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 30) ?? e.tagName.toLowerCase()
		return {
			label,
			drawn: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
			covered,
		}
	})
}

test.describe('the invoice list', () => {
	for (const viewport of [
		{ width: 1366, height: 900 },
		{ width: 390, height: 844 },
	]) {
		test(`at ${viewport.width} px every stop's focus ring is seen, none under the bar`, async ({
			page,
			login,
			enhanced,
		}) => {
			await page.setViewportSize(viewport)
			await login()
			await page.goto('/invoices')
			await ready(page, enhanced)
			const boxes = page.getByRole('checkbox', { name: /^Select invoice/ })
			for (const i of [0, 1, 2]) await boxes.nth(i).check()
			// On the first box by the keyboard (a click's focus shows no ring).
			await boxes.first().focus()
			await page.keyboard.press('Shift+Tab')
			await page.keyboard.press('Tab')
			const footer = page.getByRole('contentinfo')
			const problems: string[] = []
			let stops = 0
			while (!(await footer.evaluate((f) => f.contains(document.activeElement)))) {
				const seen = await ringSeen(page)
				if (!seen.drawn || seen.covered)
					problems.push(`${seen.label}: ${seen.drawn ? '' : 'no ring '}${seen.covered || ''}`)
				await page.keyboard.press('Tab')
				if (++stops > 80) throw new Error('the footer was not reached')
			}
			expect(stops).toBeGreaterThan(20)
			expect(problems).toEqual([])
		})
	}
})

test.describe('Tab counts that must not grow back', () => {
	test('the menu to a class: Hardware › Fasteners › Screws', async ({ page, login, enhanced }) => {
		await login()
		await page.goto('/')
		await ready(page, enhanced)
		const summary = page.locator('.products-menu > summary')
		const toMenu = await tabsTo(page, summary)
		await page.keyboard.press('Enter')
		const screws = page.locator('.products-menu a', { hasText: /^Screws$/ })
		let inMenu = 0
		if (enhanced) {
			// Arrow keys and type-ahead in the menu: no Tab at all.
			await page.keyboard.press('ArrowDown')
			await page.keyboard.type('har')
			await page.keyboard.type('f')
			await page.keyboard.type('s')
			await expect(screws).toBeFocused()
		} else inMenu = await tabsTo(page, screws)
		console.log(`menu to a class: ${toMenu} + ${inMenu} Tabs`)
		expect(toMenu + inMenu).toBeLessThanOrEqual(enhanced ? 3 : 59)
	})

	test('back to the 5th product after its dialog', async ({ page, login, enhanced }) => {
		await login()
		await page.goto(LIST)
		await ready(page, enhanced)
		const fifth = page.locator('.product-card').nth(4).locator('.product-card__title a')
		await fifth.focus()
		await page.keyboard.press('Enter')
		const dialog = page.getByRole('dialog')
		await expect(dialog).toBeVisible()
		if (enhanced) await page.keyboard.press('Escape')
		else {
			await dialog.getByRole('link', { name: 'Close' }).focus()
			await page.keyboard.press('Enter')
		}
		await expect(dialog).toHaveCount(0)
		const back = await tabsTo(page, fifth)
		console.log(`back to the 5th product: ${back} Tabs`)
		expect(back).toBeLessThanOrEqual(enhanced ? 0 : 1)
	})

	test('3 invoices selected, then Email Selected Invoices', async ({ page, login, enhanced }) => {
		await login()
		await page.goto('/invoices')
		await ready(page, enhanced)
		const boxes = page.getByRole('checkbox', { name: /^Select invoice/ })
		let tabs = await tabsTo(page, boxes.nth(0))
		await page.keyboard.press('Space')
		for (const i of [1, 2]) {
			tabs += await tabsTo(page, boxes.nth(i))
			await page.keyboard.press('Space')
		}
		const email = page.getByRole('button', { name: 'Email Selected Invoices' })
		const skip = page.getByRole('link', { name: /selected invoices/i })
		let rest: number
		if (await skip.count()) {
			rest = await tabsTo(page, skip, { back: true })
			await page.keyboard.press('Enter')
			rest += await tabsTo(page, email)
		} else rest = await tabsTo(page, email)
		console.log(`3 invoices to Email Selected Invoices: ${tabs} + ${rest} Tabs`)
		expect(tabs + rest).toBeLessThanOrEqual(enhanced ? 40 : 42)
	})
})
