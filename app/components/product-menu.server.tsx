import { renderToStaticMarkup } from 'react-dom/server'
import { oncePer } from '#app/.server/request/once.ts'
import { type MenuCategory } from '#app/.server/presenter/catalogue.ts'
import { MenuTree } from './product-menu.tsx'

/**
 * The masthead's product menu as HTML, made once per menu (the menu is cached once per process, so
 * a new menu gets new markup): pages carry the string as an island (html-island.tsx), and React
 * does not render the tree on every request (docs/decisions/014-product-menu-island.md).
 */
export const menuMarkup = oncePer((menu: MenuCategory[]) =>
	renderToStaticMarkup(<MenuTree menu={menu} />),
)
