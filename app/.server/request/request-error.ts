import { type PortalSession } from './session.ts'

/** The texts of /request-error: what a failed load says without a message. */
export const REQUEST_FAILED = 'Unable to perform your request'
const DEFAULT_MESSAGE = 'Unable to handle your request'

/**
 * What /request-error shows for its `msg`: one of the portal's own texts, or the presenter's
 * message this session was last sent there with (kept in the session when redirecting). Anything
 * else in the address is someone else's text, and the page says only the default.
 */
export function requestErrorMessage(msg: string | null, session: PortalSession) {
	const text = msg?.trim()
	if (!text) return DEFAULT_MESSAGE
	return text === REQUEST_FAILED || text === session.get('requestError') ? text : DEFAULT_MESSAGE
}
