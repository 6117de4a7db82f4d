import { redirect } from 'react-router'
import { type Route } from './+types/logout'
import { getConfiguration } from '#app/.server/config.ts'
import { getPresenter, readCache } from '#app/.server/presenter/index.ts'
import { destroySession, getSession } from '#app/.server/session.ts'

/** Signing out is a POST only; a GET here just goes home. */
export function loader() {
	return redirect('/')
}

/**
 * Ends the presenter session, drops the session's cached reads, destroys the cookie and asks
 * the browser to clear its cache and storage, then goes home (spec part 1 §4).
 */
export async function action({ request }: Route.ActionArgs) {
	const session = await getSession(request)
	const sessionId = session.get('sessionId')
	const username = session.get('username')
	const config = getConfiguration()
	if (sessionId && username && config.ok) {
		await getPresenter(request, {
			config: config.config,
			identity: { sessionId, username, customerId: session.get('customerId') ?? 0 },
		})
			.auth.logout()
			.catch(() => {}) // an already-expired session is still signed out here
		readCache.drop(sessionId)
	}
	const headers = new Headers({ 'Clear-Site-Data': '"cache", "storage"' })
	headers.append('Set-Cookie', await destroySession(session))
	return redirect('/', { headers })
}
