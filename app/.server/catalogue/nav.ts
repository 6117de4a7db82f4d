import { type Widget } from '../presenter/contract/content.ts'
import { type Role } from '../presenter/contract/users.ts'
import { type Settings } from '../presenter/config.ts'

/** Top button bar entries are matched case-insensitively by label and need is_enabled. */
function enabledLabels(topbar: Widget[]) {
	return new Set(topbar.filter((w) => w.is_enabled).map((w) => w.label_object.trim().toLowerCase()))
}

export type JobLink = { label: string; href: string; type: 'link' | 'unlink' }

/**
 * What the top navigation shows for this customer; with the user's `role`,
 * Account Admin only for administrators (a sales user cannot administer users).
 */
export function buildNav(topbar: Widget[], settings: Settings, role?: Role) {
	const on = enabledLabels(topbar)
	const jobLinks: JobLink[] = topbar
		.filter(
			(w) =>
				w.is_enabled && w.object_value && (w.type_object === 'link' || w.type_object === 'unlink'),
		)
		.map((w) => ({
			label: w.label_object,
			href: w.object_value,
			type: w.type_object as JobLink['type'],
		}))
	return {
		products: on.has('products') && !settings.products_button_disabled,
		search: !settings.products_button_disabled,
		orders: on.has('quotes/orders'),
		invoices: on.has('invoices'),
		statements: on.has('statements'),
		customLists: on.has('custom lists'),
		myAccount: on.has('my account'),
		accountAdmin:
			on.has('account admin') && !settings.account_admin_button_disabled && role !== 'sales',
		downloads: on.has('downloads'),
		priceBook:
			on.has('price book') && settings.pricebook_enabled && !settings.pricebook_button_disabled,
		payAccount: on.has('pay account') && !settings.pay_account_button_disabled,
		jobLinks,
		cart: !settings.shopping_cart_disabled,
		cartSubtotal: !settings.hide_products_price,
	}
}
export type Nav = ReturnType<typeof buildNav>

const FOOTER_ROUTES: Record<string, string> = {
	'handy links': '/links',
	'support email': '/support',
	'store listing': '/stores',
	accountcontact: '/contact-a-representative',
}

/** The footer bar: enabled bottom link bar entries mapped by type. */
export function buildFooterLinks(bottombar: Widget[]) {
	return bottombar.flatMap((w) => {
		const to = FOOTER_ROUTES[w.type_object.trim().toLowerCase()]
		return w.is_enabled && to ? [{ label: w.label_object, to }] : []
	})
}

/**
 * The supplier's support address: the bottom link bar's Support Email entry with any prefix up to
 * and including a colon removed ('mailto:trade@…' → 'trade@…'); '' when there is none.
 */
export function supportEmailAddress(bottombar: Widget[]) {
	const entry = bottombar.find((w) => w.type_object.trim().toLowerCase() === 'support email')
	return entry ? entry.object_value.replace(/^[^:]*:/, '').trim() : ''
}
