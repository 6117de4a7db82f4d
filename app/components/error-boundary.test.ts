import { describe, expect, test } from 'vitest'
import { getErrorMessage } from './error-boundary.tsx'

/** A thrown response as the error boundary receives it (what React Router makes of data()). */
function routeError(status: number, statusText: string, body: unknown) {
	return { status, statusText, data: body, internal: false }
}

describe('the catch-all screen says only what is written for the customer', () => {
	test("the portal's own text thrown with data() is shown", () => {
		expect(
			getErrorMessage(routeError(403, 'Forbidden', 'You do not have access to this page')),
		).toBe('You do not have access to this page')
		expect(getErrorMessage(routeError(405, 'Method Not Allowed', null))).toBe('Method Not Allowed')
	})

	test("a code's Error, or anything else thrown, is never shown: 'Something went wrong.'", () => {
		expect(
			getErrorMessage(new TypeError("Cannot read properties of undefined (reading 'x')")),
		).toBe('Something went wrong.')
		// What React Router sends in production for an error of a server loader.
		expect(getErrorMessage(new Error('Unexpected Server Error'))).toBe('Something went wrong.')
		expect(getErrorMessage('CartSessionId undefined')).toBe('Something went wrong.')
		expect(getErrorMessage(routeError(500, '', { detail: 'stack' }))).toBe('Something went wrong.')
	})
})
