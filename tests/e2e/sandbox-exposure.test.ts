import http from 'node:http'
import { type APIRequestContext } from '@playwright/test'
import * as auth from '#app/.server/presenter/contract/auth.ts'
import * as payments from '#app/.server/presenter/contract/payments.ts'
import { buildRequest } from '#app/.server/presenter/transport.ts'
import { expect, signIn, startPortal, test } from './fixtures.ts'

/**
 * The embedded sandbox as deployed (docs/decisions/052-embedded-sandbox-answers-only-the-portal.md):
 * its presenter functions answer only the portal process; its hosted payment page is driven only
 * with the payment's own token; payment return addresses are the configured PUBLIC_URL's.
 */

/** A presenter call exactly as the portal's client puts it on the wire, sent by an outsider. */
function presenterCall(
	portalUrl: string,
	op: Parameters<typeof buildRequest>[0],
	payload: unknown,
	contextId?: string,
) {
	const request = buildRequest(op, payload, {
		host: `${portalUrl}/presenter`,
		contextId,
		timeoutMs: 5000,
	})
	return fetch(request.url, {
		method: request.method,
		headers: request.headers,
		body: request.body,
		redirect: 'manual',
	})
}

/** Starts a card payment through Pay Account; the address the portal sends the browser to. */
async function startPayment(request: APIRequestContext, headers: Record<string, string> = {}) {
	const response = await request.post('/pay-account', {
		form: { reference: '10001-0-0', amount: '25.00' },
		headers,
		maxRedirects: 0,
	})
	expect(response.status(), await response.text()).toBe(302)
	return new URL(response.headers().location!, 'http://portal.invalid')
}

test.describe('the embedded sandbox as deployed', () => {
	test('its presenter answers the portal only: not userLogin, not any function, whatever the password @api', async ({
		playwright,
	}) => {
		const portal = await startPortal(undefined, {
			SANDBOX_CONTROL: '',
			LOGIN_FAILURES_PER_USER: '',
			LOGIN_FAILURES_PER_ADDRESS: '',
		})
		try {
			// 60 users, one wrong password each, from one address: none reaches the presenter.
			const statuses = new Set<number>()
			for (let i = 0; i < 60; i++) {
				const reply = await presenterCall(portal.url, auth.login, {
					userid: `user${i}`,
					password: 'wrong',
					domain: '1',
					extra: '',
				})
				statuses.add(reply.status)
			}
			expect([...statuses]).toEqual([404])
			// Nor does the right password, nor a function called without a session, nor the v1 path.
			const right = { userid: 'demo', password: 'demo', domain: '1', extra: '' }
			expect((await presenterCall(portal.url, auth.login, right)).status).toBe(404)
			expect((await presenterCall(portal.url, auth.getState, {})).status).toBe(404)
			expect(
				(await fetch(`${portal.url}/presenter/api/v1/anything`, { method: 'POST' })).status,
			).toBe(404)
			// A header claiming to be the portal opens nothing.
			const claimed = await fetch(`${portal.url}/presenter?ipApi=userLogin`, {
				method: 'POST',
				headers: { 'X-Sandbox-Secret': 'guess', 'X-Forwarded-For': '127.0.0.1' },
			})
			expect(claimed.status).toBe(404)

			// The portal itself signs in through it as before; the pictures pages link stay public.
			const request = await playwright.request.newContext({ baseURL: portal.url })
			await signIn(request)
			expect((await request.get('/')).status()).toBe(200)
			expect((await request.get('/presenter/media/banners/timber-sale.svg')).status()).toBe(200)
			await request.dispose()
		} finally {
			await portal.stop()
		}
	})

	test("a presenter session id is no key: direct calls with the portal's own session are refused @api", async ({
		request,
		portal,
		sandbox,
	}) => {
		await signIn(request)
		const [session] = (await sandbox.sessions('demo')) as Array<{ session_id: string }>
		expect(session).toBeDefined()
		const balances = await presenterCall(
			portal.url,
			payments.getAgedBalances,
			{ companyID: '1', customerID: 10001 },
			session!.session_id,
		)
		expect(balances.status).toBe(404)
		const created = await presenterCall(
			portal.url,
			payments.createPaymentSession,
			{
				approvedUrl: 'https://evil.example/ok',
				declinedUrl: 'https://evil.example/no',
				cancelledUrl: 'https://evil.example/no',
				idCust: 10001,
				paymentAmount: 1000,
				paymentReference: '10001-0-0',
			},
			session!.session_id,
		)
		expect(created.status).toBe(404)
		expect((await sandbox.payments('demo')).payments).toHaveLength(0)
	})

	test('the hosted payment page answers only with the payment’s own token @api', async ({
		request,
		sandbox,
	}) => {
		const before = (await sandbox.payments('demo')).balances
		await signIn(request)
		const address = await startPayment(request)
		const match = /^\/presenter\/pay\/([0-9a-f]+)$/.exec(address.pathname)
		expect(match, address.href).not.toBeNull()
		const token = address.searchParams.get('token')
		expect(token, 'the provider page address carries its token').toBeTruthy()
		const page = `/presenter/pay/${match![1]}`

		// Without the token (or with another), the page is not there and cannot be answered.
		expect((await request.get(page)).status()).toBe(404)
		for (const tried of [page, `${page}?token=${'0'.repeat(token!.length)}`, `${page}?token=`]) {
			const answer = await request.post(tried, { form: { outcome: 'approved' }, maxRedirects: 0 })
			expect(answer.status(), tried).toBe(404)
		}
		const refused = await sandbox.payments('demo')
		expect(refused.payments[0]).toMatchObject({ status: 'pending', amount: 25 })
		expect(refused.balances).toEqual(before)

		// With it, the page shows and its answer is taken.
		expect((await request.get(`${page}?token=${token}`)).status()).toBe(200)
		const approved = await request.post(`${page}?token=${token}`, {
			form: { outcome: 'approved' },
			maxRedirects: 0,
		})
		expect(approved.status()).toBe(303)
		expect((await sandbox.payments('demo')).payments[0]).toMatchObject({ status: 'approved' })
	})
})

test.describe('payment return addresses', () => {
	/** A POST with its own Host header (fetch may not set one), sharing the request's cookies. */
	async function postWithHost(url: string, host: string, cookie: string, body: string) {
		return new Promise<http.IncomingMessage>((resolve, reject) => {
			const req = http.request(
				url,
				{
					method: 'POST',
					headers: {
						Host: host,
						Cookie: cookie,
						'Content-Type': 'application/x-www-form-urlencoded',
						'Content-Length': Buffer.byteLength(body),
					},
				},
				(res) => {
					res.resume()
					resolve(res)
				},
			)
			req.on('error', reject)
			req.end(body)
		})
	}

	test('are the configured public origin, whatever Host or X-Forwarded-Host say @api', async ({
		request,
		portal,
	}) => {
		await signIn(request)
		const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`)
		const started: URL[] = [
			await startPayment(request, { 'X-Forwarded-Host': 'evil.example' }),
			new URL(
				(
					await postWithHost(
						`${portal.url}/pay-account`,
						'evil.example',
						cookie.join('; '),
						'reference=10001-0-0&amount=30.00',
					)
				).headers.location!,
				portal.url,
			),
		]
		for (const address of started) {
			// Decline on the provider's page: the browser goes back to the portal, not evil.example.
			const answer = await request.post(address.pathname + address.search, {
				form: { outcome: 'declined' },
				maxRedirects: 0,
			})
			expect(answer.status()).toBe(303)
			expect(answer.headers().location).toMatch(
				new RegExp(`^${portal.url.replace(/[.:/]/g, '\\$&')}/payment-fail\\?sessionId=`),
			)
		}
	})

	test('a production server will not start without PUBLIC_URL, and says so @api', async () => {
		await expect(startPortal(undefined, { PUBLIC_URL: '' })).rejects.toThrow(
			/PUBLIC_URL is required in production/,
		)
	})
})

test('the configuration file is not served: its ids stay on the server @api', async ({
	request,
}) => {
	// A visitor is sent to sign in, as for any page they may not see; a signed-in user gets 404.
	const visitor = await request.get('/config/configuration.json', { maxRedirects: 0 })
	expect(visitor.status()).toBe(302)
	expect(visitor.headers().location).toMatch(/^\/login/)
	expect(await visitor.text()).not.toContain('TPWEB01')
	await signIn(request)
	const user = await request.get('/config/configuration.json', { maxRedirects: 0 })
	expect(user.status()).toBe(404)
	const text = await user.text()
	expect(text).not.toContain('device_id')
	expect(text).not.toContain('TPWEB01')
})
