import { type ApprovalStatus, type QueuedStatus } from './contract.ts'

/**
 * The store's tables as the query builder (Kysely) sees them, the same on both engines. Usernames
 * are kept in lower case. Times are ms since the epoch and money is cents, as numbers (PostgreSQL's
 * bigint arrives as a number too: engines.ts).
 */
export type Database = {
	sessions: { id: string; data: string; expires: number }
	preferences: { username: string; name: string; value: string }
	checkout_attempts: { key: string; type: string; number: number; at: number }
	submissions: { id: string; answer: string; at: number }
	/** rate-limiter-flexible's table, for the shared store's limiters. */
	rate_limits: { key: string; points: number; expire: number | null }
	user_limits: {
		customer_id: number
		username: string
		/** 1 or 0 on SQLite, a boolean on PostgreSQL. */
		may_order: boolean | number
		order_limit: number | null
		monthly_limit: number | null
	}
	approval_requests: {
		id: string
		customer_id: number
		requester: string
		total: number
		snapshot: string
		status: ApprovalStatus
		created_at: number
		settled_at: number | null
		settled_by: string | null
		reason: string | null
		order_number: number | null
		/** Orders requests sent in the same millisecond. */
		seq: number | null
	}
	placed_orders: {
		customer_id: number
		username: string
		number: number
		placed_at: number
		total: number | null
	}
	order_lengths: {
		customer_id: number
		number: number
		line_num: number
		product_id: string
		uom: string
		lengths: string
	}
	queued_orders: {
		id: string
		customer_id: number
		username: string
		attempt: string
		session_id: string
		cart_id: string
		request: string
		shown_total: number | null
		summary: string
		status: QueuedStatus
		order_number: number | null
		message: string | null
		new_total: number | null
		created_at: number
		settled_at: number | null
		/** Orders orders kept in the same millisecond. */
		seq: number | null
	}
	last_good_copies: { scope: string; key: string; value: string; at: number }
	customer_admins: { customer_id: number; username: string; email: string }
	jobs: {
		id: string
		customer_id: number
		name: string
		number: string | null
		street: string
		suburb: string
		state: string
		postcode: string
		contact_name: string | null
		contact_phone: string | null
		/** Inc. GST, in cents; null for none. */
		budget: number | null
		/** 1 or 0 on SQLite, a boolean on PostgreSQL. */
		open: boolean | number
		created_at: number
		updated_at: number
		/** Orders jobs added in the same millisecond. */
		seq: number | null
	}
	/** A customer's portal settings (who may add jobs), each a JSON value by name. */
	customer_settings: { customer_id: number; name: string; value: string }
	/** The job each user (lower case) last placed an order or quote with. */
	last_jobs: { customer_id: number; username: string; job_id: string; at: number }
}
