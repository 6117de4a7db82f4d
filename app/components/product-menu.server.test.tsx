import { expect, test } from 'vitest'
import { menuMarkup } from './product-menu.server.tsx'
import { buildMenu } from '#app/.server/presenter/catalogue.ts'

const entry = (prodCategory: string, prodType: string, prodClass: string, menuDesc: string) => ({
	prodCategory,
	prodType,
	prodClass,
	menuDesc,
	menuFiles: '',
})
const menu = () =>
	buildMenu([
		entry('TIM', '', '', 'Timber'),
		entry('TIM', 'FRM', '', 'Framing Timber'),
		entry('TIM', 'FRM', 'MGP10', 'MGP10 Pine'),
		entry('BLD', '', '', 'Building & Materials'),
	])

test('the menu is made once per menu, and again for a new menu', () => {
	const first = menu()
	const html = menuMarkup(first)
	expect(html).toContain('<a href="/products/TIM/FRM/MGP10">MGP10 Pine</a>')
	expect(menuMarkup(first)).toBe(html)
	const renamed = menu()
	renamed[0]!.types[0]!.name = 'Structural Timber'
	expect(menuMarkup(renamed)).toContain('Structural Timber')
})
