import { data, type RouterContextProvider } from 'react-router'
import { startCustomer } from '../request/context.ts'
import { buildNav, type Nav } from '../catalogue/nav.ts'
import { toRouteError } from '../presenter/index.ts'

type Area = 'customLists' | 'accountAdmin' | 'downloads' | 'priceBook'

/**
 * Refuses (403) an area the top navigation hides for this customer (by its top button
 * bar entries and settings flags): hiding a link is not access control. The top button bar comes
 * from the session cache the layout fills.
 */
export async function requireArea(context: Readonly<RouterContextProvider>, area: Area) {
	const customer = startCustomer(context)
	const [topbar, settings] = await Promise.all([
		customer.presenter.content.getObjectSet('topbuttonbar'),
		customer.settings,
	]).catch(toRouteError)
	const nav: Nav = buildNav(topbar, settings)
	if (!nav[area]) throw data('You do not have access to this page', { status: 403 })
}
