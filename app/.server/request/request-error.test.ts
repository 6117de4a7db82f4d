import { createSession } from 'react-router'
import { expect, test } from 'vitest'
import { requestErrorMessage } from './request-error.ts'
import { type PortalSession } from './session.ts'

test('/request-error shows the catalogue and the presenter’s own message, never other text', () => {
	const session = createSession({}) as PortalSession
	expect(requestErrorMessage(null, session)).toBe('Unable to handle your request')
	expect(requestErrorMessage('Unable to perform your request', session)).toBe(
		'Unable to perform your request',
	)
	const spoof = 'Your account is locked: call 0400 000 000'
	expect(requestErrorMessage(spoof, session)).toBe('Unable to handle your request')
	session.set('requestError', 'Transaction 999999-0 not found')
	expect(requestErrorMessage('Transaction 999999-0 not found', session)).toBe(
		'Transaction 999999-0 not found',
	)
	expect(requestErrorMessage(spoof, session)).toBe('Unable to handle your request')
})
