import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { seedDemoStore } from '#app/.server/config/demo-seed.ts'
import { openSqliteStore, type UserLimits } from '#app/.server/store/index.ts'

export type Portal = { url: string; stop: () => Promise<void> }

/** The portal of startPortal, whose own store the tests can clear. */
export type PortalUnderTest = Portal & {
	/** What the portal has written to stdout and stderr so far (its log). */
	output: () => string
	/** Forgets every user's saved list views (sort, columns): a test starts from the defaults. */
	forgetPreferences: () => void
	/**
	 * Forgets approval requests, order limits, kept orders, jobs and customers' settings, back to
	 * the seed's (decision 059).
	 */
	resetApprovals: () => Promise<void>
	/** Sets a user's limits in the portal's store, as an administrator's account page saves them. */
	setLimits: (customerId: number, username: string, limits: UserLimits) => Promise<void>
}

/** A port nothing listens on now, chosen by the system (something else may hold any fixed one). */
export function freePort() {
	return new Promise<number>((resolve, reject) => {
		const probe = createServer()
		probe.once('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as { port: number }
			probe.close(() => resolve(port))
		})
	})
}

/**
 * Starts the production build with its own in-memory sandbox on `port` (a free one when not
 * given); resolves once it is healthy.
 */
export async function startPortal(
	port?: number,
	env: Record<string, string> = {},
): Promise<PortalUnderTest> {
	port ??= await freePort()
	const url = `http://localhost:${port}`
	// The portal's own store (sessions, saved list views) in a throwaway file rather than in its
	// memory, so that the tests can clear what one test saved before the next. In memory-backed
	// storage where there is some: every sign-in writes a session.
	const storeDir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'portal-'))
	const store = path.join(storeDir, 'portal.sqlite')
	let storeDb: DatabaseSync | undefined
	const child = spawn(process.execPath, ['server/index.ts'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			HOST: '127.0.0.1',
			PUBLIC_URL: url,
			SANDBOX_DB: ':memory:',
			PORTAL_DB: store,
			SESSION_SECRET: 'e2e-secret',
			SANDBOX_CONTROL: 'true',
			// Tests sign in with wrong passwords often; the limits have their own test.
			LOGIN_FAILURES_PER_USER: '10000',
			LOGIN_FAILURES_PER_ADDRESS: '10000',
			// Public requests to the supplier; the limit has its own test.
			ACCOUNT_REQUESTS_PER_ADDRESS: '10000',
			// Emails and registrations; each limit has its own test.
			MAIL_PER_USER_MINUTE: '10000',
			MAIL_PER_USER_HOUR: '10000',
			MAIL_PER_CUSTOMER_HOUR: '10000',
			REGISTRATIONS_PER_ADDRESS: '10000',
			REGISTRATIONS_PER_ACCOUNT: '10000',
			LOG_REQUESTS: 'false',
			PRESENTER_RETRY_BASE_MS: '20',
			PRESENTER_TIMEOUT_MS: '4000',
			// The system's return is noticed in a second, not minutes (tests/e2e/outage.test.ts).
			PRESENTER_BREAKER_OPEN_MS: '1000',
			QUEUED_ORDERS_EVERY_MS: '500',
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
				output: () => output,
				forgetPreferences: () => {
					if (!storeDb) {
						// The portal creates its store on first use.
						if (!existsSync(store)) return
						storeDb = new DatabaseSync(store)
						storeDb.exec('PRAGMA busy_timeout = 2000')
					}
					const table = storeDb
						.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'preferences'`)
						.get()
					if (table) storeDb.exec('DELETE FROM preferences')
				},
				resetApprovals: async () => {
					// The portal's start migrated the store and seeded it: the tables are there.
					const approvals = openSqliteStore(store)
					try {
						const db = new DatabaseSync(store)
						db.exec('PRAGMA busy_timeout = 2000')
						db.exec(
							'DELETE FROM approval_requests; DELETE FROM placed_orders; DELETE FROM order_lengths; DELETE FROM user_limits; DELETE FROM customer_admins; DELETE FROM queued_orders; DELETE FROM jobs; DELETE FROM customer_settings; DELETE FROM last_jobs',
						)
						db.close()
						await seedDemoStore(approvals)
					} finally {
						await approvals.close()
					}
				},
				setLimits: async (customerId, username, limits) => {
					const opened = openSqliteStore(store)
					try {
						await opened.approvals.setLimits(customerId, username, limits)
					} finally {
						await opened.close()
					}
				},
				stop: async () => {
					await new Promise<void>((resolve) => {
						if (child.exitCode !== null) return resolve()
						child.once('exit', () => resolve())
						child.kill('SIGTERM')
					})
					storeDb?.close()
					rmSync(storeDir, { recursive: true, force: true })
				},
			}
		}
		await new Promise((r) => setTimeout(r, 150))
	}
	child.kill('SIGKILL')
	rmSync(storeDir, { recursive: true, force: true })
	throw new Error(`Portal did not start on ${url}:\n${output}`)
}

/** Writes a configuration file for a portal started with PORTAL_CONFIG. */
export function writeConfiguration(device: Record<string, unknown>) {
	const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-config-')), 'configuration.json')
	writeFileSync(file, JSON.stringify({ DeviceList: [device] }))
	return file
}
