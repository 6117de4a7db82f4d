import { describe, expect, test } from 'vitest'
import {
	createMailLimit,
	createRegistrationLimit,
	mailLimits,
	mailRefusalMessage,
	registrationLimits,
	registrationRefusalMessage,
} from './send-limits.ts'

const sent = () => Promise.resolve('sent')
const outcome = (o: { refused: boolean }) => (o.refused ? 'refused' : 'sent')

describe('email limit', () => {
	test('the defaults are 5 a minute and 30 an hour per user, 100 an hour per customer', () => {
		expect(mailLimits({})).toEqual({ perUserMinute: 5, perUserHour: 30, perCustomerHour: 100 })
		expect(
			mailLimits({
				MAIL_PER_USER_MINUTE: '50',
				MAIL_PER_USER_HOUR: '500',
				MAIL_PER_CUSTOMER_HOUR: '5000',
			}),
		).toEqual({ perUserMinute: 50, perUserHour: 500, perCustomerHour: 5000 })
	})

	test('counts recipients, not requests: the sixth recipient in a minute is refused', async () => {
		const limit = createMailLimit({ perUserMinute: 5, perUserHour: 30, perCustomerHour: 100 })
		const demo = { username: 'demo', customerId: 10001 }
		expect(outcome(await limit.run(demo, 2, sent))).toBe('sent')
		expect(outcome(await limit.run(demo, 3, sent))).toBe('sent')
		const refused = await limit.run(demo, 1, sent)
		expect(refused).toMatchObject({ refused: true })
		expect(refused.refused && refused.retryAfterSeconds).toBeGreaterThan(0)
		expect(refused.refused && mailRefusalMessage(refused)).toBe(
			'Too many emails sent. Please try again in 1 minute.',
		)
		// Another user of the same customer still sends.
		expect(outcome(await limit.run({ username: 'tbaker', customerId: 10001 }, 1, sent))).toBe(
			'sent',
		)
	})

	test('a user’s hour and the customer’s hour are limits of their own', async () => {
		const limit = createMailLimit({ perUserMinute: 100, perUserHour: 3, perCustomerHour: 5 })
		const user = (username: string) => ({ username, customerId: 10001 })
		const results = []
		for (let i = 0; i < 4; i++) results.push(outcome(await limit.run(user('demo'), 1, sent)))
		expect(results).toEqual(['sent', 'sent', 'sent', 'refused'])
		// The customer's 5: two more from another user, then none from a third.
		results.length = 0
		for (const name of ['tbaker', 'TBAKER', 'rwilliams'])
			results.push(outcome(await limit.run(user(name), 1, sent)))
		expect(results).toEqual(['sent', 'sent', 'refused'])
		// Another customer is not held back.
		expect(outcome(await limit.run({ username: 'jo', customerId: 10002 }, 1, sent))).toBe('sent')
	})

	test('more recipients than a window holds are refused at once, and say the most', async () => {
		const limit = createMailLimit({ perUserMinute: 5, perUserHour: 30, perCustomerHour: 100 })
		const refused = await limit.run({ username: 'demo', customerId: 10001 }, 6, sent)
		expect(refused.refused && mailRefusalMessage(refused)).toBe(
			'You can send at most 5 emails at once. Please send fewer.',
		)
		// Nothing was counted.
		expect(outcome(await limit.run({ username: 'demo', customerId: 10001 }, 5, sent))).toBe('sent')
	})

	test('a send that fails gives its places back; a refused one takes none', async () => {
		const limit = createMailLimit({ perUserMinute: 2, perUserHour: 30, perCustomerHour: 100 })
		const demo = { username: 'demo', customerId: 10001 }
		await expect(limit.run(demo, 2, () => Promise.reject(new Error('down')))).rejects.toThrow(
			'down',
		)
		expect(outcome(await limit.run(demo, 1, sent))).toBe('sent')
		expect(outcome(await limit.run(demo, 2, sent))).toBe('refused')
		expect(outcome(await limit.run(demo, 1, sent))).toBe('sent')
	})

	test('parallel sends cannot all slip through', async () => {
		const limit = createMailLimit({ perUserMinute: 5, perUserHour: 30, perCustomerHour: 100 })
		const demo = { username: 'demo', customerId: 10001 }
		const results = await Promise.all(
			Array.from({ length: 20 }, () => limit.run(demo, 1, sent).then(outcome)),
		)
		expect(results.filter((r) => r === 'sent')).toHaveLength(5)
	})
})

describe('registration limit', () => {
	test('the defaults are 5 per address an hour and 10 per account a day', () => {
		expect(registrationLimits({})).toEqual({ perAddress: 5, perAccount: 10 })
		expect(
			registrationLimits({ REGISTRATIONS_PER_ADDRESS: '50', REGISTRATIONS_PER_ACCOUNT: '80' }),
		).toEqual({ perAddress: 50, perAccount: 80 })
	})

	test('limits accepted registrations per address and per account', async () => {
		const limit = createRegistrationLimit({ perAddress: 2, perAccount: 3 })
		const from = (address: string, account = 10001) => limit.run({ address, account }, sent)
		const results = []
		for (let i = 0; i < 3; i++) results.push(outcome(await from('203.0.113.7')))
		expect(results).toEqual(['sent', 'sent', 'refused'])
		// The account's third from elsewhere, then none.
		expect(outcome(await from('198.51.100.1'))).toBe('sent')
		const refused = await from('198.51.100.2')
		expect(refused.refused && registrationRefusalMessage(refused)).toMatch(
			/^Too many registrations\. Please try again in \d+ minutes\.$/,
		)
		// Another account from a fresh address is not held back.
		expect(outcome(await from('198.51.100.3', 10002))).toBe('sent')
	})

	test('a refused registration (wrong details, presenter down) counts nothing', async () => {
		const limit = createRegistrationLimit({ perAddress: 1, perAccount: 10 })
		const who = { address: '203.0.113.7', account: 10001 }
		await expect(limit.run(who, () => Promise.reject(new Error('no match')))).rejects.toThrow()
		expect(outcome(await limit.run(who, sent))).toBe('sent')
		expect(outcome(await limit.run(who, sent))).toBe('refused')
	})
})
