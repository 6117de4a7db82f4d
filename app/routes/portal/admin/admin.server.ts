import { data, type RouterContextProvider } from 'react-router'
import { requireArea } from '#app/.server/guard/access.ts'
import { startCustomer } from '#app/.server/request/context.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { isRefusal } from '#app/.server/presenter/users.ts'

const NOT_ADMIN = 'Only an administrator can manage user accounts'

/**
 * For the users list's failure: the presenter refusing it means the user is no longer an
 * administrator (changed since the portal read their role), a 403 like any refused page; a
 * presenter that is down is still the 503 of toRouteError.
 */
export function usersListFailure(error: unknown): never {
	if (isRefusal(error)) throw data(NOT_ADMIN, { status: 403 })
	return toRouteError(error)
}

/**
 * Account Admin is for administrators where the menu shows it: refused (403) when
 * account_admin_button_disabled or the top button bar hides it, and for sales users,
 * whatever links the page showed.
 */
export async function requireAdmin(context: Readonly<RouterContextProvider>) {
	const { presenter } = startCustomer(context)
	const [, user] = await Promise.all([
		requireArea(context, 'accountAdmin'),
		presenter.users.getDetails(),
	]).catch(toRouteError)
	if (user.roleID !== 'admin') throw data(NOT_ADMIN, { status: 403 })
	return user
}
