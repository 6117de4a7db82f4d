import { describe, expect, test } from 'vitest'
import { buildFooterLinks, buildNav } from './nav.ts'
import { type Widget } from '../presenter/contract/content.ts'
import { parseSettings } from '../presenter/config.ts'

const button = (label: string, is_enabled = true): Widget => ({
	label_object: label,
	type_object: 'button',
	object_value: '',
	object_value_2: '',
	is_enabled,
	desc_object: '',
})
const all = [
	'Products',
	'Quotes/Orders',
	'Invoices',
	'Statements',
	'Custom Lists',
	'My Account',
	'Account Admin',
	'Downloads',
	'Price Book',
	'Pay Account',
].map((l) => button(l))
const settings = (values: Record<string, string> = {}) =>
	parseSettings(
		Object.entries({ pricebook_enabled: 'true', ...values }).map(([name, value]) => ({
			name,
			value,
		})),
	)

describe('buildNav', () => {
	test('everything enabled shows every entry', () => {
		const nav = buildNav(all, settings())
		expect(nav).toMatchObject({
			products: true,
			search: true,
			orders: true,
			invoices: true,
			statements: true,
			customLists: true,
			myAccount: true,
			accountAdmin: true,
			downloads: true,
			priceBook: true,
			payAccount: true,
			cart: true,
			cartSubtotal: true,
		})
	})
	test('labels match case-insensitively and need is_enabled', () => {
		const nav = buildNav([button('INVOICES'), button('statements', false)], settings())
		expect(nav.invoices).toBe(true)
		expect(nav.statements).toBe(false)
		expect(nav.orders).toBe(false)
	})
	test.each([
		['products_button_disabled', ['products', 'search']],
		['account_admin_button_disabled', ['accountAdmin']],
		['pricebook_button_disabled', ['priceBook']],
		['pay_account_button_disabled', ['payAccount']],
		['shopping_cart_disabled', ['cart']],
		['hide_products_price', ['cartSubtotal']],
	] as const)('%s hides %j', (flag, hidden) => {
		const nav = buildNav(all, settings({ [flag]: 'true' }))
		for (const key of hidden) expect(nav[key]).toBe(false)
	})
	test('price book also needs the price-book-enabled flag', () => {
		expect(buildNav(all, settings({ pricebook_enabled: 'false' })).priceBook).toBe(false)
	})
	test('job-management links need is_enabled and an address', () => {
		const link = {
			...button('Link Tradify'),
			type_object: 'link',
			object_value: 'https://example.com',
		}
		const off = {
			...button('Unlink Tradify', false),
			type_object: 'unlink',
			object_value: 'https://example.com',
		}
		expect(buildNav([link, off], settings()).jobLinks).toEqual([
			{ label: 'Link Tradify', href: 'https://example.com', type: 'link' },
		])
	})
})

test('footer links map enabled bottom link bar entries by type', () => {
	const entry = (label: string, type: string, is_enabled = true) => ({
		...button(label, is_enabled),
		type_object: type,
	})
	expect(
		buildFooterLinks([
			entry('Handy Links', 'Handy Links'),
			entry('Support', 'Support Email'),
			entry('Stores', 'Store Listing', false),
			entry('Rep', 'AccountContact'),
			entry('Other', 'Unknown'),
		]),
	).toEqual([
		{ label: 'Handy Links', to: '/links' },
		{ label: 'Support', to: '/support' },
		{ label: 'Rep', to: '/contact-a-representative' },
	])
})
