import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { type ApprovalRequest, type OrderLengths, type Store } from './contract.ts'
import { type Database } from './schema.ts'

/**
 * The store's queries of order limits and approvals (docs/decisions/059-order-limits-and-approvals.md):
 * users' limits, approval requests, customers' administrators, and the orders users placed.
 */

/** The store's database once its migrations ran. */
type Db = () => Promise<Kysely<Database>>

/** Usernames are kept in lower case, so both engines compare them alike. */
export const user = (username: string) => username.trim().toLowerCase()

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

/** Users' limits, approval requests and the customer's administrators (createStore). */
export function approvalQueries(db: Db): Store['approvals'] {
	return {
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
	}
}

/** The orders users placed, and the tally lengths of their lines (createStore). */
export function orderQueries(db: Db): Store['orders'] {
	return {
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
	}
}
