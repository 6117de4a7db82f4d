import { approvalQueries, orderQueries, user } from './approvals.ts'
import { ATTEMPT_TTL_MS, SUBMISSION_TTL_MS, type RecordedAnswer, type Store } from './contract.ts'
import { type Engine } from './engines.ts'
import { migrate } from './migrations.ts'
import { customerSettingQueries, jobQueries, lastJobQueries } from './jobs.ts'
import { queuedQueries } from './queued.ts'

/**
 * The portal's store, written once over the query builder: every query below runs on either
 * engine (engines.ts says where they differ). Every call waits for the migrations.
 */
export function createStore(engine: Engine): Store {
	const started = migrate(engine.db).then(() => engine.started())
	// A failed start is answered by every call, not left unhandled.
	started.catch(() => {})
	const db = async () => {
		await started
		return engine.db
	}
	return {
		engine: engine.engine,
		ready: () => started,
		sessions: {
			async read(id) {
				const row = await (
					await db()
				)
					.selectFrom('sessions')
					.select(['data', 'expires'])
					.where('id', '=', id)
					.executeTakeFirst()
				return row ?? null
			},
			async create(id, { data, expires }) {
				const q = await db()
				await q.deleteFrom('sessions').where('expires', '<=', Date.now()).execute()
				await q.insertInto('sessions').values({ id, data, expires }).execute()
			},
			async write(id, { data, expires }) {
				await (
					await db()
				)
					.insertInto('sessions')
					.values({ id, data, expires })
					.onConflict((c) => c.column('id').doUpdateSet({ data, expires }))
					.execute()
			},
			async touch(id, expires) {
				await (await db()).updateTable('sessions').set({ expires }).where('id', '=', id).execute()
			},
			async delete(id) {
				await (await db()).deleteFrom('sessions').where('id', '=', id).execute()
			},
		},
		preferences: {
			async read(username, name) {
				const row = await (
					await db()
				)
					.selectFrom('preferences')
					.select('value')
					.where('username', '=', user(username))
					.where('name', '=', name)
					.executeTakeFirst()
				return row?.value
			},
			async save(username, name, value) {
				await (
					await db()
				)
					.insertInto('preferences')
					.values({ username: user(username), name, value })
					.onConflict((c) => c.columns(['username', 'name']).doUpdateSet({ value }))
					.execute()
			},
		},
		attempts: {
			async get(key) {
				const row = await (
					await db()
				)
					.selectFrom('checkout_attempts')
					.select(['type', 'number'])
					.where('key', '=', key)
					.where('at', '>', Date.now() - ATTEMPT_TTL_MS)
					.executeTakeFirst()
				return row && { type: row.type as 'Order' | 'Quote' | 'Approval', number: row.number }
			},
			async set(key, { type, number }) {
				const q = await db()
				const at = Date.now()
				await q
					.deleteFrom('checkout_attempts')
					.where('at', '<=', at - ATTEMPT_TTL_MS)
					.execute()
				await q
					.insertInto('checkout_attempts')
					.values({ key, type, number, at })
					.onConflict((c) => c.column('key').doUpdateSet({ type, number, at }))
					.execute()
			},
		},
		submissions: {
			async get(id) {
				const row = await (
					await db()
				)
					.selectFrom('submissions')
					.select('answer')
					.where('id', '=', id)
					.where('at', '>', Date.now() - SUBMISSION_TTL_MS)
					.executeTakeFirst()
				return row && (JSON.parse(row.answer) as RecordedAnswer)
			},
			async set(id, answer) {
				const q = await db()
				const at = Date.now()
				await q
					.deleteFrom('submissions')
					.where('at', '<=', at - SUBMISSION_TTL_MS)
					.execute()
				const text = JSON.stringify(answer)
				await q
					.insertInto('submissions')
					.values({ id, answer: text, at })
					.onConflict((c) => c.column('id').doUpdateSet({ answer: text, at }))
					.execute()
			},
		},
		approvals: approvalQueries(db),
		orders: orderQueries(db),
		queued: queuedQueries(db),
		copies: {
			async save(scope, key, value, at, expiredBefore) {
				const q = await db()
				await q.deleteFrom('last_good_copies').where('at', '<', expiredBefore).execute()
				await q
					.insertInto('last_good_copies')
					.values({ scope, key, value, at })
					.onConflict((c) => c.columns(['scope', 'key']).doUpdateSet({ value, at }))
					.execute()
			},
			async load(scope, key, since) {
				return (await db())
					.selectFrom('last_good_copies')
					.select(['value', 'at'])
					.where('scope', '=', scope)
					.where('key', '=', key)
					.where('at', '>=', since)
					.executeTakeFirst()
			},
			async dropScope(scope) {
				await (await db()).deleteFrom('last_good_copies').where('scope', '=', scope).execute()
			},
		},
		jobs: jobQueries(db),
		customerSettings: customerSettingQueries(db),
		lastJobs: lastJobQueries(db),
		async withLock(key, fn) {
			await started
			return engine.withLock(key, fn)
		},
		async makeLimiter(options) {
			await started
			return engine.makeLimiter(options)
		},
		async publish(message) {
			await started
			return engine.publish(message)
		},
		subscribe: (listener) => engine.subscribe(listener),
		close: () => engine.close(),
	}
}
