import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { createDatabase } from '#scripts/postgres.ts'
import { ReadCache, type CacheDrop } from '../presenter/cache.ts'
import { createSignInThrottle } from '../guard/throttle.ts'
import { ATTEMPT_TTL_MS, SUBMISSION_TTL_MS, type Store } from './contract.ts'
import { openPostgresStore, openSqliteStore } from './index.ts'
import { LEGACY_POSTGRES, LEGACY_SQLITE } from '#tests/fixtures/store-legacy.ts'

/**
 * The same suite against both engines; then two instances of the shared store on one database,
 * as two portals behind a load balancer see it. The PostgreSQL cluster is the run's
 * (tests/setup/postgres-global.ts); each engine and each test file has a database of its own.
 */
const engines = {
	sqlite: () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'portal-store-'))
		const file = path.join(dir, 'portal.sqlite')
		return Promise.resolve({
			open: () => openSqliteStore(file),
			remove: () => rmSync(dir, { recursive: true }),
		})
	},
	postgres: async () => {
		const url = await createDatabase(inject('postgresUrl'))
		return { open: () => openPostgresStore(url), remove: () => {} }
	},
}

/** Opens stores on one database for a describe block; closes them after it. */
function stores(engine: keyof typeof engines) {
	const opened: Store[] = []
	let database: Awaited<ReturnType<(typeof engines)[typeof engine]>>
	beforeAll(async () => {
		database = await engines[engine]()
	})
	afterAll(async () => {
		await Promise.all(opened.map((store) => store.close()))
		database.remove()
	})
	return async () => {
		const store = database.open()
		opened.push(store)
		await store.ready()
		return store
	}
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds (a NOTIFY arrives within milliseconds), failing after 2 s. */
async function eventually(check: () => boolean) {
	const deadline = Date.now() + 2_000
	while (!check()) {
		if (Date.now() > deadline) throw new Error('Timed out waiting')
		await later(10)
	}
}

describe.each(['sqlite', 'postgres'] as const)('the %s store', (engine) => {
	const open = stores(engine)

	test('migrations run once: a second instance opens the same schema', async () => {
		await open()
		const again = await open()
		await again.sessions.write('s-mig', { data: '{}', expires: Date.now() + 60_000 })
		expect(await again.sessions.read('s-mig')).toMatchObject({ data: '{}' })
	})

	test('sessions are created, read, rewritten, kept alive and deleted', async () => {
		const store = await open()
		const expires = Date.now() + 60_000
		await store.sessions.create('s-1', { data: '{"username":"demo"}', expires })
		expect(await store.sessions.read('s-1')).toEqual({ data: '{"username":"demo"}', expires })
		await store.sessions.write('s-1', { data: '{"username":"demo","cart":"c"}', expires })
		await store.sessions.touch('s-1', expires + 1_000)
		expect(await store.sessions.read('s-1')).toEqual({
			data: '{"username":"demo","cart":"c"}',
			expires: expires + 1_000,
		})
		await store.sessions.delete('s-1')
		expect(await store.sessions.read('s-1')).toBeNull()
	})

	test('creating a session deletes the ones that have ended', async () => {
		const store = await open()
		await store.sessions.write('s-old', { data: '{}', expires: Date.now() - 1 })
		await store.sessions.create('s-new', { data: '{}', expires: Date.now() + 60_000 })
		expect(await store.sessions.read('s-old')).toBeNull()
		expect(await store.sessions.read('s-new')).not.toBeNull()
	})

	test('preferences are per user, whatever the case of the username, and replaced when saved', async () => {
		const store = await open()
		await store.preferences.save('Demo', 'orders-filterList', '{"sort":"date"}')
		await store.preferences.save('demo', 'orders-filterList', '{"sort":"number"}')
		expect(await store.preferences.read('DEMO', 'orders-filterList')).toBe('{"sort":"number"}')
		expect(await store.preferences.read('tbaker', 'orders-filterList')).toBeUndefined()
	})

	test('a placed attempt is answered by a new instance of the store, until it is a day old', async () => {
		const first = await open()
		await first.attempts.set('attempt-1', { type: 'Order', number: 4711 })
		const next = await open()
		expect(await next.attempts.get('attempt-1')).toEqual({ type: 'Order', number: 4711 })
		expect(await next.attempts.get('attempt-2')).toBeUndefined()
		const now = Date.now()
		vi.spyOn(Date, 'now').mockReturnValue(now + ATTEMPT_TTL_MS + 1)
		expect(await next.attempts.get('attempt-1')).toBeUndefined()
	})

	test('a submission answer is kept for its id, replaced when set again, until it is a day old', async () => {
		const store = await open()
		const answer = {
			status: 303,
			headers: [['location', '/cart']] as Array<[string, string]>,
			body: '',
			flash: { type: 'success', message: 'Added' },
		}
		await store.submissions.set('sub-1', answer)
		const next = await open()
		expect(await next.submissions.get('sub-1')).toEqual(answer)
		expect(await next.submissions.get('sub-2')).toBeUndefined()
		await next.submissions.set('sub-1', { ...answer, status: 200, body: 'é<html>' })
		expect(await store.submissions.get('sub-1')).toMatchObject({ status: 200, body: 'é<html>' })
		const now = Date.now()
		vi.spyOn(Date, 'now').mockReturnValue(now + SUBMISSION_TTL_MS + 1)
		expect(await next.submissions.get('sub-1')).toBeUndefined()
	})

	test('order limits are per customer and user, whatever the case, and replaced when set', async () => {
		const store = await open()
		expect(await store.approvals.limits(10001, 'tbaker')).toBeUndefined()
		await store.approvals.setLimits(10001, 'TBaker', {
			mayOrder: true,
			orderLimit: 150_000,
			monthlyLimit: null,
		})
		expect(await store.approvals.limits(10001, 'tbaker')).toEqual({
			mayOrder: true,
			orderLimit: 150_000,
			monthlyLimit: null,
		})
		expect(await store.approvals.limits(10002, 'tbaker')).toBeUndefined()
		await store.approvals.setLimits(10001, 'tbaker', {
			mayOrder: false,
			orderLimit: null,
			monthlyLimit: 500_000,
		})
		expect(await open().then((next) => next.approvals.limits(10001, 'TBAKER'))).toEqual({
			mayOrder: false,
			orderLimit: null,
			monthlyLimit: 500_000,
		})
	})

	test('an approval request is settled once: a second settlement finds it settled', async () => {
		const store = await open()
		const first = await store.approvals.create({
			customerId: 20001,
			requester: 'TBaker',
			total: 250_000,
			snapshot: '{"lines":[]}',
		})
		const second = await store.approvals.create({
			customerId: 20001,
			requester: 'joconnor',
			total: 1_000,
			snapshot: '{}',
		})
		await store.approvals.create({ customerId: 20002, requester: 'x', total: 1, snapshot: '{}' })
		expect(first).toMatchObject({ requester: 'tbaker', status: 'pending', orderNumber: null })
		expect((await store.approvals.list(20001)).map((r) => r.id)).toEqual([second.id, first.id])
		expect((await store.approvals.list(20001, 'TBAKER')).map((r) => r.id)).toEqual([first.id])
		expect(await store.approvals.pending(20001)).toBe(2)
		const [a, b] = await Promise.all([
			store.approvals.settle(first.id, { status: 'approved', by: 'demo', orderNumber: 4712 }),
			store.approvals.settle(first.id, { status: 'declined', by: 'rwilliams', reason: 'No' }),
		])
		expect([a, b]).toEqual([true, false])
		expect(await store.approvals.pending(20001)).toBe(1)
		expect(await store.approvals.pending(20003)).toBe(0)
		expect(await store.approvals.get(first.id)).toMatchObject({
			status: 'approved',
			settledBy: 'demo',
			orderNumber: 4712,
			reason: null,
			total: 250_000,
			snapshot: '{"lines":[]}',
		})
		expect(await store.approvals.get('no-such-request')).toBeUndefined()
	})

	test("a user's placed orders are listed since a time; the administrators are replaced", async () => {
		const store = await open()
		const start = Date.now()
		await store.orders.record(30001, 'TBaker', { number: 7001, total: 12_345 })
		await store.orders.record(30001, 'tbaker', { number: 7001, total: 99 })
		await store.orders.record(30001, 'joconnor', { number: 7002, total: 500 })
		const placed = await store.orders.since(30001, 'tbaker', start)
		expect(placed.map((p) => [p.number, p.total])).toEqual([[7001, 12_345]])
		expect(placed[0]!.placedAt).toBeGreaterThanOrEqual(start)
		expect(await store.orders.since(30001, 'tbaker', Date.now() + 60_000)).toEqual([])
		await store.approvals.setAdmins(30001, [{ username: 'Demo', email: 'a@example.com' }])
		await store.approvals.setAdmins(30001, [
			{ username: 'rwilliams', email: 'r@example.com' },
			{ username: 'demo', email: 'd@example.com' },
		])
		expect(await store.approvals.admins(30001)).toEqual([
			{ username: 'demo', email: 'd@example.com' },
			{ username: 'rwilliams', email: 'r@example.com' },
		])
		expect(await store.approvals.admins(30002)).toEqual([])
	})

	test("a placed transaction's tally lengths are kept per line, once", async () => {
		const store = await open()
		const lines = [
			{ lineNum: 2, productID: 'TMGP10005', uom: 'LM', tally: [{ length: 5.4, qty: 3 }] },
			{
				lineNum: 1,
				productID: 'TH2F004',
				uom: 'LM',
				tally: [
					{ length: 4.8, qty: 2 },
					{ length: 6, qty: 1 },
				],
			},
		]
		await store.orders.setLengths(40001, 9001, lines)
		await store.orders.setLengths(40001, 9001, [{ ...lines[0]!, tally: [] }])
		expect(await store.orders.lengths(40001, 9001)).toEqual([lines[1], lines[0]])
		expect(await store.orders.lengths(40002, 9001)).toEqual([])
	})

	test('last good copies are shared: saved, read when young enough, expired on the way, dropped by scope', async () => {
		const store = await open()
		await store.copies.save('s-1', 'getCart:{}', '["a"]', 1_000, 0)
		await store.copies.save('s-1', 'getCart:{}', '["b"]', 2_000, 0)
		await store.copies.save('shared', 'getMenu:{}', '[]', 2_500, 0)
		expect(await store.copies.load('s-1', 'getCart:{}', 1_500)).toEqual({
			value: '["b"]',
			at: 2_000,
		})
		expect(await store.copies.load('s-1', 'getCart:{}', 2_001)).toBeUndefined()
		await store.copies.dropScope('s-1')
		expect(await store.copies.load('s-1', 'getCart:{}', 0)).toBeUndefined()
		// A save deletes what expired before it.
		await store.copies.save('s-2', 'getCart:{}', '[]', 9_000, 2_600)
		expect(await store.copies.load('shared', 'getMenu:{}', 0)).toBeUndefined()
	})

	test('an order kept while the presenter is down: once per attempt, listed, waiting, settled, moved to a new session', async () => {
		const store = await open()
		const order = {
			customerId: 50001,
			username: 'Demo',
			attempt: 'attempt-0000000001',
			sessionId: 'presenter-1',
			cartId: 'cart-1',
			request: '{"values":{}}',
			shownTotal: 12_345,
			summary: '[]',
		}
		const kept = await store.queued.add(order)
		// The same attempt again (a double tap, a retry on another instance) is the same order.
		expect(await store.queued.add({ ...order, cartId: 'cart-2' })).toEqual(kept)
		const second = await store.queued.add({ ...order, attempt: 'attempt-0000000002' })
		expect(kept).toMatchObject({ username: 'demo', status: 'waiting', shownTotal: 12_345 })
		expect((await store.queued.list(50001, 'DEMO')).map((o) => o.id)).toEqual([second.id, kept.id])
		expect((await store.queued.waiting()).map((o) => o.id)).toEqual([kept.id, second.id])

		expect(await store.queued.signedIn(50001, 'demo', 'presenter-2')).toBe(2)
		await store.queued.settle(kept.id, { status: 'placed', orderNumber: 777 })
		await store.queued.settle(second.id, {
			status: 'total-changed',
			message: 'The total is now $130.00.',
			newTotal: 13_000,
		})
		expect(await store.queued.waiting()).toEqual([])
		expect(await store.queued.get(kept.id)).toMatchObject({
			status: 'placed',
			orderNumber: 777,
			sessionId: 'presenter-2',
		})
		expect(await store.queued.get(second.id)).toMatchObject({
			status: 'total-changed',
			newTotal: 13_000,
			message: 'The total is now $130.00.',
		})
		expect(await store.queued.list(50002, 'demo')).toEqual([])
	})

	test('a lock taken again inside itself runs at once; a nested lock waits for its holder', async () => {
		const store = await open()
		const order: string[] = []
		let release = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		const outer = store.withLock('user-1', async () => {
			order.push('outer')
			// The same lock again, and a second one nested inside it.
			await store.withLock('user-1', () => Promise.resolve(order.push('again')))
			await store.withLock('cart-9', async () => {
				order.push('nested')
				await held
			})
			order.push('outer done')
		})
		// Another holder of the nested lock waits for the outer one's nested hold to end.
		await expect.poll(() => order.includes('nested')).toBe(true)
		const other = store.withLock('cart-9', () => Promise.resolve(order.push('other')))
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(order).toEqual(['outer', 'again', 'nested'])
		release()
		await Promise.all([outer, other])
		expect(order.indexOf('other')).toBeGreaterThan(order.indexOf('nested'))
	})

	test('holders of one lock key run one after the other; other keys do not wait', async () => {
		const store = await open()
		const events: string[] = []
		let entered!: () => void
		const otherKeyIn = new Promise<void>((resolve) => (entered = resolve))
		const hold = (name: string, until: Promise<unknown>) => async () => {
			events.push(`${name} in`)
			if (name === 'c') entered()
			await until
			events.push(`${name} out`)
			return name
		}
		// a holds cart-1 until c is in: were cart-2 to wait for cart-1, this would never end.
		const results = await Promise.all([
			store.withLock('cart-1', hold('a', otherKeyIn)),
			store.withLock('cart-1', hold('b', later(1))),
			store.withLock('cart-2', hold('c', later(1))),
		])
		expect(results).toEqual(['a', 'b', 'c'])
		expect(events.indexOf('b in')).toBeGreaterThan(events.indexOf('a out'))
		expect(events.indexOf('c in')).toBeLessThan(events.indexOf('a out'))
		// A holder that throws lets the next one in.
		await expect(store.withLock('cart-1', () => Promise.reject(new Error('no')))).rejects.toThrow(
			'no',
		)
		expect(await store.withLock('cart-1', () => Promise.resolve('next'))).toBe('next')
	})

	test('a limiter refuses past its points and counts per key', async () => {
		const store = await open()
		const limiter = await store.makeLimiter({
			keyPrefix: `test-${engine}`,
			points: 2,
			duration: 60,
		})
		await limiter.consume('a')
		await limiter.consume('a')
		await expect(limiter.consume('a')).rejects.toMatchObject({ remainingPoints: 0 })
		await expect(limiter.consume('b')).resolves.toMatchObject({ remainingPoints: 1 })
	})

	test('jobs are kept per customer: added, listed open first by name, changed, closed and reopened', async () => {
		const store = await open()
		const site = { street: '14 Smith St', suburb: 'Marrickville', state: 'NSW', postcode: '2204' }
		const smith = await store.jobs.add(501, {
			name: 'Smith St renovation',
			number: 'PO-1400',
			...site,
			contactName: 'Ann Lee',
			contactPhone: '0400 000 000',
			budget: 2_500_000_07,
		})
		expect(smith).toMatchObject({ customerId: 501, open: true, budget: 2_500_000_07 })
		const duplex = await store.jobs.add(501, {
			name: 'duplex Lot 212',
			number: null,
			...site,
			contactName: null,
			contactPhone: null,
			budget: null,
		})
		await store.jobs.add(502, { ...duplex, name: 'Another customer’s job' })
		expect((await store.jobs.list(501)).map((j) => j.name)).toEqual([
			'duplex Lot 212',
			'Smith St renovation',
		])
		expect(await store.jobs.setOpen(501, duplex.id, false)).toBe(true)
		expect((await store.jobs.list(501)).map((j) => [j.name, j.open])).toEqual([
			['Smith St renovation', true],
			['duplex Lot 212', false],
		])
		expect(await store.jobs.update(501, smith.id, { ...smith, budget: null, number: null })).toBe(
			true,
		)
		expect(await store.jobs.get(501, smith.id)).toMatchObject({ budget: null, number: null })
		expect(await store.jobs.setOpen(501, duplex.id, true)).toBe(true)
		expect((await store.jobs.get(501, duplex.id))?.open).toBe(true)
	})

	test('a customer never reads or changes another customer’s job', async () => {
		const store = await open()
		const job = await store.jobs.add(601, {
			name: 'Unit fit-out',
			number: null,
			street: '3 High St',
			suburb: 'Penrith',
			state: 'NSW',
			postcode: '2750',
			contactName: null,
			contactPhone: null,
			budget: null,
		})
		expect(await store.jobs.get(602, job.id)).toBeUndefined()
		expect(await store.jobs.update(602, job.id, { ...job, name: 'Taken' })).toBe(false)
		expect(await store.jobs.setOpen(602, job.id, false)).toBe(false)
		expect(await store.jobs.list(602)).toEqual([])
		expect(await store.jobs.get(601, job.id)).toMatchObject({ name: 'Unit fit-out', open: true })
	})

	test('customer settings are per customer and replaced when saved', async () => {
		const store = await open()
		expect(await store.customerSettings.read(701, 'salesMayAddJobs')).toBeUndefined()
		await store.customerSettings.save(701, 'salesMayAddJobs', 'true')
		await store.customerSettings.save(701, 'salesMayAddJobs', 'false')
		await store.customerSettings.save(702, 'salesMayAddJobs', 'true')
		expect(await store.customerSettings.read(701, 'salesMayAddJobs')).toBe('false')
		expect(await store.customerSettings.read(702, 'salesMayAddJobs')).toBe('true')
	})

	test('each user’s last job is kept per customer, usernames in any case, the newest replacing it', async () => {
		const store = await open()
		expect(await store.lastJobs.read(801, 'ann')).toBeUndefined()
		await store.lastJobs.save(801, 'Ann', 'job-a')
		await store.lastJobs.save(801, 'bob', 'job-b')
		await store.lastJobs.save(802, 'ann', 'job-c')
		expect(await store.lastJobs.read(801, 'ANN ')).toBe('job-a')
		await store.lastJobs.save(801, 'ann', 'job-d')
		expect(await store.lastJobs.read(801, 'ann')).toBe('job-d')
		expect(await store.lastJobs.read(801, 'bob')).toBe('job-b')
		expect(await store.lastJobs.read(802, 'ann')).toBe('job-c')
	})
})

/** One engine's database as its raw driver sees it: run SQL, list tables and migrations. */
type Raw = {
	exec(sql: string): Promise<void>
	tables(): Promise<string[]>
	migrations(): Promise<string[]>
	close(): Promise<void>
}

const raw = {
	sqlite: async () => {
		const dir = mkdtempSync(path.join(tmpdir(), 'portal-store-'))
		const file = path.join(dir, 'portal.sqlite')
		const db = new DatabaseSync(file)
		const all = (sql: string) => db.prepare(sql).all() as Array<Record<string, string>>
		const driver: Raw = {
			exec: (sql) => Promise.resolve(db.exec(sql)),
			tables: () =>
				Promise.resolve(
					all(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
						.map((r) => r.name!)
						.sort(),
				),
			migrations: () =>
				Promise.resolve(all('SELECT name FROM kysely_migration ORDER BY name').map((r) => r.name!)),
			close: () => Promise.resolve(db.close()),
		}
		return {
			driver,
			open: () => openSqliteStore(file),
			remove: () => rmSync(dir, { recursive: true }),
		}
	},
	postgres: async () => {
		const url = await createDatabase(inject('postgresUrl'))
		const client = new pg.Client({ connectionString: url })
		await client.connect()
		const driver: Raw = {
			exec: async (sql) => void (await client.query(sql)),
			tables: async () =>
				(
					await client.query<{ tablename: string }>(
						`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
					)
				).rows.map((r) => r.tablename),
			migrations: async () =>
				(
					await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
				).rows.map((r) => r.name),
			close: () => client.end(),
		}
		return { driver, open: () => openPostgresStore(url), remove: () => {} }
	},
}

describe('one list of migrations', () => {
	/** The tables and migrations of a store opened on an empty database of `engine`. */
	async function fresh(engine: keyof typeof raw) {
		const { driver, open, remove } = await raw[engine]()
		const store = open()
		try {
			await store.ready()
			return { tables: await driver.tables(), migrations: await driver.migrations() }
		} finally {
			await Promise.all([store.close(), driver.close()])
			remove()
		}
	}

	test('both engines migrate from empty to the same version and tables', async () => {
		const [sqlite, postgres] = [await fresh('sqlite'), await fresh('postgres')]
		expect(sqlite.migrations.length).toBeGreaterThan(0)
		expect(postgres).toEqual(sqlite)
	})

	test.each([
		['sqlite', LEGACY_SQLITE],
		['postgres', LEGACY_POSTGRES],
	] as const)(
		'a %s store a deployed portal already has migrates to the same version and tables, its data kept',
		async (engine, legacy) => {
			const empty = await fresh(engine)
			const { driver, open, remove } = await raw[engine]()
			// The deployed portal's schema, its version table and some of its data.
			await driver.exec(
				'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
			)
			for (const m of legacy) {
				await driver.exec(m.sql)
				await driver.exec(
					`INSERT INTO schema_migrations VALUES (${m.version}, '${m.name}', ${Date.now()})`,
				)
			}
			const now = Date.now()
			await driver.exec(`
				INSERT INTO sessions VALUES ('kept', '{}', ${now + 60_000});
				INSERT INTO preferences VALUES ('TBaker', 'orders-filterList', '{"sort":"date"}');
				INSERT INTO user_limits VALUES (10001, 'TBaker', ${engine === 'sqlite' ? 1 : true}, 150000, NULL);
				INSERT INTO approval_requests (id, customer_id, requester, total, snapshot, status, created_at)
					VALUES ('first', 10001, 'tbaker', 5, '{}', 'pending', ${now}),
					('second', 10001, 'tbaker', 6, '{}', 'pending', ${now});
				INSERT INTO placed_orders VALUES (10001, 'TBaker', 609700, ${now});`)
			const store = open()
			try {
				await store.ready()
				expect(await driver.tables()).toEqual(empty.tables)
				expect(await driver.migrations()).toEqual(empty.migrations)
				expect(await store.sessions.read('kept')).toMatchObject({ data: '{}' })
				expect(await store.preferences.read('tbaker', 'orders-filterList')).toBe('{"sort":"date"}')
				expect(await store.approvals.limits(10001, 'TBAKER')).toEqual({
					mayOrder: true,
					orderLimit: 150000,
					monthlyLimit: null,
				})
				expect((await store.approvals.list(10001, 'tbaker')).map((r) => r.id).sort()).toEqual([
					'first',
					'second',
				])
				// A request sent now lists first; a purchase from before totals has none.
				const next = await store.approvals.create({
					customerId: 10001,
					requester: 'tbaker',
					total: 7,
					snapshot: '{}',
				})
				expect((await store.approvals.list(10001))[0]!.id).toBe(next.id)
				expect(await store.orders.since(10001, 'tbaker', 0)).toEqual([
					{ number: 609700, placedAt: now, total: null },
				])
			} finally {
				await Promise.all([store.close(), driver.close()])
				remove()
			}
		},
	)
})

describe('two portals sharing one PostgreSQL store', () => {
	const open = stores('postgres')

	test('a session written by one is read by the other', async () => {
		const [a, b] = [await open(), await open()]
		const session = {
			data: '{"username":"demo","cartSessionId":"cart-9"}',
			expires: Date.now() + 60_000,
		}
		await a.sessions.create('shared-1', session)
		expect(await b.sessions.read('shared-1')).toEqual(session)
		await b.sessions.delete('shared-1')
		expect(await a.sessions.read('shared-1')).toBeNull()
	})

	test('six wrong passwords for one user spread over both: the sixth is refused', async () => {
		const [a, b] = [await open(), await open()]
		const limits = { perUser: 5, perAddress: 50 }
		const throttles = [
			createSignInThrottle(limits, a.makeLimiter),
			createSignInThrottle(limits, b.makeLimiter),
		]
		const results = []
		for (let i = 0; i < 6; i++) {
			const outcome = await throttles[i % 2]!.run(
				{ username: 'Demo', address: `203.0.113.${i}` },
				() => Promise.resolve({ ok: false }),
				(r) => !r.ok,
			)
			results.push(outcome.refused ? 'refused' : 'failed')
		}
		expect(results).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'refused'])
		// 15 colleagues from one office address still sign in, on either instance.
		const office = []
		for (let i = 0; i < 15; i++) {
			const outcome = await throttles[i % 2]!.run(
				{ username: `colleague-${i}`, address: '198.51.100.1' },
				() => Promise.resolve({ ok: true }),
				(r) => !r.ok,
			)
			office.push(outcome.refused ? 'refused' : 'ok')
		}
		expect(office).toEqual(Array(15).fill('ok'))
	})

	test('two checkouts of one cart on two instances run one after the other', async () => {
		const [a, b] = [await open(), await open()]
		const events: string[] = []
		const checkout = (name: string, ms: number) => async () => {
			events.push(`${name} in`)
			await later(ms)
			events.push(`${name} out`)
		}
		// Either may get the lock first (connecting takes its time); the other waits for it to end.
		await Promise.all([
			a.withLock('checkout:cart-7', checkout('a', 150)),
			b.withLock('checkout:cart-7', checkout('b', 150)),
		])
		const [first, second] = events[0] === 'a in' ? ['a', 'b'] : ['b', 'a']
		expect(events).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`])
	})

	test("a write's cache drop on one instance drops the other's cached reads", async () => {
		const [a, b] = [await open(), await open()]
		const cache = (store: Store) => {
			const readCache = new ReadCache({
				publish: (drop) => void store.publish(JSON.stringify(drop)),
			})
			store.subscribe((message) =>
				readCache.apply(message === null ? null : (JSON.parse(message) as CacheDrop)),
			)
			return readCache
		}
		const [cacheA, cacheB] = [cache(a), cache(b)]
		const read = (c: ReadCache, scope: string, key: string) =>
			c.read(scope, key, 60_000, ['cart'], () => Promise.resolve(key))
		await read(cacheB, 'session-1', 'cart-lines')
		await read(cacheB, 'session-1', 'other-scope-stays')
		await read(cacheB, 'session-2', 'cart-lines')
		cacheA.invalidate('session-1', ['cart'])
		await eventually(() => !cacheB.has('session-1', 'cart-lines'))
		expect(cacheB.has('session-2', 'cart-lines')).toBe(true)

		// A user whose rights change loses every session's cached reads on every instance.
		cacheB.own('session-2', '7:demo')
		cacheA.dropOwner('7:Demo'.toLowerCase())
		await eventually(() => !cacheB.has('session-2', 'cart-lines'))

		// A lost listening connection: everything cached may be stale, so everything goes.
		await read(cacheB, 'session-3', 'cart-lines')
		cacheB.apply(null)
		expect(cacheB.has('session-3', 'cart-lines')).toBe(false)
	})

	test('an instance whose listening connection is lost forgets its cache and listens again', async () => {
		const url = await createDatabase(inject('postgresUrl'))
		const [a, b] = [openPostgresStore(url), openPostgresStore(url)]
		const admin = new pg.Client({ connectionString: url })
		try {
			await Promise.all([a.ready(), b.ready(), admin.connect()])
			const cacheB = new ReadCache()
			b.subscribe((message) =>
				cacheB.apply(message === null ? null : (JSON.parse(message) as CacheDrop)),
			)
			const cacheA = new ReadCache({ publish: (drop) => void a.publish(JSON.stringify(drop)) })
			const fill = () => cacheB.read('s', 'cart-lines', 60_000, ['cart'], () => Promise.resolve(1))
			const listeners = async () =>
				(
					await admin.query<{ pid: number }>(
						`SELECT pid FROM pg_stat_activity
						 WHERE datname = current_database() AND query = 'LISTEN portal_cache'`,
					)
				).rows
			await fill()
			vi.spyOn(console, 'warn').mockImplementation(() => {})
			for (const { pid } of await listeners())
				await admin.query('SELECT pg_terminate_backend($1)', [pid])
			await eventually(() => !cacheB.has('s', 'cart-lines'))
			// Both listen again within a second or so; then drops reach B again.
			const deadline = Date.now() + 5_000
			while ((await listeners()).length < 2 && Date.now() < deadline) await later(50)
			await later(200)
			await fill()
			cacheA.invalidate('s', ['cart'])
			await eventually(() => !cacheB.has('s', 'cart-lines'))
		} finally {
			await Promise.all([a.close(), b.close(), admin.end()])
		}
	})

	test('a limiter used the moment an instance starts waits for its migrations', async () => {
		// A sign-in can be the first request of a new instance on a new database.
		const store = openPostgresStore(await createDatabase(inject('postgresUrl')))
		try {
			const limiter = await store.makeLimiter({ keyPrefix: 'first', points: 1, duration: 60 })
			await expect(limiter.consume('demo')).resolves.toMatchObject({ remainingPoints: 0 })
		} finally {
			await store.close()
		}
	})

	test('a placed attempt survives the instance that placed it', async () => {
		const a = await open()
		await a.attempts.set('attempt-x', { type: 'Quote', number: 88 })
		await a.close()
		const b = await open()
		expect(await b.attempts.get('attempt-x')).toEqual({ type: 'Quote', number: 88 })
	})
})
