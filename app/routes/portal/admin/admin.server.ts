import { data, type RouterContextProvider } from 'react-router'
import { requireArea } from '#app/.server/access.ts'
import { getCustomer } from '#app/.server/context.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'

/**
 * Account Admin is for administrators where the menu shows it: refused (403) when
 * account_admin_button_disabled or the top button bar hides it, and for sales users (spec
 * part 2 §6), whatever links the page showed.
 */
export async function requireAdmin(context: Readonly<RouterContextProvider>) {
	const { presenter } = getCustomer(context)
	const [, user] = await Promise.all([
		requireArea(context, 'accountAdmin'),
		presenter.users.getDetails(),
	]).catch(toRouteError)
	if (user.roleID !== 'admin')
		throw data('Only an administrator can manage user accounts', { status: 403 })
	return user
}
