import { describe, expect, test } from 'vitest'
import {
	createSendLimit,
	createSignInThrottle,
	refusalMessage,
	sendRefusalMessage,
	signInLimits,
} from './throttle.ts'

const wrong = { ok: false }
const right = { ok: true }

/** One sign-in through the throttle: 'ok', 'failed' or 'refused'. */
function signIn(
	throttle: ReturnType<typeof createSignInThrottle>,
	keys: { username?: string; address?: string; device?: string },
	outcome: { ok: boolean },
) {
	return throttle
		.run(
			keys,
			() => Promise.resolve(outcome),
			(r) => !r.ok,
		)
		.then((o) => (o.refused ? 'refused' : o.result.ok ? 'ok' : 'failed'))
}

describe('sign-in throttle', () => {
	test('the defaults are 5 failures per user and 50 per address; the environment raises them', () => {
		expect(signInLimits({})).toEqual({ perUser: 5, perAddress: 50 })
		expect(
			signInLimits({ LOGIN_FAILURES_PER_USER: '100', LOGIN_FAILURES_PER_ADDRESS: '1000' }),
		).toEqual({ perUser: 100, perAddress: 1000 })
	})

	test('the sixth wrong password for a user is refused, and so is the right one then', async () => {
		const throttle = createSignInThrottle({ perUser: 5, perAddress: 50 })
		const who = { username: 'demo', address: '203.0.113.7' }
		const results = []
		for (let i = 0; i < 6; i++) results.push(await signIn(throttle, who, wrong))
		expect(results).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'refused'])
		expect(await signIn(throttle, who, right)).toBe('refused')
	})

	test('guesses from rotating addresses lock the user out, but not of a browser they signed in from', async () => {
		const throttle = createSignInThrottle({ perUser: 5, perAddress: 50 })
		const guesses = []
		for (let i = 0; i < 6; i++)
			guesses.push(await signIn(throttle, { username: 'demo', address: `203.0.113.${i}` }, wrong))
		expect(guesses).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'refused'])
		expect(await signIn(throttle, { username: 'demo', address: '198.51.100.9' }, right)).toBe(
			'refused',
		)
		const own = { username: 'demo', address: '198.51.100.9', device: 'demo:nonce' }
		expect(await signIn(throttle, own, right)).toBe('ok')
		// The device has its own limit: a stolen device cookie buys only as many guesses.
		const tries = []
		for (let i = 0; i < 6; i++) tries.push(await signIn(throttle, own, wrong))
		expect(tries).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'refused'])
		expect(await signIn(throttle, { ...own, device: 'demo:other' }, right)).toBe('ok')
	})

	test('the username is counted whatever its case and spacing', async () => {
		const throttle = createSignInThrottle({ perUser: 2, perAddress: 50 })
		await signIn(throttle, { username: 'Demo' }, wrong)
		await signIn(throttle, { username: ' DEMO ' }, wrong)
		expect(await signIn(throttle, { username: 'demo' }, right)).toBe('refused')
	})

	test('successes are never counted: an office behind one address keeps signing in', async () => {
		const throttle = createSignInThrottle({ perUser: 5, perAddress: 3 })
		const results = []
		for (let i = 0; i < 15; i++) {
			results.push(await signIn(throttle, { username: `user${i}`, address: '198.51.100.1' }, right))
		}
		expect(results.every((r) => r === 'ok')).toBe(true)
	})

	test('failures per address are counted across users', async () => {
		const throttle = createSignInThrottle({ perUser: 5, perAddress: 3 })
		const address = '198.51.100.1'
		for (let i = 0; i < 3; i++) {
			expect(await signIn(throttle, { username: `user${i}`, address }, wrong)).toBe('failed')
		}
		expect(await signIn(throttle, { username: 'someone-else', address }, right)).toBe('refused')
		// Another address is not affected, nor is the same user from elsewhere.
		expect(await signIn(throttle, { username: 'user0', address: '192.0.2.9' }, right)).toBe('ok')
	})

	test('a locked user does not lock the address, and refusals are not counted', async () => {
		const throttle = createSignInThrottle({ perUser: 1, perAddress: 3 })
		const address = '198.51.100.1'
		expect(await signIn(throttle, { username: 'victim', address }, wrong)).toBe('failed')
		for (let i = 0; i < 10; i++) {
			expect(await signIn(throttle, { username: 'victim', address }, wrong)).toBe('refused')
		}
		// One failure so far from this address: two more wrong passwords are still checked.
		expect(await signIn(throttle, { username: 'a', address }, wrong)).toBe('failed')
		expect(await signIn(throttle, { username: 'b', address }, wrong)).toBe('failed')
		expect(await signIn(throttle, { username: 'c', address }, right)).toBe('refused')
	})

	test('parallel guesses cannot slip past the limit', async () => {
		const throttle = createSignInThrottle({ perUser: 5, perAddress: 50 })
		let checked = 0
		const slowWrong = () =>
			new Promise<{ ok: boolean }>((resolve) => setTimeout(() => resolve(wrong), 10)).finally(
				() => checked++,
			)
		const outcomes = await Promise.all(
			Array.from({ length: 20 }, () => throttle.run({ username: 'demo' }, slowWrong, (r) => !r.ok)),
		)
		expect(checked).toBe(5)
		expect(outcomes.filter((o) => o.refused)).toHaveLength(15)
	})

	test('an attempt that throws (presenter down) is not counted', async () => {
		const throttle = createSignInThrottle({ perUser: 1, perAddress: 1 })
		const who = { username: 'demo', address: '192.0.2.1' }
		for (let i = 0; i < 3; i++) {
			await expect(
				throttle.run(
					who,
					() => Promise.reject(new Error('unreachable')),
					() => true,
				),
			).rejects.toThrow('unreachable')
		}
		expect(await signIn(throttle, who, right)).toBe('ok')
	})

	test('a refusal says how long to wait', async () => {
		const throttle = createSignInThrottle({ perUser: 1, perAddress: 50 })
		await signIn(throttle, { username: 'demo' }, wrong)
		const outcome = await throttle.run(
			{ username: 'demo' },
			() => Promise.resolve(right),
			() => false,
		)
		expect(outcome.refused && outcome.retryAfterSeconds).toBeGreaterThan(14 * 60)
		expect(outcome.refused && outcome.retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
	})

	test('the refusal message gives whole minutes', () => {
		expect(refusalMessage(900)).toBe(
			'Too many failed sign-in attempts. Please try again in 15 minutes.',
		)
		expect(refusalMessage(5)).toBe(
			'Too many failed sign-in attempts. Please try again in 1 minute.',
		)
	})
})

describe('send limit (public requests to the supplier)', () => {
	const outcome = (o: { refused: boolean }) => (o.refused ? 'refused' : 'sent')

	test('counts sends per address: the third of two an hour is refused, another address is not', async () => {
		const limit = createSendLimit(2)
		const send = (address?: string) => limit.run(address, () => Promise.resolve('ok')).then(outcome)
		expect([
			await send('203.0.113.7'),
			await send('203.0.113.7'),
			await send('203.0.113.7'),
		]).toEqual(['sent', 'sent', 'refused'])
		expect(await send('198.51.100.2')).toBe('sent')
		// No known address: one shared count.
		expect([await send(), await send(), await send()]).toEqual(['sent', 'sent', 'refused'])
	})

	test('a send that fails gives its place back; a refusal says how long to wait', async () => {
		const limit = createSendLimit(1)
		await expect(
			limit.run('203.0.113.7', () => Promise.reject(new Error('presenter down'))),
		).rejects.toThrow('presenter down')
		expect(outcome(await limit.run('203.0.113.7', () => Promise.resolve(1)))).toBe('sent')
		const refused = await limit.run('203.0.113.7', () => Promise.resolve(1))
		expect(refused.refused && refused.retryAfterSeconds).toBeGreaterThan(59 * 60)
		expect(sendRefusalMessage(3600)).toBe(
			'Too many requests from your address. Please try again in 60 minutes.',
		)
	})
})
