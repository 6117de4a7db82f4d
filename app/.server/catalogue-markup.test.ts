import { expect, test } from 'vitest'
import { browseMarkup, menuMarkup } from './catalogue-markup.tsx'
import { buildMenu } from './presenter/catalogue.ts'

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
		entry('TIM', 'DEC', '', 'Decking'),
		entry('BLD', '', '', 'Building & Materials'),
		entry('BLD', 'PLB', '', 'Plasterboard'),
	])

test("'BROWSE CATEGORY' opens the page's category and marks its type as the current page", () => {
	const html = browseMarkup(menu(), 'TIM', 'DEC')
	expect(html).toContain('<h2 id="browse-category" class="sidebar__title">BROWSE CATEGORY</h2>')
	expect(html).toContain(
		'<details name="browse-category" open=""><summary>Timber</summary><ul><li><a href="/products/TIM/FRM">Framing Timber</a></li><li><a href="/products/TIM/DEC" class="active" aria-current="page">Decking</a></li>',
	)
	expect(html).toContain(
		'<details name="browse-category"><summary>Building &amp; Materials</summary><ul><li><a href="/products/BLD/PLB">Plasterboard</a>',
	)
	expect(html.match(/aria-current/g)).toHaveLength(1)
})

test('markup is made once per menu and type, and again for a new menu', () => {
	const first = menu()
	const html = browseMarkup(first, 'TIM', 'FRM')
	expect(browseMarkup(first, 'TIM', 'FRM')).toBe(html)
	expect(browseMarkup(first, 'TIM', 'DEC')).not.toBe(html)
	const renamed = menu()
	renamed[0]!.types[0]!.name = 'Structural Timber'
	expect(browseMarkup(renamed, 'TIM', 'FRM')).toContain('>Structural Timber</a>')
	expect(menuMarkup(first)).toBe(menuMarkup(first))
	expect(menuMarkup(renamed)).toContain('Structural Timber')
})
