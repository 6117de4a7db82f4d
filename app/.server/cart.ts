import { type Session } from 'react-router'
import { isPresenterError, type Presenter } from './presenter/index.ts'
import { commitSession, type SessionData } from './session.ts'

/**
 * The session's cart id, creating the cart first when the session has none (spec part 1 §4).
 * `setCookie` is set when the session changed.
 */
export async function requireCartId(presenter: Presenter, session: Session<SessionData>) {
	const existing = session.get('cartSessionId')
	if (existing) return { cartSessionId: existing, setCookie: null }
	return startCart(presenter, session)
}

/** Creates a new, empty cart for the customer and keeps its id in the session. */
async function startCart(presenter: Presenter, session: Session<SessionData>) {
	const cartSessionId = await presenter.cart.create(session.get('customerId')!)
	session.set('cartSessionId', cartSessionId)
	return { cartSessionId, setCookie: await commitSession(session) }
}

/**
 * The customer's cart lines, creating the cart when the session has none (spec part 1 §4) or
 * the presenter no longer knows it. `setCookie` is set when the session changed.
 */
export async function loadCart(presenter: Presenter, session: Session<SessionData>) {
	const existing = session.get('cartSessionId')
	if (existing) {
		try {
			return { lines: await presenter.cart.get(existing), setCookie: null }
		} catch (error) {
			if (!isPresenterError(error, 'field') || error.errorTable[0]?.field !== 'sessionID')
				throw error
		}
	}
	const { setCookie } = await startCart(presenter, session)
	return { lines: [], setCookie }
}
