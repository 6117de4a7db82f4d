import { describe, expect, test } from 'vitest'
import { parseSettings, type Settings } from './config.ts'

const settings = (values: Record<string, string>) =>
	parseSettings(Object.entries(values).map(([name, value]) => ({ name, value })))

const FLAGS = [
	'pricebook_button_disabled',
	'pay_account_button_disabled',
	'account_admin_button_disabled',
	'hide_products_price',
	'hide_review_price',
	'hide_finalise_price',
	'shopping_cart_disabled',
	'products_button_disabled',
	'tax_inclusive',
	'pricebook_enabled',
	'tax_mode',
] as const satisfies ReadonlyArray<keyof Settings>

const TEXTS = [
	'help_text',
	'login_text',
	'status_message_on_hold',
	'status_message_suspended',
	'payment_provider',
	'windriver_checkout_key',
	'GMAPS_API_KEY',
] as const satisfies ReadonlyArray<keyof Settings>

describe('parseSettings', () => {
	test('no settings: every default', () => {
		const parsed = parseSettings([])
		expect(parsed).toEqual({
			...Object.fromEntries(FLAGS.map((f) => [f, false])),
			...Object.fromEntries(TEXTS.map((t) => [t, ''])),
			pagesize: 12,
			locale: 'en-AU',
			currency: 'AUD',
		})
		expect(parsed.initial_branchID).toBeUndefined()
	})

	test('every flag and text is listed here, so none misses its default', () => {
		const keys = Object.keys(parseSettings([])).sort()
		const expected = [...FLAGS, ...TEXTS, 'pagesize', 'locale', 'currency'].sort()
		// initial_branchID is optional: absent when not set.
		expect(keys.filter((k) => k !== 'initial_branchID')).toEqual(expected)
	})

	describe('flags', () => {
		test.each(['true', 'TRUE', 'True', '1', 'Y', 'y', 'yes', 'YES', ' yes ', '\ttrue\n'])(
			'%j is true',
			(value) => {
				for (const flag of FLAGS) expect(settings({ [flag]: value })[flag]).toBe(true)
			},
		)

		test.each(['false', 'FALSE', '0', '', 'N', 'no', 'off', '2', 'truthy', 'enabled'])(
			'%j is false',
			(value) => {
				for (const flag of FLAGS) expect(settings({ [flag]: value })[flag]).toBe(false)
			},
		)

		test('flags are independent of each other', () => {
			const parsed = settings({ hide_products_price: 'Y', tax_inclusive: '0', tax_mode: 'yes' })
			expect(parsed.hide_products_price).toBe(true)
			expect(parsed.tax_inclusive).toBe(false)
			expect(parsed.tax_mode).toBe(true)
			expect(parsed.shopping_cart_disabled).toBe(false)
		})
	})

	describe('locale and currency', () => {
		test.each(['en-AU', 'en-US'])('locale %s is kept', (locale) => {
			expect(settings({ locale }).locale).toBe(locale)
		})

		test.each(['fr-FR', 'en-au', 'EN-US', 'en_US', '', ' en-US'])(
			'an invalid locale %j falls back to en-AU',
			(locale) => {
				expect(settings({ locale }).locale).toBe('en-AU')
			},
		)

		test.each(['AUD', 'USD', 'US'])('currency %s is kept', (currency) => {
			expect(settings({ currency }).currency).toBe(currency)
		})

		test.each(['EUR', 'aud', '$', '', 'AUD '])(
			'an invalid currency %j falls back to AUD',
			(currency) => {
				expect(settings({ currency }).currency).toBe('AUD')
			},
		)

		test('an invalid locale does not spoil the rest', () => {
			const parsed = settings({ locale: 'xx', currency: 'USD', pagesize: '24', tax_mode: 'true' })
			expect(parsed).toMatchObject({
				locale: 'en-AU',
				currency: 'USD',
				pagesize: 24,
				tax_mode: true,
			})
		})
	})

	describe('pagesize', () => {
		test.each([
			['24', 24],
			['1', 1],
			['200', 200],
			[' 36 ', 36],
			['48.0', 48],
		])('%j is %i', (value, expected) => {
			expect(settings({ pagesize: value }).pagesize).toBe(expected)
		})

		test.each(['0', '-5', '201', '1000', '12.5', 'abc', '', 'Infinity', 'NaN'])(
			'%j is out of bounds or not a whole number: 12',
			(value) => {
				expect(settings({ pagesize: value }).pagesize).toBe(12)
			},
		)
	})

	describe('initial_branchID', () => {
		test('a whole number is coerced', () => {
			expect(settings({ initial_branchID: '7' }).initial_branchID).toBe(7)
		})

		test.each(['abc', '1.5'])('%j is dropped', (value) => {
			expect(settings({ initial_branchID: value }).initial_branchID).toBeUndefined()
		})
	})

	test('texts are kept as they are', () => {
		const html = '<p>Call us on <a href="tel:1300">1300</a></p>'
		const parsed = settings({ login_text: html, help_text: '  spaced  ', GMAPS_API_KEY: 'k-1' })
		expect(parsed.login_text).toBe(html)
		expect(parsed.help_text).toBe('  spaced  ')
		expect(parsed.GMAPS_API_KEY).toBe('k-1')
	})

	test('unknown settings are ignored', () => {
		const parsed = settings({ something_new: 'true', pagesize: '30' })
		expect(parsed).not.toHaveProperty('something_new')
		expect(parsed.pagesize).toBe(30)
	})

	test('a setting listed twice takes its last value (customer over company defaults)', () => {
		const parsed = parseSettings([
			{ name: 'hide_products_price', value: 'false' },
			{ name: 'pagesize', value: '12' },
			{ name: 'hide_products_price', value: 'true' },
			{ name: 'pagesize', value: '48' },
		])
		expect(parsed.hide_products_price).toBe(true)
		expect(parsed.pagesize).toBe(48)
	})
})
