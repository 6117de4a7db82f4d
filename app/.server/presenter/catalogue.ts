import * as contract from './contract/catalogue.ts'
import { type MenuEntry } from './contract/catalogue.ts'
import { type PresenterContext } from './context.ts'

export type MenuClass = { id: string; name: string; image: string }
export type MenuType = MenuClass & { classes: MenuClass[] }
export type MenuCategory = MenuClass & { types: MenuType[] }

/** Builds the category → type → class hierarchy from the flat menu rows. */
export function buildMenu(entries: MenuEntry[]): MenuCategory[] {
	const node = (id: string, e: MenuEntry) => ({ id, name: e.menuDesc, image: e.menuFiles })
	const categories = entries
		.filter((e) => !e.prodType && !e.prodClass)
		.map((e) => ({ ...node(e.prodCategory, e), types: [] as MenuType[] }))
	for (const category of categories) {
		category.types = entries
			.filter((e) => e.prodCategory === category.id && e.prodType && !e.prodClass)
			.map((e) => ({
				...node(e.prodType, e),
				classes: entries
					.filter((c) => c.prodCategory === category.id && c.prodType === e.prodType && c.prodClass)
					.map((c) => node(c.prodClass, c)),
			}))
	}
	return categories
}

export function catalogueApi({ client, config }: PresenterContext) {
	return {
		async getMenu() {
			const reply = await client.call(contract.getProductMenu, { companyID: config.company_id })
			return buildMenu(reply.dataset.ProductMenu)
		},
	}
}
