import tinycolor from 'tinycolor2'
import { describe, expect, test } from 'vitest'
import { brightness, deriveTheme, themeCss } from './theme.ts'

const lighter = (colour: string, amount: number) => tinycolor(colour).lighten(amount).toHexString()
const darker = (colour: string, amount: number) => tinycolor(colour).darken(amount).toHexString()
const lightness = (colour: string) => tinycolor(colour).toHsl().l

const base = { primary: '#e85d04', masthead: '#1d3557', hyperlink: '#0b6e99' }

/**
 * Colours on either side of the theme's brightness boundaries. tinycolor's brightness is
 * (299 r + 587 g + 114 b) / 1000, so these sit exactly on, or 1/255000 either side of, 0.75 and 0.25.
 */
const MASTHEAD = {
	justBelow: '#46ffb5', // 0.7499961
	exactly: '#39f9f6', // 0.75
	justAbove: '#4df6d1', // 0.7500039
	greyBelow: '#bfbfbf', // 191/255 = 0.7490
	greyAbove: '#c0c0c0', // 192/255 = 0.7529
}
const LINK = {
	justBelow: '#0742c9', // 0.2499961
	exactly: '#006622', // 0.25
	justAbove: '#0e39e5', // 0.2500039
	greyBelow: '#3f3f3f', // 63/255 = 0.2471
	greyAbove: '#404040', // 64/255 = 0.2510
}

describe('brightness', () => {
	test("is tinycolor's perceived brightness as a 0–1 fraction", () => {
		expect(brightness('#000000')).toBe(0)
		expect(brightness('#ffffff')).toBe(1)
		expect(brightness('#fff')).toBe(1)
		expect(brightness('#bfbfbf')).toBeCloseTo(191 / 255, 12)
		expect(brightness('#ff0000')).toBeCloseTo(0.299, 12)
		expect(brightness('#00ff00')).toBeCloseTo(0.587, 12)
		expect(brightness('#0000ff')).toBeCloseTo(0.114, 12)
	})

	test('the boundary fixtures are where they claim to be', () => {
		expect(brightness(MASTHEAD.justBelow)).toBeLessThan(0.75)
		expect(brightness(MASTHEAD.justBelow)).toBeGreaterThan(0.7499)
		expect(brightness(MASTHEAD.exactly)).toBe(0.75)
		expect(brightness(MASTHEAD.justAbove)).toBeGreaterThan(0.75)
		expect(brightness(MASTHEAD.justAbove)).toBeLessThan(0.7501)
		expect(brightness(MASTHEAD.greyBelow)).toBeLessThan(0.75)
		expect(brightness(MASTHEAD.greyAbove)).toBeGreaterThan(0.75)

		expect(brightness(LINK.justBelow)).toBeLessThan(0.25)
		expect(brightness(LINK.justBelow)).toBeGreaterThan(0.2499)
		expect(brightness(LINK.exactly)).toBe(0.25)
		expect(brightness(LINK.justAbove)).toBeGreaterThan(0.25)
		expect(brightness(LINK.justAbove)).toBeLessThan(0.2501)
		expect(brightness(LINK.greyBelow)).toBeLessThan(0.25)
		expect(brightness(LINK.greyAbove)).toBeGreaterThan(0.25)
	})
})

describe('deriveTheme: primary', () => {
	test.each(['#e85d04', '#1d3557', '#0b6e99', '#777777', '#39f9f6', '#123'])(
		'%s: light is lighten(10), dark is darken(10)',
		(primary) => {
			const theme = deriveTheme({ ...base, primary })
			expect(theme['--primary']).toBe(tinycolor(primary).toHexString())
			expect(theme['--primary-light']).toBe(lighter(primary, 10))
			expect(theme['--primary-dark']).toBe(darker(primary, 10))
			// 10% is ten points of HSL lightness (hex rounding allows about half a point).
			expect(lightness(theme['--primary-light']) - lightness(primary)).toBeCloseTo(0.1, 2)
			expect(lightness(primary) - lightness(theme['--primary-dark'])).toBeCloseTo(0.1, 2)
		},
	)

	test('known values', () => {
		expect(deriveTheme({ ...base, primary: '#808080' })).toMatchObject({
			'--primary': '#808080',
			'--primary-light': '#999999',
			'--primary-dark': '#666666',
		})
	})

	test('lightness is clamped at white and black', () => {
		expect(deriveTheme({ ...base, primary: '#ffffff' })).toMatchObject({
			'--primary-light': '#ffffff',
			'--primary-dark': '#e6e6e6',
		})
		expect(deriveTheme({ ...base, primary: '#000000' })).toMatchObject({
			'--primary-light': '#1a1a1a',
			'--primary-dark': '#000000',
		})
	})
})

describe('deriveTheme: masthead hover (7.5% lighter below brightness 0.75, else 10% darker)', () => {
	test.each([
		['#1d3557', 'dark'],
		['#000000', 'black'],
		[MASTHEAD.greyBelow, 'grey just below'],
		[MASTHEAD.justBelow, '1/255000 below the boundary'],
	])('%s (%s) is lightened by 7.5', (masthead) => {
		const hover = deriveTheme({ ...base, masthead })['--masthead-hover']
		expect(hover).toBe(lighter(masthead, 7.5))
		expect(hover).not.toBe(darker(masthead, 10))
		expect(lightness(hover) - lightness(masthead)).toBeCloseTo(0.075, 2)
	})

	test.each([
		[MASTHEAD.exactly, 'exactly 0.75'],
		[MASTHEAD.justAbove, '1/255000 above the boundary'],
		[MASTHEAD.greyAbove, 'grey just above'],
		['#ffffff', 'white'],
	])('%s (%s) is darkened by 10', (masthead) => {
		const hover = deriveTheme({ ...base, masthead })['--masthead-hover']
		expect(hover).toBe(darker(masthead, 10))
		expect(hover).not.toBe(lighter(masthead, 7.5))
		expect(lightness(masthead) - lightness(hover)).toBeCloseTo(0.1, 2)
	})

	test('known values on either side of the boundary', () => {
		expect(deriveTheme({ ...base, masthead: '#bfbfbf' })['--masthead-hover']).toBe('#d2d2d2')
		expect(deriveTheme({ ...base, masthead: '#c0c0c0' })['--masthead-hover']).toBe('#a6a6a6')
		expect(deriveTheme({ ...base, masthead: '#ffffff' })['--masthead-hover']).toBe('#e6e6e6')
	})
})

describe('deriveTheme: hyperlink hover (10% lighter below brightness 0.25, else 10% darker)', () => {
	test.each([
		['#000000', 'black'],
		['#1d3557', 'dark navy'],
		[LINK.greyBelow, 'grey just below'],
		[LINK.justBelow, '1/255000 below the boundary'],
	])('%s (%s) is lightened by 10', (hyperlink) => {
		const hover = deriveTheme({ ...base, hyperlink })['--link-hover']
		expect(hover).toBe(lighter(hyperlink, 10))
		expect(lightness(hover) - lightness(hyperlink)).toBeCloseTo(0.1, 2)
	})

	test.each([
		[LINK.exactly, 'exactly 0.25'],
		[LINK.justAbove, '1/255000 above the boundary'],
		[LINK.greyAbove, 'grey just above'],
		['#0b6e99', 'the default link blue'],
		['#ffffff', 'white'],
	])('%s (%s) is darkened by 10', (hyperlink) => {
		const hover = deriveTheme({ ...base, hyperlink })['--link-hover']
		expect(hover).toBe(darker(hyperlink, 10))
		expect(lightness(hyperlink) - lightness(hover)).toBeCloseTo(0.1, 2)
	})

	test('known values on either side of the boundary', () => {
		expect(deriveTheme({ ...base, hyperlink: '#3f3f3f' })['--link-hover']).toBe('#585858')
		expect(deriveTheme({ ...base, hyperlink: '#404040' })['--link-hover']).toBe('#262626')
		expect(deriveTheme({ ...base, hyperlink: '#000000' })['--link-hover']).toBe('#1a1a1a')
	})

	test('the two rules use their own boundaries: 0.5 brightness is lighter for the masthead, darker for links', () => {
		const mid = '#808080'
		const theme = deriveTheme({ ...base, masthead: mid, hyperlink: mid })
		expect(theme['--masthead-hover']).toBe(lighter(mid, 7.5))
		expect(theme['--link-hover']).toBe(darker(mid, 10))
	})
})

describe('deriveTheme: base colours and contrast', () => {
	test('base colours are passed through as 6-digit hex', () => {
		const theme = deriveTheme({ primary: '#F80', masthead: '#1D3557', hyperlink: '#abc' })
		expect(theme['--primary']).toBe('#ff8800')
		expect(theme['--masthead']).toBe('#1d3557')
		expect(theme['--link']).toBe('#aabbcc')
	})

	test('contrast text is white on dark backgrounds and near-black on light ones', () => {
		const dark = deriveTheme({ ...base, primary: '#000000', masthead: '#1d3557' })
		expect(dark['--primary-contrast']).toBe('#ffffff')
		expect(dark['--masthead-contrast']).toBe('#ffffff')
		const light = deriveTheme({ ...base, primary: '#ffff00', masthead: '#ffffff' })
		expect(light['--primary-contrast']).toBe('#111111')
		expect(light['--masthead-contrast']).toBe('#111111')
	})
})

describe('themeCss', () => {
	test('emits one :root rule with every derived variable', () => {
		const css = themeCss(base)
		const theme = deriveTheme(base)
		const match = /^:root\{(.*)\}$/.exec(css)
		expect(match).not.toBeNull()
		const declarations = match![1]!.split(';').map((d) => d.split(':').map((part) => part.trim()))
		expect(Object.fromEntries(declarations)).toEqual(theme)
		expect(Object.keys(theme).sort()).toEqual(
			[
				'--primary',
				'--primary-light',
				'--primary-dark',
				'--primary-contrast',
				'--masthead',
				'--masthead-hover',
				'--masthead-contrast',
				'--link',
				'--link-hover',
			].sort(),
		)
	})

	test('carries the derived values', () => {
		const css = themeCss({ primary: '#808080', masthead: '#c0c0c0', hyperlink: '#3f3f3f' })
		expect(css).toContain('--primary:#808080;')
		expect(css).toContain('--primary-light:#999999;')
		expect(css).toContain('--primary-dark:#666666;')
		expect(css).toContain('--masthead-hover:#a6a6a6;')
		expect(css).toContain('--link:#3f3f3f;')
		expect(css).toMatch(/--link-hover:#585858[;}]/)
	})
})
