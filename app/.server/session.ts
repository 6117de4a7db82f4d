import { randomBytes } from 'node:crypto'
import { createCookieSessionStorage, type Session } from 'react-router'

/**
 * The session cookie holds only opaque identifiers (docs/decisions/003-session-cookie.md).
 * `prefs` are per-session view preferences; `statusAcknowledged` remembers the account-status
 * modal was dismissed in this session.
 */
export type SessionData = {
	sessionId: string
	username: string
	customerId: number
	cartSessionId?: string
	rememberMe: boolean
	statusAcknowledged?: boolean
	prefs?: { view?: 'list' | 'grid'; seePrices?: boolean }
}

const REMEMBER_ME_MAX_AGE = 60 * 60 * 24 * 30

function secrets() {
	const configured = process.env.SESSION_SECRET?.split(',').filter(Boolean)
	if (configured?.length) return configured
	if (process.env.NODE_ENV === 'production' && !process.env.CI) {
		console.warn('SESSION_SECRET is not set: using a random secret; sessions end on restart.')
	}
	return [randomBytes(32).toString('hex')]
}

export const cookieSecure =
	process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true'

export const sessionStorage = createCookieSessionStorage<SessionData>({
	cookie: {
		name: '__portal',
		httpOnly: true,
		path: '/',
		sameSite: 'lax',
		secure: cookieSecure,
		secrets: secrets(),
	},
})

export function getSession(request: Request) {
	return sessionStorage.getSession(request.headers.get('Cookie'))
}

/**
 * Commits the session, keeping it persistent only when Remember Me was checked at sign-in;
 * otherwise it is a browser-session cookie (the spec's session vs local storage).
 */
export function commitSession(session: Session<SessionData>) {
	return sessionStorage.commitSession(session, {
		maxAge: session.get('rememberMe') ? REMEMBER_ME_MAX_AGE : undefined,
	})
}

export function destroySession(session: Session<SessionData>) {
	return sessionStorage.destroySession(session)
}
