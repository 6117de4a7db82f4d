import { redirect } from 'react-router'
import {
	getPresenter,
	readCache,
	requireConfiguration,
	toRouteError,
	type Identity,
} from './presenter/index.ts'
import { flashHeader } from './flash.ts'
import { loginRedirectUrl } from './redirect.ts'
import { destroySession, getSession, type SessionData } from './session.ts'
import { type Session } from 'react-router'

function identityOf(session: Session<SessionData>): Identity | null {
	const sessionId = session.get('sessionId')
	const username = session.get('username')
	const customerId = session.get('customerId')
	if (!sessionId || !username || !customerId) return null
	return { sessionId, username, customerId, cartSessionId: session.get('cartSessionId') }
}

/** Sends the visitor to /login (keeping the requested path), ending any session and its cache. */
async function logoutRedirect(request: Request, session: Session<SessionData>, expired: boolean) {
	const sessionId = session.get('sessionId')
	if (sessionId) readCache.drop(sessionId)
	const headers = new Headers()
	headers.append('Set-Cookie', await destroySession(session))
	if (expired) {
		headers.append(
			'Set-Cookie',
			await flashHeader({
				type: 'error',
				message: 'Your session has expired. Please sign in again.',
			}),
		)
	}
	return redirect(loginRedirectUrl(request), { headers })
}

/**
 * The guard of every signed-in route: no session → /login?redirectTo=…. Returns the session,
 * who is signed in, and a presenter bound to them. A session-expired reply from any call made
 * through this presenter logs the user out (spec part 1 §4).
 */
export async function requireCustomer(request: Request) {
	const config = requireConfiguration()
	const session = await getSession(request)
	const identity = identityOf(session)
	if (!identity) throw await logoutRedirect(request, session, false)
	const presenter = getPresenter(request, {
		config,
		identity,
		onSessionExpired: async () => {
			throw await logoutRedirect(request, session, true)
		},
	})
	// The session check, with the settings flags almost every page needs (usually a cache hit),
	// so the page's own calls can all start in one parallel round after it.
	const [, settings] = await Promise.all([
		presenter.auth.getStates(),
		presenter.config.getSettings(),
	]).catch(toRouteError)
	return { session, identity, presenter, config, settings }
}

/** For the login page: the signed-in identity, or null. */
export async function getIdentity(request: Request) {
	return identityOf(await getSession(request))
}
