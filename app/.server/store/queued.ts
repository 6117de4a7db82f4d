import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { type QueuedOrder, type Store } from './contract.ts'
import { type Database } from './schema.ts'
import { user } from './approvals.ts'

/**
 * The store's queries of orders taken while the presenter was down, to be sent when it is back
 * (docs/decisions/064-presenter-outages.md).
 */

/** The store's database once its migrations ran. */
type Db = () => Promise<Kysely<Database>>

function fromRow(row: Database['queued_orders']): QueuedOrder {
	return {
		id: row.id,
		customerId: row.customer_id,
		username: row.username,
		attempt: row.attempt,
		sessionId: row.session_id,
		cartId: row.cart_id,
		request: row.request,
		shownTotal: row.shown_total,
		summary: row.summary,
		status: row.status,
		orderNumber: row.order_number,
		message: row.message,
		newTotal: row.new_total,
		createdAt: row.created_at,
		settledAt: row.settled_at,
	}
}

/** Orders to send when the presenter is back (createStore). */
export function queuedQueries(db: Db): Store['queued'] {
	const get = async (id: string) => {
		const row = await (
			await db()
		)
			.selectFrom('queued_orders')
			.selectAll()
			.where('id', '=', id)
			.executeTakeFirst()
		return row && fromRow(row)
	}
	return {
		async add(order) {
			const q = await db()
			await q
				.insertInto('queued_orders')
				.values({
					id: randomUUID(),
					customer_id: order.customerId,
					username: user(order.username),
					attempt: order.attempt,
					session_id: order.sessionId,
					cart_id: order.cartId,
					request: order.request,
					shown_total: order.shownTotal,
					summary: order.summary,
					status: 'waiting',
					created_at: Date.now(),
					seq: sql<number>`(SELECT coalesce(max(seq), 0) + 1 FROM queued_orders)`,
				})
				// The same checkout attempt sent again keeps the order kept first.
				.onConflict((c) => c.columns(['customer_id', 'username', 'attempt']).doNothing())
				.execute()
			const row = await q
				.selectFrom('queued_orders')
				.selectAll()
				.where('customer_id', '=', order.customerId)
				.where('username', '=', user(order.username))
				.where('attempt', '=', order.attempt)
				.executeTakeFirstOrThrow()
			return fromRow(row)
		},
		get,
		async list(customerId, username) {
			const rows = await (
				await db()
			)
				.selectFrom('queued_orders')
				.selectAll()
				.where('customer_id', '=', customerId)
				.where('username', '=', user(username))
				.orderBy('created_at', 'desc')
				.orderBy('seq', 'desc')
				.execute()
			return rows.map(fromRow)
		},
		async waiting() {
			const rows = await (
				await db()
			)
				.selectFrom('queued_orders')
				.selectAll()
				.where('status', '=', 'waiting')
				.orderBy('created_at')
				.orderBy('seq')
				.execute()
			return rows.map(fromRow)
		},
		async settle(id, outcome) {
			await (
				await db()
			)
				.updateTable('queued_orders')
				.set({
					status: outcome.status,
					order_number: outcome.orderNumber ?? null,
					message: outcome.message ?? null,
					new_total: outcome.newTotal ?? null,
					...(outcome.shownTotal === undefined ? {} : { shown_total: outcome.shownTotal }),
					settled_at: outcome.status === 'waiting' ? null : Date.now(),
				})
				.where('id', '=', id)
				.execute()
		},
		async signedIn(customerId, username, sessionId) {
			const result = await (
				await db()
			)
				.updateTable('queued_orders')
				.set({ session_id: sessionId })
				.where('customer_id', '=', customerId)
				.where('username', '=', user(username))
				.where('status', 'in', ['waiting', 'total-changed'])
				.executeTakeFirst()
			return Number(result.numUpdatedRows)
		},
	}
}
