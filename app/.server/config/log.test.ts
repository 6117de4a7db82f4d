import { Writable } from 'node:stream'
import { expect, test } from 'vitest'
import { createLogger, useLogger } from '../observe/log.ts'
import { sendEmailMessage } from '../presenter/contract/transactions.ts'
import { PresenterError } from '../presenter/errors.ts'
import { logFailure } from './log.ts'

test('a failed notification email is one line of the log, with the reason', () => {
	const lines: Array<{ level: string; msg: string; reason: string }> = []
	const sink = new Writable({
		write(chunk: Buffer, _encoding, done) {
			lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number])
			done()
		},
	})
	const previous = useLogger(createLogger(sink))
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
	useLogger(previous)
	expect(lines).toMatchObject([
		{
			level: 'error',
			msg: 'Approval email to sarah.mitchell@harbourcityconstructions.com.au failed',
			reason: 'subject: Enter this on one line',
		},
		{
			level: 'error',
			msg: 'Approval email to rachel.williams@harbourcityconstructions.com.au failed',
			reason: 'sendEmailMessage: timed out at send',
		},
	])
})
