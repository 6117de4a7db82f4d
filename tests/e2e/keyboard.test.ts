import AxeBuilder from '@axe-core/playwright'
import { type Locator, type Page } from '@playwright/test'
import { addToCart, expect, fillCheckout, hydrated, test, type SandboxControl } from './fixtures.ts'

/**
 * Keyboard and screen reader paths, driven with the keyboard only: where focus goes after a dialog
 * closes, after a post and after a navigation, whether the focus ring is seen at every stop, and
 * how many Tabs the long paths take (docs/decisions/063-focus-and-announcements.md).
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
	/**
	 * The summary has the focus and links to each refused field in the page's order, by its
	 * message (after its label on a form whose messages do not name their fields); a link takes
	 * the focus to its field.
	 */
	async function summaryLinksFields(page: Page, fields: string[], labelled = false) {
		const summary = page.getByRole('group', { name: 'There is a problem' })
		await expect(summary).toBeFocused()
		const links = summary.getByRole('link')
		await expect(links).toHaveCount(fields.length)
		for (const [i, label] of fields.entries()) {
			const href = await links.nth(i).getAttribute('href')
			const field = page.locator(`[id="${href!.slice(1)}"]`)
			await expect(field).toHaveAccessibleName(label)
			const text = (await links.nth(i).innerText()).replace(labelled ? `${label}: ` : '', '')
			await expect(field).toHaveAccessibleDescription(
				new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
			)
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
		await summaryLinksFields(page, ['Email address'], true)
	})

	test('Add Account', async ({ page, login }) => {
		await login()
		await page.goto('/admin/account/new')
		await page.getByRole('button', { name: 'Add Account' }).click()
		await summaryLinksFields(
			page,
			['Username', 'Password', 'Confirm password', 'First name', 'Last name', 'Email address'],
			true,
		)
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

test.describe('menus', () => {
	test('Escape closes a menu wherever the focus is, and leaving it closes it @js-only', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/')
		await ready(page, true)
		const account = page.locator('.account-menu')
		const summary = account.locator('summary')
		await summary.focus()
		await page.keyboard.press('Enter')
		await expect(account).toHaveAttribute('open')
		// The focus leaves it (Tab past its last entry, to the cart).
		await page.getByRole('button', { name: 'Sign Out' }).focus()
		await page.keyboard.press('Tab')
		await expect(account).not.toHaveAttribute('open')
		// Open, then the focus elsewhere in the page: Escape still closes it.
		await summary.focus()
		await page.keyboard.press('Enter')
		await expect(account).toHaveAttribute('open')
		await page.getByRole('heading', { level: 1 }).focus()
		await page.keyboard.press('Escape')
		await expect(account).not.toHaveAttribute('open')
	})

	test('the menu keys: Down opens it, Down, Up, Home, End and letters move @js-only', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto('/')
		await ready(page, true)
		const menu = page.locator('.products-menu')
		await menu.locator('> summary').focus()
		await page.keyboard.press('ArrowDown')
		await expect(menu).toHaveAttribute('open')
		await expect(menu.getByRole('link', { name: 'All Products' })).toBeFocused()
		await page.keyboard.press('ArrowDown')
		await expect(menu.getByRole('link', { name: 'Timber', exact: true })).toBeFocused()
		await page.keyboard.press('End')
		const last = menu.locator('a').last()
		await expect(last).toBeFocused()
		await page.keyboard.press('ArrowDown')
		await expect(menu.getByRole('link', { name: 'All Products' })).toBeFocused()
		await page.keyboard.press('ArrowUp')
		await expect(last).toBeFocused()
		await page.keyboard.press('Home')
		await page.keyboard.type('roof')
		await expect(menu.getByRole('link', { name: 'Roofing', exact: true })).toBeFocused()
		await page.keyboard.press('Escape')
		await expect(menu).not.toHaveAttribute('open')
		await expect(menu.locator('> summary')).toBeFocused()
	})
})

test.describe('names', () => {
	test('menus without their ▾, links told apart by product, named search and sidebar', async ({
		page,
		login,
	}) => {
		await login()
		await page.goto(LIST)
		for (const name of ['Products', 'Search', 'My Account'])
			await expect(
				page.locator('.masthead .dropdown > summary').filter({ hasText: new RegExp(`^${name}$`) }),
			).toHaveAccessibleName(name)
		const names = async (name: RegExp) =>
			page.getByRole('link', { name }).evaluateAll((links) => links.map((l) => l.textContent))
		for (const [list, name] of [
			[LIST, /^Tally /],
			['/products/HWR/FAS/NAI', /^View Datasheet for /],
		] as const) {
			await page.goto(list)
			const all = await names(name)
			expect(all.length, `${name}`).toBeGreaterThan(3)
			expect(new Set(all).size).toBe(all.length)
		}
		await page.goto(LIST)
		await expect(page.getByRole('search', { name: 'MGP12 Pine' })).toHaveCount(1)
		await expect(page.getByRole('searchbox', { name: 'Search MGP12 Pine' })).toHaveCount(1)
		await expect(page.getByRole('complementary', { name: 'Categories' })).toHaveCount(1)
		await page.locator('.search-toggle summary').click()
		await expect(page.getByRole('search', { name: 'Products' })).toHaveCount(1)
	})

	test('the sidebar comes before the products, as it is seen', async ({ page, login }) => {
		await login()
		await page.goto(LIST)
		const sidebar = page.getByRole('complementary', { name: 'Categories' })
		const first = page.locator('.product-card__title a').first()
		expect(
			await sidebar.evaluate(
				(aside, card) =>
					Boolean(aside.compareDocumentPosition(card!) & Node.DOCUMENT_POSITION_FOLLOWING),
				await first.elementHandle(),
			),
		).toBe(true)
		await expect(sidebar.getByRole('link').first()).toBeVisible()
	})
})

/** The contrast of two colours (rgb() strings), WCAG's formula. */
function contrastOf(page: Page, element: Locator) {
	return element.evaluate((e) => {
		const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
		const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
			const ch = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
			return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)
		}
		// What is behind the ring: drawn outside the element, so its parent's first opaque colour.
		let behind = [255, 255, 255]
		for (let p = e.parentElement; p; p = p.parentElement) {
			const c = rgb(getComputedStyle(p).backgroundColor)
			if (c[3] !== 0) {
				behind = c
				break
			}
		}
		const ring = luminance(rgb(getComputedStyle(e).outlineColor))
		const back = luminance(behind)
		return (Math.max(ring, back) + 0.05) / (Math.min(ring, back) + 0.05)
	})
}

test.describe('the focus ring', () => {
	for (const viewport of [
		{ width: 1366, height: 900 },
		{ width: 390, height: 844 },
	]) {
		test(`at ${viewport.width} px it stands out 3:1 on the masthead and its open menus`, async ({
			page,
			login,
			enhanced,
		}) => {
			await page.setViewportSize(viewport)
			await login()
			await page.goto('/')
			await ready(page, enhanced)
			const phone = viewport.width < 1250
			if (phone) {
				await page.locator('#site-menu').focus()
				await page.keyboard.press('Space')
			}
			await page.locator('.products-menu > summary').focus()
			await page.keyboard.press('Enter')
			const low: string[] = []
			// Every stop from the logo through the open menu and the rest of the masthead.
			await page.locator('.masthead__logo').focus()
			for (let i = 0; i < 40; i++) {
				const focused = page.locator(':focus')
				if (!(await focused.evaluate((e) => Boolean(e.closest('.masthead'))))) break
				const ratio = await contrastOf(page, focused)
				if (ratio < 3)
					low.push(
						`${await focused.evaluate((e) => e.textContent?.trim().slice(0, 20))} ${ratio.toFixed(2)}:1`,
					)
				await page.keyboard.press('Tab')
			}
			expect(low).toEqual([])
		})
	}
})

test.describe('the carousel', () => {
	test('its banners show their focus ring, drawn inside them', async ({ page, login }) => {
		await login()
		await page.goto('/')
		const banner = page.getByRole('region', { name: 'Promotions' }).getByRole('link').first()
		await banner.focus()
		await page.keyboard.press('Shift+Tab')
		await page.keyboard.press('Tab')
		const ring = await banner.evaluate((a) => {
			const style = getComputedStyle(a)
			return {
				style: style.outlineStyle,
				// Width plus offset at most 0: the ring is inside the banner, which no box clips.
				outside: parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset),
			}
		})
		expect(ring.style).toBe('solid')
		expect(ring.outside).toBeLessThanOrEqual(0)
	})

	test.describe('with a clock of its own', () => {
		test.use({ freshContext: true })

		test('Pause, first in it, stops the autoplay; Play starts it again @js-only', async ({
			page,
			login,
		}) => {
			await page.clock.install()
			await login()
			await page.goto('/')
			await ready(page, true)
			const carousel = page.getByRole('region', { name: 'Promotions' })
			const track = page.locator('.carousel__track')
			const position = () => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))
			const pause = carousel.getByRole('button', { name: 'Pause' })
			await pause.focus()
			await page.keyboard.press('Enter')
			await expect(carousel.getByRole('button', { name: 'Play' })).toBeFocused()
			// The focus leaves the carousel: it stays stopped.
			await page.keyboard.press('Shift+Tab')
			await page.clock.runFor(45_000)
			expect(await position()).toBe(0)
			await carousel.getByRole('button', { name: 'Play' }).focus()
			await page.keyboard.press('Enter')
			await page.keyboard.press('Shift+Tab')
			await page.clock.runFor(15_000)
			await expect.poll(position).toBe(1)
		})
	})
})

test('without JS an overlay dialog holds the focus @nojs-only', async ({ page, login }) => {
	await login()
	await addToCart(page, 'HNAI001', 1)
	await page.goto('/cart?dialog=clear')
	const dialog = page.getByRole('dialog', { name: 'Clear All' })
	const outside: string[] = []
	for (let i = 0; i < 12; i++) {
		await page.keyboard.press('Tab')
		const where = await dialog.evaluate((d) => {
			const active = document.activeElement
			return !active || active === document.body || d.contains(active)
				? null
				: (active.textContent?.trim().slice(0, 20) ?? active.tagName)
		})
		if (where) outside.push(where)
	}
	expect(outside).toEqual([])
})

test.describe('the tally and the cart say what changed', () => {
	test('Add new line puts the focus on the new row; the totals are said', async ({
		page,
		login,
		enhanced,
	}) => {
		await login()
		await page.goto(`${LIST}?product=TMGP12005&dialog=tally`)
		await ready(page, enhanced)
		const dialog = page.getByRole('dialog', { name: /^Tally:/ })
		await dialog.getByRole('spinbutton', { name: 'Length, line 1' }).fill('3.6')
		await dialog.getByRole('spinbutton', { name: 'Qty, line 1' }).fill('2')
		await dialog.getByRole('button', { name: 'Add new line' }).focus()
		await page.keyboard.press('Enter')
		await expect(dialog.getByRole('spinbutton', { name: 'Length, line 2' })).toBeFocused()
		await expect(dialog.getByLabel('Tally totals')).toHaveAttribute('aria-live', 'polite')
	})

	test('the cart stepper says its new quantity and that it is saved @js-only', async ({
		page,
		login,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/cart')
		await ready(page, true)
		const plus = page.getByRole('button', { name: /^Increase quantity of/ })
		await plus.focus()
		await page.keyboard.press('Enter')
		const line = page.locator('.cart-line')
		await expect(line.getByRole('status').filter({ hasText: /quantity of .* 3$/i })).toHaveCount(1)
		await expect(line.getByRole('status').filter({ hasText: 'Saved' })).toHaveCount(1)
		await expect(plus).toBeFocused()
	})
})

/** axe's violations on the page, tap-target size included (WCAG 2.2 AA 2.5.8; off by default). */
async function axe(page: Page) {
	const { violations } = await new AxeBuilder({ page })
		.options({ rules: { 'target-size': { enabled: true } } })
		.analyze()
	return violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test.describe('axe with target-size @js-only', () => {
	/** Fails with what axe found. */
	async function passes(page: Page, what: string) {
		expect(await axe(page), what).toEqual([])
	}

	test('the menu, a product list, invoices selected, the cart after a save', async ({
		page,
		login,
	}) => {
		await login()
		await addToCart(page, 'HNAI001', 2)
		await page.goto('/')
		await ready(page, true)
		await page.locator('.products-menu > summary').focus()
		await page.keyboard.press('ArrowDown')
		await passes(page, 'home, the product menu open')
		await page.goto(LIST)
		await ready(page, true)
		await passes(page, 'a product list')
		await page.goto('/invoices')
		await ready(page, true)
		const boxes = page.getByRole('checkbox', { name: /^Select invoice/ })
		for (const i of [0, 1, 2]) await boxes.nth(i).check()
		await page.getByRole('link', { name: /selected invoices/i }).focus()
		await passes(page, 'invoices, 3 selected')
		await page.goto('/cart')
		await ready(page, true)
		await page.getByRole('button', { name: /^Increase quantity of/ }).click()
		const saved = page.locator('.cart-line').getByRole('status').filter({ hasText: 'Saved' })
		await expect(saved).toHaveCount(1)
		await passes(page, 'the cart, a quantity saved')
	})

	test('refused forms with their error summary', async ({ page, login, sandbox }) => {
		const refused = async (button: string, what: string) => {
			await page.getByRole('button', { name: button }).click()
			await expect(page.getByRole('group', { name: 'There is a problem' })).toBeVisible()
			await passes(page, what)
		}
		await page.goto('/login')
		await ready(page, true)
		await refused('Sign in', 'login')
		await login()
		await addToCart(page, 'HNAI001', 1)
		await page.goto('/checkout')
		await ready(page, true)
		await page.getByLabel('Contact name').fill('')
		await refused('Confirm Order', 'checkout')
		await page.goto(`/orders/${await firstRef(sandbox, 'Order')}?dialog=email`)
		await ready(page, true)
		await page.getByLabel('Email address').fill('not-an-email')
		await refused('Send', 'the email dialog')
	})
})
