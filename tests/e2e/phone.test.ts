import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { addToCart, expect, test, type SandboxControl } from './fixtures.ts'

/** Every signed-in page, dialogs included; refs come from the sandbox so they always exist. */
async function signedInPages(sandbox: SandboxControl) {
	const all = await sandbox.transactions('demo')
	const ref = (type: string) => {
		const t = all.find((x) => x.transactionType === type)!
		return `${t.transactionNumber}-${t.transactionSuffix}`
	}
	const list = (await sandbox.carts('demo')).find((c) => c.sessionType === 'Custom')!
	const user = (await sandbox.users('demo')).find((u) => u.username === 'tbaker')!
	const [order, quote, invoice] = [ref('Order'), ref('Quote'), ref('Invoice')]
	return [
		'/',
		'/products',
		'/products/TIM',
		'/products/TIM/FRM',
		'/products/TIM/FRM?view=grid',
		'/products/TIM/FRM/MGP10',
		'/products/HWR/FAS/NAI?product=HNAI001',
		'/products/TIM/FRM/H2F?product=TH2F004&dialog=tally',
		'/search?value=nails',
		'/cart',
		'/cart?dialog=clear',
		'/cart?dialog=save-list',
		'/quick-order',
		'/checkout',
		`/checkout/complete?type=Order&number=${order.split('-')[0]}`,
		'/orders',
		`/orders/${order}`,
		`/orders/${order}?dialog=email`,
		`/quotes/${quote}`,
		`/quotes/${quote}?dialog=accept`,
		`/invoices/${invoice}`,
		`/invoices/${invoice}?dialog=comment`,
		`/orders/${order}?dialog=request-change`,
		'/invoices',
		'/statements',
		'/statements/2026-09-30',
		'/statements/2026-09-30?dialog=email',
		'/custom-lists',
		`/custom-lists/${list.cartSessionId}`,
		`/custom-lists/${list.cartSessionId}?dialog=delete`,
		'/admin',
		'/admin/account/new',
		`/admin/account/${user.id_user}`,
		`/admin/account/${user.id_user}?dialog=delete`,
		'/downloads',
		'/pricebook',
		'/pricebook?dialog=request-changes',
		'/pay-account',
		'/payment-cancelled',
		'/payment-fail',
		'/support',
		'/contact-a-representative',
		'/stores',
		'/stores?map=1',
		'/stores?near=Penrith&map=3',
		'/stores?near=Atlantis',
		'/links',
		'/request-error?msg=Transaction%20not%20found',
		'/playground',
		'/no-such-page',
	]
}

/** Signed out: the sign-in and registration forms, submitted empty. */
const PUBLIC_FORMS = [
	{ path: '/login', button: 'Sign in' },
	{ path: '/register', button: 'Register' },
]

/** Forms submitted empty or with a bad value, so their errors show (axe checks them then). */
function formsWithErrors(
	pages: string[],
): Array<{ path: string; button: string; fill?: { label: string; value: string } }> {
	const dialog = (prefix: string) =>
		pages.find((p) => p.startsWith(prefix) && p.includes('?dialog'))!
	const badEmail = { label: 'Email address', value: 'not-an-email' }
	return [
		{ path: '/checkout', button: 'Confirm Order' },
		{ path: '/admin/account/new', button: 'Add Account' },
		{
			path: '/pay-account',
			button: 'Proceed to Payment',
			fill: { label: 'Amount', value: '1.234' },
		},
		{ path: '/support', button: 'Submit' },
		{ path: '/quick-order', button: 'Check lines' },
		{ path: '/cart?dialog=save-list', button: 'Save' },
		{ path: '/playground', button: 'Submit' },
		{ path: '/products/TIM/FRM/H2F?product=TH2F004&dialog=tally', button: 'Add to Cart' },
		{ path: dialog('/orders/'), button: 'Send', fill: badEmail },
		{ path: dialog('/quotes/'), button: 'Accept' },
		{
			path: `${dialog('/orders/').split('?')[0]}?dialog=request-change`,
			button: 'Send',
			fill: badEmail,
		},
		{ path: dialog('/statements/'), button: 'Send', fill: badEmail },
	]
}

/** The document is no wider than the window: nothing scrolls sideways. */
function overflow(page: Page) {
	return page.evaluate(() => {
		const { scrollWidth } = document.documentElement
		return scrollWidth > window.innerWidth ? `${scrollWidth} px wide` : null
	})
}

/**
 * The visible entries (links, summaries, buttons) of the main navigation whose text has less than
 * 4.5:1 contrast with the first opaque background behind it. Plain DOM, so it also runs without JS.
 */
function menuContrast(page: Page) {
	return page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => {
		const rgba = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number)
		const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
			const channel = (v: number) =>
				(v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
			return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
		}
		const background = (element: Element | null) => {
			for (let e = element; e; e = e.parentElement) {
				const colour = rgba(getComputedStyle(e).backgroundColor)
				if (colour[3] !== 0) return colour
			}
			return [255, 255, 255]
		}
		const entries = [...nav.querySelectorAll('a, summary, button')].filter((e) =>
			e.checkVisibility(),
		)
		const low = entries.flatMap((e) => {
			const [a, b] = [luminance(rgba(getComputedStyle(e).color)), luminance(background(e))]
			const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
			return ratio < 4.5 ? [`'${e.textContent?.trim()}' ${ratio.toFixed(2)}:1`] : []
		})
		return { checked: entries.length, low }
	})
}

async function axe(page: Page, include?: string) {
	// Legacy mode and violations only: the same rules, in about half the time. Tap targets of at
	// least 24 × 24 px, or that far apart (WCAG 2.2 AA 2.5.8; axe leaves it off by default).
	const builder = new AxeBuilder({ page })
		.setLegacyMode()
		.options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
	const { violations } = await (include ? builder.include(include) : builder).analyze()
	return violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/**
 * Every signed-in page, at a phone's and a laptop's size, with and without JS: nothing scrolls
 * sideways and the menu's entries are readable (the phone's drawer, the laptop's mega-menu). With
 * JS at phone size axe also checks every page, and the forms with their errors shown; axe needs
 * JS in the page, and the server renders the same HTML for both.
 */
for (const viewport of [
	{ width: 390, height: 844 },
	{ width: 1366, height: 900 },
]) {
	test.describe(`at ${viewport.width}×${viewport.height}`, () => {
		test.use({ viewport, reducedMotion: 'reduce' })

		test('every page fits and the menu is readable', async ({ page, login, sandbox, enhanced }) => {
			const withAxe = enhanced && viewport.width < 1250
			// Some fifty pages, each run through axe with JS on a phone: minutes on a busy machine.
			test.setTimeout(withAxe ? 600_000 : 180_000)
			const problems: string[] = []
			const showErrors = async (form: ReturnType<typeof formsWithErrors>[number]) => {
				await page.goto(form.path)
				// The server's own messages: the browser's checks would stop the submission.
				await page.evaluate(() =>
					document.querySelectorAll('form').forEach((f) => (f.noValidate = true)),
				)
				if (form.fill) await page.getByLabel(form.fill.label).fill(form.fill.value)
				const button = page.getByRole('button', { name: form.button, exact: true }).first()
				// A button that dims while the form is invalid has its messages showing already.
				if (await button.isEnabled()) await button.click()
				await expect(page.locator('.error-list, .field-error').first(), form.path).toBeVisible()
				for (const v of await axe(page)) problems.push(`${form.path} with errors: ${v}`)
			}
			if (withAxe) for (const form of PUBLIC_FORMS) await showErrors(form)
			await login()
			await addToCart(page, 'HNAI001', 2)
			const pages = await signedInPages(sandbox)
			for (const path of pages) {
				await page.goto(path)
				const wide = await overflow(page)
				if (wide) problems.push(`${path}: ${wide}`)
				if (withAxe) for (const v of await axe(page)) problems.push(`${path}: ${v}`)
			}

			await page.goto('/')
			if (viewport.width < 1250) await page.locator('#site-menu').click()
			await page.locator('.products-menu > summary').click()
			if (viewport.width < 1250) await page.locator('.drill > summary').first().click()
			const menu = await menuContrast(page)
			expect(menu.checked, 'menu entries checked').toBeGreaterThan(20)
			problems.push(...menu.low.map((low) => `menu: ${low}`))
			if (withAxe) for (const v of await axe(page, 'nav')) problems.push(`menu: ${v}`)

			if (withAxe) {
				for (const form of formsWithErrors(pages)) await showErrors(form)
			}
			expect(problems).toEqual([])
		})
	})
}
