import { addUsers, Customer } from './customers.ts'
import { expect, test } from './fixtures.ts'

/**
 * Sign-in limits with two instances (issue 29): the failures are counted in the shared store, so
 * the production limits (throttle.ts: 5 failed sign-ins per username and 50 per client address in
 * 15 minutes; the cluster sets neither LOGIN_FAILURES_PER_USER nor LOGIN_FAILURES_PER_ADDRESS)
 * hold however nginx spreads the attempts. Each test comes from its own client address
 * (X-Forwarded-For, which nginx passes on and the instances trust from it).
 */

test('six wrong passwords for one user, spread over both instances: the sixth is refused, and so is the right password after it @api', async ({
	playwright,
	cluster,
}) => {
	const guesser = await Customer.open(playwright.request, cluster.url, 'joconnor', {
		'X-Forwarded-For': '203.0.113.66',
	})
	const refused = 'Too many failed sign-in attempts. Please try again in 15 minutes.'
	for (let i = 1; i <= 5; i++) {
		const answer = await guesser.signIn(`wrong-${i}`)
		expect(answer.status, `wrong password ${i}`).toBe(401)
		expect(answer.body).not.toContain(refused)
	}
	const sixth = await guesser.signIn('wrong-6')
	expect(sixth.status).toBe(429)
	expect(sixth.body).toContain(refused)
	// Round robin: the six went to both instances, which counted them together.
	const instances = new Set(guesser.answers.map((a) => a.instance))
	expect([...instances].sort()).toEqual(['portal-1', 'portal-2'])

	// The right password now, on either instance: still refused.
	for (let i = 0; i < 2; i++) {
		const answer = await guesser.signIn('demo')
		expect(answer.status).toBe(429)
		expect(answer.body).toContain(refused)
	}
	expect(new Set(guesser.answers.slice(-2).map((a) => a.instance)).size).toBe(2)
	await guesser.close()
})

test('fifteen office colleagues behind one address all sign in, a few after mistyping once @api', async ({
	playwright,
	cluster,
}) => {
	const usernames = Array.from({ length: 15 }, (_, i) => `office${String(i + 1).padStart(2, '0')}`)
	await addUsers(playwright.request, cluster.url, usernames)
	const office = { 'X-Forwarded-For': '198.51.100.20' }
	const colleagues = await Promise.all(
		usernames.map((u) => Customer.open(playwright.request, cluster.url, u, office)),
	)
	// Everyone at once, as at the start of the day; every third mistypes first.
	await Promise.all(
		colleagues.map(async (colleague, i) => {
			if (i % 3 === 0) expect((await colleague.signIn('dmeo')).status).toBe(401)
			const answer = await colleague.signIn()
			expect(answer.status, `${colleague.username} signs in`).toBe(200)
			expect(answer.path, `${colleague.username} is on the home page`).toBe('/')
		}),
	)
	// And they stay signed in, on both instances.
	for (const colleague of colleagues) {
		for (let i = 0; i < 2; i++) {
			const orders = await colleague.send('/orders')
			expect(orders.path, `${colleague.username} still signed in`).toBe('/orders')
			expect(orders.status).toBe(200)
		}
	}
	const served = new Set(colleagues.flatMap((c) => c.answers.map((a) => a.instance)))
	expect([...served].sort()).toEqual(['portal-1', 'portal-2'])
	await Promise.all(colleagues.map((c) => c.close()))
})
