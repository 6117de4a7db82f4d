import { renderToStaticMarkup } from 'react-dom/server'
import { oncePer } from './once.ts'
import { type MenuCategory } from './presenter/catalogue.ts'
import { BrowseCategory } from '#app/components/catalogue/browse-category.tsx'
import { MenuTree } from '#app/components/product-menu.tsx'

/**
 * Catalogue navigation that is the same for every customer, rendered to HTML once per menu (the
 * menu is cached once per process, so a new menu gets new markup): the masthead's product menu
 * (docs/decisions/014-product-menu-island.md) and the sidebar's 'BROWSE CATEGORY' for each type
 * (decision 030). Pages carry the string; React does not render these trees on every request.
 */
export const menuMarkup = oncePer((menu: MenuCategory[]) =>
	renderToStaticMarkup(<MenuTree menu={menu} />),
)

const browseMarkups = oncePer((_menu: MenuCategory[]) => new Map<string, string>())

/** 'BROWSE CATEGORY' with `category` open and its `type` marked: ids the menu has (the loader checks). */
export function browseMarkup(menu: MenuCategory[], category: string, type: string) {
	const markups = browseMarkups(menu)
	const key = `${category}/${type}`
	let markup = markups.get(key)
	if (markup === undefined) {
		markup = renderToStaticMarkup(<BrowseCategory menu={menu} category={category} type={type} />)
		markups.set(key, markup)
	}
	return markup
}
