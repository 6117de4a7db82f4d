import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import {
	ATTEMPT_TTL_MS,
	SUBMISSION_TTL_MS,
	type ApprovalRequest,
	type OrderLengths,
	type RecordedAnswer,
	type Store,
} from './contract.ts'
import { type Engine } from './engines.ts'
import { migrate } from './migrations.ts'
import { type Database } from './schema.ts'

/** Usernames are kept in lower case, so both engines compare them alike. */
const user = (username: string) => username.trim().toLowerCase()

function approvalFromRow(row: Database['approval_requests']): ApprovalRequest {
	return {
		id: row.id,
		customerId: row.customer_id,
		requester: row.requester,
		total: row.total,
		snapshot: row.snapshot,
		status: row.status,
		createdAt: row.created_at,
		settledAt: row.settled_at,
		settledBy: row.settled_by,
		reason: row.reason,
		orderNumber: row.order_number,
	}
}

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
		approvals: {
			async limits(customerId, username) {
				const row = await (
					await db()
				)
					.selectFrom('user_limits')
					.select(['may_order', 'order_limit', 'monthly_limit'])
					.where('customer_id', '=', customerId)
					.where('username', '=', user(username))
					.executeTakeFirst()
				return (
					row && {
						mayOrder: Boolean(row.may_order),
						orderLimit: row.order_limit,
						monthlyLimit: row.monthly_limit,
					}
				)
			},
			async setLimits(customerId, username, { mayOrder, orderLimit, monthlyLimit }) {
				const values = { may_order: mayOrder, order_limit: orderLimit, monthly_limit: monthlyLimit }
				await (
					await db()
				)
					.insertInto('user_limits')
					.values({ customer_id: customerId, username: user(username), ...values })
					.onConflict((c) => c.columns(['customer_id', 'username']).doUpdateSet(values))
					.execute()
			},
			async create(request) {
				const row = await (
					await db()
				)
					.insertInto('approval_requests')
					.values({
						id: randomUUID(),
						customer_id: request.customerId,
						requester: user(request.requester),
						total: request.total,
						snapshot: request.snapshot,
						status: 'pending',
						created_at: Date.now(),
						// After every request so far: requests sent in one millisecond keep their order.
						seq: sql<number>`(SELECT coalesce(max(seq), 0) + 1 FROM approval_requests)`,
					})
					.returningAll()
					.executeTakeFirstOrThrow()
				return approvalFromRow(row)
			},
			async get(id) {
				const row = await (
					await db()
				)
					.selectFrom('approval_requests')
					.selectAll()
					.where('id', '=', id)
					.executeTakeFirst()
				return row && approvalFromRow(row)
			},
			async list(customerId, requester) {
				let query = (await db())
					.selectFrom('approval_requests')
					.selectAll()
					.where('customer_id', '=', customerId)
				if (requester !== undefined) query = query.where('requester', '=', user(requester))
				const rows = await query.orderBy('created_at', 'desc').orderBy('seq', 'desc').execute()
				return rows.map(approvalFromRow)
			},
			async pending(customerId) {
				const row = await (
					await db()
				)
					.selectFrom('approval_requests')
					.select((eb) => eb.fn.countAll<number>().as('n'))
					.where('customer_id', '=', customerId)
					.where('status', '=', 'pending')
					.executeTakeFirstOrThrow()
				return Number(row.n)
			},
			async settle(id, outcome) {
				const result = await (
					await db()
				)
					.updateTable('approval_requests')
					.set({
						status: outcome.status,
						settled_at: Date.now(),
						settled_by: outcome.by,
						reason: outcome.status === 'declined' ? outcome.reason : null,
						order_number: outcome.status === 'approved' ? outcome.orderNumber : null,
					})
					.where('id', '=', id)
					.where('status', '=', 'pending')
					.executeTakeFirst()
				return Number(result.numUpdatedRows) === 1
			},
			async admins(customerId) {
				return (await db())
					.selectFrom('customer_admins')
					.select(['username', 'email'])
					.where('customer_id', '=', customerId)
					.orderBy('username')
					.execute()
			},
			async setAdmins(customerId, admins) {
				const q = await db()
				const rows = admins.map((a) => ({
					customer_id: customerId,
					username: user(a.username),
					email: a.email,
				}))
				if (rows.length)
					await q
						.insertInto('customer_admins')
						.values(rows)
						.onConflict((c) =>
							c
								.columns(['customer_id', 'username'])
								.doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })),
						)
						.execute()
				let gone = q.deleteFrom('customer_admins').where('customer_id', '=', customerId)
				if (rows.length)
					gone = gone.where(
						'username',
						'not in',
						rows.map((r) => r.username),
					)
				await gone.execute()
			},
		},
		orders: {
			async record(customerId, username, { number, total }) {
				await (
					await db()
				)
					.insertInto('placed_orders')
					.values({
						customer_id: customerId,
						username: user(username),
						number,
						placed_at: Date.now(),
						total,
					})
					.onConflict((c) => c.columns(['customer_id', 'number']).doNothing())
					.execute()
			},
			async since(customerId, username, since) {
				const rows = await (
					await db()
				)
					.selectFrom('placed_orders')
					.select(['number', 'placed_at', 'total'])
					.where('customer_id', '=', customerId)
					.where('username', '=', user(username))
					.where('placed_at', '>=', since)
					.orderBy('placed_at')
					.execute()
				return rows.map((r) => ({ number: r.number, placedAt: r.placed_at, total: r.total }))
			},
			async setLengths(customerId, number, lines) {
				if (!lines.length) return
				await (
					await db()
				)
					.insertInto('order_lengths')
					.values(
						lines.map((l) => ({
							customer_id: customerId,
							number,
							line_num: l.lineNum,
							product_id: l.productID,
							uom: l.uom,
							lengths: JSON.stringify(l.tally),
						})),
					)
					.onConflict((c) => c.columns(['customer_id', 'number', 'line_num']).doNothing())
					.execute()
			},
			async lengths(customerId, number) {
				const rows = await (
					await db()
				)
					.selectFrom('order_lengths')
					.selectAll()
					.where('customer_id', '=', customerId)
					.where('number', '=', number)
					.orderBy('line_num')
					.execute()
				return rows.map((r): OrderLengths => ({
					lineNum: r.line_num,
					productID: r.product_id,
					uom: r.uom,
					tally: JSON.parse(r.lengths) as OrderLengths['tally'],
				}))
			},
		},
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
