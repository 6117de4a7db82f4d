import { describe, expect, test } from 'vitest'
import { Breaker, isOutage } from './breaker.ts'
import { PresenterError } from './errors.ts'

const down = () =>
	Promise.reject(new PresenterError('transport', 'Presenter answered HTTP 503', { status: 503 }))
const timeout = () =>
	Promise.reject(new PresenterError('transport', 'Presenter timed out after 10 ms'))
const answer = () => Promise.resolve('answer')

/** A breaker opening after 3 failures, open for 20 s, on a clock the test moves. */
function setup() {
	const clock = { now: 1_000_000 }
	const breaker = new Breaker({ failures: 3, openMs: 20_000, now: () => clock.now })
	let closed = 0
	const opened: unknown[] = []
	breaker.onClose = () => closed++
	breaker.onOpen = (error) => opened.push(error)
	return { breaker, clock, closedCount: () => closed, opened }
}

async function failure(promise: Promise<unknown>) {
	return promise.then(
		() => {
			throw new Error('expected a failure')
		},
		(error: unknown) => error as PresenterError,
	)
}

describe('the presenter circuit breaker', () => {
	test('consecutive failures and timeouts open it; calls then fail at once without being made', async () => {
		const { breaker, clock, opened } = setup()
		await failure(breaker.run(down))
		clock.now += 1_000
		await failure(breaker.run(timeout))
		expect(breaker.state()).toEqual({ up: true })
		expect(opened).toEqual([])
		await failure(breaker.run(down))
		expect(breaker.state()).toEqual({ up: false, since: 1_000_000 })
		// Operators get one line as it opens, naming the failure that opened it.
		expect(opened.map((e) => (e as PresenterError).message)).toEqual([
			'Presenter answered HTTP 503',
		])
		let made = 0
		const error = await failure(breaker.run(() => (made++, answer())))
		expect(made).toBe(0)
		expect(error.circuitOpen).toBe(true)
		expect(error.retryable).toBe(false)
		expect(isOutage(error)).toBe(true)
	})

	test('an answer between failures resets the count; a reply with errors is an answer', async () => {
		const { breaker } = setup()
		await failure(breaker.run(down))
		await failure(breaker.run(down))
		await failure(breaker.run(() => Promise.reject(new PresenterError('field', 'Bad quantity'))))
		await failure(breaker.run(down))
		await failure(breaker.run(down))
		expect(breaker.state().up).toBe(true)
		await breaker.run(answer)
		await failure(breaker.run(down))
		expect(breaker.state().up).toBe(true)
	})

	test('after its open time one probe goes through: an answer closes it', async () => {
		const { breaker, clock, closedCount } = setup()
		for (let i = 0; i < 3; i++) await failure(breaker.run(down))
		clock.now += 19_999
		await failure(breaker.run(answer))
		clock.now += 1
		let release!: (value: string) => void
		const probe = breaker.run(() => new Promise<string>((resolve) => (release = resolve)))
		// While the probe waits, other calls still fail at once.
		expect((await failure(breaker.run(answer))).circuitOpen).toBe(true)
		release('back')
		await expect(probe).resolves.toBe('back')
		expect(breaker.state()).toEqual({ up: true })
		expect(closedCount()).toBe(1)
		await expect(breaker.run(answer)).resolves.toBe('answer')
	})

	test('a failed probe keeps it open for another open time, down since the first failure', async () => {
		const { breaker, clock, closedCount } = setup()
		for (let i = 0; i < 3; i++) await failure(breaker.run(down))
		clock.now += 20_000
		expect((await failure(breaker.run(timeout))).circuitOpen).toBe(false)
		expect(breaker.state()).toEqual({ up: false, since: 1_000_000 })
		clock.now += 10_000
		expect((await failure(breaker.run(answer))).circuitOpen).toBe(true)
		clock.now += 10_000
		await expect(breaker.run(answer)).resolves.toBe('answer')
		expect(closedCount()).toBe(1)
	})
})
