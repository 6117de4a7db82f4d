import { redirect } from 'react-router'
import { type Route } from './+types/logout'
import { getSession } from '#app/.server/request/context.ts'
import { getConfiguration } from '#app/.server/config/config.ts'
import { getPresenter, readCache } from '#app/.server/presenter/index.ts'
import { identityOf } from '#app/.server/request/session.ts'

/** Signing out is a POST only; a GET here just goes home. */
export function loader() {
	return redirect('/')
}

/**
 * Signs out: the portal session is deleted at once — the old cookie is worthless
 * from here on, whatever the presenter does — and its cached reads dropped; the browser is asked to
 * clear its cache and storage. Ending the presenter session is best effort, after.
 */
export function action({ request, context }: Route.ActionArgs) {
	const session = getSession(context)
	const identity = identityOf(session.current)
	session.end()
	const config = getConfiguration()
	if (identity) {
		readCache.drop(identity.sessionId)
		if (config.ok) {
			void getPresenter(request, { config: config.config, identity, detached: true })
				.auth.logout()
				.catch(() => {}) // an expired or unreachable presenter session is signed out here anyway
		}
	}
	return redirect('/', { headers: { 'Clear-Site-Data': '"cache", "storage"' } })
}
