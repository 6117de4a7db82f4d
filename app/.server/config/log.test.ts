import { afterEach, expect, test, vi } from 'vitest'
import { sendEmailMessage } from '../presenter/contract/transactions.ts'
import { PresenterError } from '../presenter/errors.ts'
import { logFailure } from './log.ts'

afterEach(() => vi.restoreAllMocks())

test('a failed notification email is one line of the log, with the reason', () => {
	const error = vi.spyOn(console, 'error').mockImplementation(() => {})
	// What the presenter contract does with a name that holds a line break.
	const refused = (() => {
		try {
			sendEmailMessage.payload.parse({
				customerID: 10001,
				mobUserID: 504,
				toEmailAddress: 'sarah.mitchell@harbourcityconstructions.com.au',
				fromEmailAddress: 'tom.baker@harbourcityconstructions.com.au',
				subject: 'Order for approval from Tom\nBcc: x@example.com',
				bodyText: 'Lines',
				numTran: 0,
				suffixTran: 0,
			})
		} catch (e) {
			return e
		}
	})()
	logFailure('Approval email to sarah.mitchell@harbourcityconstructions.com.au', refused)
	logFailure(
		'Approval email to rachel.williams@harbourcityconstructions.com.au',
		new PresenterError('transport', 'sendEmailMessage: timed out\n  at send'),
	)
	expect(error.mock.calls).toEqual([
		[
			'Approval email to sarah.mitchell@harbourcityconstructions.com.au failed: subject: Enter this on one line',
		],
		[
			'Approval email to rachel.williams@harbourcityconstructions.com.au failed: sendEmailMessage: timed out at send',
		],
	])
})
