import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

export { expect }

export type Portal = { url: string; stop: () => Promise<void> }

/** Starts the production build with its own in-memory sandbox; resolves once it is healthy. */
export async function startPortal(port: number, env: Record<string, string> = {}): Promise<Portal> {
	const url = `http://localhost:${port}`
	if (await fetch(url).then(() => true, () => false)) {
		throw new Error(`Port ${port} is already in use: stop whatever is serving ${url}`)
	}
	const child = spawn(process.execPath, ['server/index.ts'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			HOST: '127.0.0.1',
			SANDBOX_DB: ':memory:',
			SESSION_SECRET: 'e2e-secret',
			LOGIN_RATE_LIMIT: '10000',
			LOG_REQUESTS: 'false',
			PRESENTER_RETRY_BASE_MS: '20',
			PRESENTER_TIMEOUT_MS: '4000',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (d: Buffer) => (output += d))
	child.stderr.on('data', (d: Buffer) => (output += d))
	const deadline = Date.now() + 30_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`Portal exited early:\n${output}`)
		// Listening is enough: a broken configuration answers 503 by design.
		const ready = await fetch(`${url}/healthcheck`).then(
			() => true,
			() => false,
		)
		if (ready) {
			return {
				url,
				stop: () =>
					new Promise<void>((resolve) => {
						if (child.exitCode !== null) return resolve()
						child.once('exit', () => resolve())
						child.kill('SIGTERM')
					}),
			}
		}
		await new Promise((r) => setTimeout(r, 150))
	}
	child.kill('SIGKILL')
	throw new Error(`Portal did not start on ${url}:\n${output}`)
}

/** Writes a configuration file for a portal started with PORTAL_CONFIG. */
export function writeConfiguration(device: Record<string, unknown>) {
	const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-config-')), 'configuration.json')
	writeFileSync(file, JSON.stringify({ DeviceList: [device] }))
	return file
}

type SettingsChange = {
	settings?: Record<string, string | null>
	widgets?: Array<{
		objectSet: 'homepage' | 'topbuttonbar' | 'Links' | 'bottomlinkbar'
		label: string
		enabled: boolean
		type?: string
		value?: string
	}>
	account?: Partial<{
		account_status: 'Active' | 'On Hold' | 'Suspended'
		current_balance: number
		balance_30_day: number
		balance_overdue: number
	}>
}

/** The sandbox presenter's control API. */
export function sandboxControl(request: APIRequestContext, url: string) {
	const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>) => {
		expect(response.status(), await response.text()).toBeLessThan(300)
		return response
	}
	return {
		reset: async () => void (await ok(await request.post(`${url}/__sandbox/reset`))),
		configure: async (customer: string | number, change: SettingsChange) =>
			void (await ok(
				await request.post(`${url}/__sandbox/settings`, { data: { customer, ...change } }),
			)),
		faults: async (faults: Record<string, unknown>) =>
			void (await ok(await request.post(`${url}/__sandbox/faults`, { data: faults }))),
		sessions: async (username: string) => {
			const response = await ok(await request.get(`${url}/__sandbox/sessions?username=${username}`))
			return ((await response.json()) as { sessions: unknown[] }).sessions
		},
		outbox: async () => {
			const response = await ok(await request.get(`${url}/__sandbox/outbox`))
			return ((await response.json()) as { emails: Array<Record<string, unknown>> }).emails
		},
	}
}
export type SandboxControl = ReturnType<typeof sandboxControl>

export const test = base.extend<
	{
		sandbox: SandboxControl
		login: (username?: string, options?: { rememberMe?: boolean }) => Promise<void>
	},
	{ portal: Portal }
>({
	portal: [
		// eslint-disable-next-line no-empty-pattern
		async ({}, use, workerInfo) => {
			const portal = await startPortal(3100 + workerInfo.parallelIndex)
			await use(portal)
			await portal.stop()
		},
		{ scope: 'worker', timeout: 60_000 },
	],
	baseURL: async ({ portal }, use) => use(portal.url),
	sandbox: [
		async ({ playwright, portal }, use) => {
			const request = await playwright.request.newContext()
			const sandbox = sandboxControl(request, portal.url)
			await sandbox.reset()
			await use(sandbox)
			await request.dispose()
		},
		{ auto: true },
	],
	/** Signs in through the real login form's endpoint (a plain form POST), sharing the page's cookies. */
	login: async ({ page }, use) => {
		await use(async (username = 'demo', { rememberMe = false } = {}) => {
			const response = await page.request.post('/login', {
				form: { username, password: 'demo', ...(rememberMe ? { rememberMe: 'on' } : {}) },
				maxRedirects: 0,
			})
			expect(response.status(), `login as ${username}`).toBe(302)
		})
	},
})

/** The masthead's dropdown (a <details>): opens it by its summary. */
export async function openMenu(page: Page, name: string) {
	const summary = page
		.locator('summary')
		.filter({ hasText: new RegExp(`^${name}$`) })
		.first()
	await summary.click()
	return summary.locator('xpath=..')
}
