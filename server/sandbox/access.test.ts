import express from 'express'
import { once } from 'node:events'
import { type AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import * as auth from '#app/.server/presenter/contract/auth.ts'
import { send } from '#app/.server/presenter/transport.ts'
import {
	EMBEDDED_SANDBOX_HEADER,
	embeddedSandboxSecret,
} from '#app/.server/config/embedded-sandbox.ts'
import { parseEnv } from '#app/.server/config/env.ts'
import { controlAccess, presenterAccess } from './index.ts'
import { COMPANY_ID, DEMO_PASSWORD } from './seed/company.ts'
import { useSandbox } from './test-harness.ts'

describe('the control API is closed unless enabled, and then only for this machine', () => {
	/** An app like the portal server's: trusts a proxy on loopback, guards a control route. */
	async function serve(env: Record<string, string>) {
		const app = express()
		app.set('trust proxy', 'loopback')
		app.use('/__sandbox', controlAccess(env), (_req, res) => void res.json({ sessions: [] }))
		const server = app.listen(0, '127.0.0.1')
		await once(server, 'listening')
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__sandbox/sessions`
		return { url, close: () => server.close() }
	}
	const servers: Array<() => void> = []
	afterEach(() => servers.splice(0).forEach((close) => close()))

	const statusOf = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
		const served = await serve(env)
		servers.push(served.close)
		return (await fetch(served.url, { headers })).status
	}
	/** A public client as a reverse proxy on this machine forwards it. */
	const viaProxy = { 'X-Forwarded-For': '203.0.113.9' }

	test('off unless SANDBOX_CONTROL=true: 404 for everyone', async () => {
		expect(await statusOf({})).toBe(404)
		expect(await statusOf({ SANDBOX_CONTROL: '1' })).toBe(404)
		expect(await statusOf({ SANDBOX_CONTROL_TOKEN: 't0ken' }, { 'X-Sandbox-Token': 't0ken' })).toBe(
			404,
		)
	})

	test('enabled: a client on this machine may use it', async () => {
		expect(await statusOf({ SANDBOX_CONTROL: 'true' })).toBe(200)
	})

	test('enabled: another client is refused, even claiming to be local', async () => {
		expect(await statusOf({ SANDBOX_CONTROL: 'true' }, viaProxy)).toBe(403)
		expect(
			await statusOf({ SANDBOX_CONTROL: 'true' }, { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' }),
		).toBe(403)
	})

	test('enabled: another client with the right token may use it; a wrong token is refused', async () => {
		const env = { SANDBOX_CONTROL: 'true', SANDBOX_CONTROL_TOKEN: 's3cret-token' }
		expect(await statusOf(env, { ...viaProxy, 'X-Sandbox-Token': 's3cret-token' })).toBe(200)
		expect(await statusOf(env, { ...viaProxy, 'X-Sandbox-Token': 's3cret-tokeX' })).toBe(403)
		expect(await statusOf(env, { ...viaProxy, 'X-Sandbox-Token': '' })).toBe(403)
		expect(await statusOf(env, viaProxy)).toBe(403)
	})

	test('without a configured token no token opens it', async () => {
		expect(
			await statusOf({ SANDBOX_CONTROL: 'true' }, { ...viaProxy, 'X-Sandbox-Token': '' }),
		).toBe(403)
	})
})

describe('the embedded presenter answers this process only', () => {
	const servers: Array<() => void> = []
	afterEach(() => servers.splice(0).forEach((close) => close()))

	/** Status of a call to a route guarded as server/index.ts guards the embedded presenter. */
	async function statusOf(env: Record<string, string>, headers: Record<string, string> = {}) {
		const app = express()
		app.set('trust proxy', 'loopback')
		const access = presenterAccess({
			header: EMBEDDED_SANDBOX_HEADER,
			secret: embeddedSandboxSecret(),
			open: parseEnv(env).SANDBOX_PUBLIC,
		})
		app.use('/presenter', access, (_req, res) => void res.json({ sessionID: 'x' }))
		const server = app.listen(0, '127.0.0.1')
		await once(server, 'listening')
		servers.push(() => server.close())
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/presenter`
		return (await fetch(url, { method: 'POST', headers })).status
	}
	const secret = embeddedSandboxSecret()

	test("the portal's client, on this machine with the process's secret, is served", async () => {
		expect(await statusOf({}, { [EMBEDDED_SANDBOX_HEADER]: secret })).toBe(200)
		// The secret is the process's: made once, the same for every caller in it.
		expect(embeddedSandboxSecret()).toBe(secret)
	})

	test('anyone else is told there is no presenter here, whatever they claim', async () => {
		expect(await statusOf({})).toBe(404)
		expect(await statusOf({}, { [EMBEDDED_SANDBOX_HEADER]: '' })).toBe(404)
		expect(await statusOf({}, { [EMBEDDED_SANDBOX_HEADER]: secret.slice(0, -1) + '_' })).toBe(404)
		// The control API's switches and token open nothing here.
		expect(
			await statusOf(
				{ SANDBOX_CONTROL: 'true', SANDBOX_CONTROL_TOKEN: 't0ken' },
				{ 'X-Sandbox-Token': 't0ken' },
			),
		).toBe(404)
	})

	test('SANDBOX_PUBLIC=true opens it to anyone (a public demo)', async () => {
		expect(await statusOf({ SANDBOX_PUBLIC: 'true' })).toBe(200)
		// Any other value stops the portal at start, naming the variable.
		expect(() => parseEnv({ SANDBOX_PUBLIC: '1' })).toThrow(/SANDBOX_PUBLIC/)
	})
})

describe("the sandbox's userLogin limits failures per username", () => {
	const sandbox = useSandbox()
	const signIn = (userid: string, password: string) =>
		send(
			auth.login,
			{ userid, password, domain: COMPANY_ID, extra: '' },
			{
				host: sandbox.host,
				timeoutMs: 5000,
			},
		)
	beforeEach(async () => {
		await sandbox.control('/reset', { method: 'POST' })
	})

	test('20 wrong passwords (four times the portal’s limit), then even the right one is refused for 15 minutes', async () => {
		for (let i = 0; i < 20; i++) {
			expect(await signIn('demo', 'wrong')).toEqual({
				sessionID: '',
				msg: 'Invalid username or password',
			})
		}
		const refused = await signIn('demo', DEMO_PASSWORD)
		expect(refused).toEqual({
			sessionID: '',
			msg: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
		})
		// Another user signs in as usual: the count is per username, not per caller.
		expect((await signIn('onhold', DEMO_PASSWORD)).sessionID).not.toBe('')
	})

	test('successes are never counted', async () => {
		for (let i = 0; i < 12; i++) {
			expect((await signIn('demo', DEMO_PASSWORD)).sessionID).not.toBe('')
		}
	})

	test('the sandbox reset forgets the counts', async () => {
		for (let i = 0; i < 20; i++) await signIn('demo', 'wrong')
		await sandbox.control('/reset', { method: 'POST' })
		expect((await signIn('demo', DEMO_PASSWORD)).sessionID).not.toBe('')
	})
})

describe('a presenter session expires after 8 hours without a call', () => {
	let clock = Date.parse('2026-11-23T08:00:00Z')
	const sandbox = useSandbox({ now: () => new Date(clock) })
	const check = () =>
		sandbox.call(auth.getState, {}).then(
			() => 'valid',
			(e: Error) => e.message,
		)
	const hours = (n: number) => (clock += n * 3_600_000)

	test('each call counts as activity, and 8 idle hours end the session', async () => {
		hours(7.5)
		expect(await check()).toBe('valid')
		// 7.5 hours after the last call, not 15 after sign-in.
		hours(7.5)
		expect(await check()).toBe('valid')
		// Calls close together count too (the sandbox writes the time at most once a minute).
		for (let i = 0; i < 3; i++) {
			clock += 20_000
			expect(await check()).toBe('valid')
		}
		hours(7.9)
		expect(await check()).toBe('valid')
		hours(8.1)
		expect(await check()).toMatch(/session has expired/i)
	})
})
