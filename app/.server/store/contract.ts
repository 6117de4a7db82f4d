import { AsyncLocalStorage } from 'node:async_hooks'
import { type RateLimiterAbstract } from 'rate-limiter-flexible'

/**
 * The portal's own state, behind one interface with two engines (docs/decisions/055-shared-store.md):
 * the embedded SQLite file of one process, or PostgreSQL shared by several instances.
 */
export type Store = {
	readonly engine: 'sqlite' | 'postgres'
	/** Resolves once the store's migrations have run (every method waits for it too). */
	ready(): Promise<void>
	sessions: {
		/** The session's JSON and when it ends (ms since the epoch), or null. */
		read(id: string): Promise<StoredSession | null>
		/** A new session; sessions that have ended are deleted on the way. */
		create(id: string, session: StoredSession): Promise<void>
		write(id: string, session: StoredSession): Promise<void>
		/** Moves the end of a session in use. */
		touch(id: string, expires: number): Promise<void>
		delete(id: string): Promise<void>
	}
	/** Per-user saved preferences (usernames in any case), as JSON. */
	preferences: {
		read(username: string, name: string): Promise<string | undefined>
		save(username: string, name: string, value: string): Promise<void>
	}
	/** Checkout attempts already placed, by attempt key: a retried submission gets the same order. */
	attempts: {
		get(key: string): Promise<PlacedAttempt | undefined>
		set(key: string, placed: PlacedAttempt): Promise<void>
	}
	/**
	 * What a form submission answered, by its record id (the submission key with its scope, action
	 * and body, app/.server/request/submissions.ts): a repeat gets the same answer. Kept a day.
	 */
	submissions: {
		get(id: string): Promise<RecordedAnswer | undefined>
		set(id: string, answer: RecordedAnswer): Promise<void>
	}
	/**
	 * Order limits of the customer's users and the orders waiting for an administrator's approval
	 * (docs/decisions/059-order-limits-and-approvals.md). Money is in cents.
	 */
	approvals: {
		/** A user's limits (usernames in any case), or undefined when none were set. */
		limits(customerId: number, username: string): Promise<UserLimits | undefined>
		setLimits(customerId: number, username: string, limits: UserLimits): Promise<void>
		create(request: NewApprovalRequest): Promise<ApprovalRequest>
		get(id: string): Promise<ApprovalRequest | undefined>
		/** The customer's requests, newest first; only one requester's when `requester` is given. */
		list(customerId: number, requester?: string): Promise<ApprovalRequest[]>
		/** How many of the customer's requests wait for an administrator (the menu's count). */
		pending(customerId: number): Promise<number>
		/**
		 * Settles a pending request: true when it was still pending (and is now settled), false
		 * when another settlement came first.
		 */
		settle(id: string, outcome: ApprovalOutcome): Promise<boolean>
		/** The customer's administrators as an administrator's page last listed them. */
		admins(customerId: number): Promise<Admin[]>
		setAdmins(customerId: number, admins: Admin[]): Promise<void>
	}
	/**
	 * What the portal placed: orders (and quotes accepted) and whom for, when and for how much (the
	 * presenter's history does not say who placed an order), and the tally lengths of their lines
	 * (the presenter keeps only each line's metres).
	 */
	orders: {
		/** Notes a purchase of a user's; a second note of the same number changes nothing. */
		record(customerId: number, username: string, placed: PlacedOrder): Promise<void>
		/** A user's purchases since `since` (ms since the epoch), oldest first. */
		since(
			customerId: number,
			username: string,
			since: number,
		): Promise<Array<PlacedOrder & { placedAt: number }>>
		/** Keeps the tally lengths of a placed transaction's lines. */
		setLengths(customerId: number, number: number, lines: OrderLengths[]): Promise<void>
		/** The tally lengths kept for a transaction's lines, by line number. */
		lengths(customerId: number, number: number): Promise<OrderLengths[]>
	}
	/**
	 * Orders taken while the presenter was down, kept until they are sent when it is back
	 * (docs/decisions/064-presenter-outages.md). Money is in cents.
	 */
	queued: {
		/** Keeps an order to send; the same attempt of the same user again gets the one kept. */
		add(order: NewQueuedOrder): Promise<QueuedOrder>
		get(id: string): Promise<QueuedOrder | undefined>
		/** A user's (usernames in any case), newest first. */
		list(customerId: number, username: string): Promise<QueuedOrder[]>
		/** Every customer's orders still waiting to be sent, oldest first. */
		waiting(): Promise<QueuedOrder[]>
		/** What became of an order: placed, sent for approval, refused, or waiting again. */
		settle(id: string, outcome: QueuedOutcome): Promise<void>
		/** The user signed in again: their unsent orders go with the new presenter session. */
		signedIn(customerId: number, username: string, sessionId: string): Promise<number>
	}
	/**
	 * Last good presenter replies shared between instances (docs/decisions/064-presenter-outages.md),
	 * by scope (a presenter session, or the shared scope) and read key, as JSON.
	 */
	copies: {
		/** Keeps a reply read at `at`; copies older than `expiredBefore` go on the way. */
		save(
			scope: string,
			key: string,
			value: string,
			at: number,
			expiredBefore: number,
		): Promise<void>
		/** The reply kept for `key` in `scope` if it was read at or after `since`. */
		load(
			scope: string,
			key: string,
			since: number,
		): Promise<{ value: string; at: number } | undefined>
		dropScope(scope: string): Promise<void>
	}
	/**
	 * The jobs a customer's purchases are booked against (docs/decisions/067-jobs.md), each only
	 * ever read or changed with its customer's id. Budgets are in cents.
	 */
	jobs: {
		/** The customer's jobs: open ones first, then by name (ignoring case). */
		list(customerId: number): Promise<Job[]>
		/** One of the customer's jobs; undefined when it is not theirs or not there. */
		get(customerId: number, id: string): Promise<Job | undefined>
		add(customerId: number, job: JobFields): Promise<Job>
		/** Changes one of the customer's jobs: false when they have no such job. */
		update(customerId: number, id: string, job: JobFields): Promise<boolean>
		/** Closes or reopens one of the customer's jobs: false when they have no such job. */
		setOpen(customerId: number, id: string, open: boolean): Promise<boolean>
	}
	/**
	 * The job each of a customer's users last placed an order or quote with (usernames in any
	 * case), offered first at their next checkout.
	 */
	lastJobs: {
		read(customerId: number, username: string): Promise<string | undefined>
		save(customerId: number, username: string, jobId: string): Promise<void>
	}
	/** A customer's portal settings (the presenter has no place for them), as JSON by name. */
	customerSettings: {
		read(customerId: number, name: string): Promise<string | undefined>
		save(customerId: number, name: string, value: string): Promise<void>
	}
	/** Runs `fn` while no other holder of `key` (in any instance sharing the store) runs. */
	withLock<T>(key: string, fn: () => Promise<T>): Promise<T>
	/** A rate limiter counting in the store (every instance sharing it counts together). */
	makeLimiter: MakeLimiter
	/** Sends `message` to every other instance's `subscribe` listeners (not to this one's). */
	publish(message: string): Promise<void>
	/**
	 * Listens to other instances' messages. `null` says messages may have been missed (the
	 * connection that listens was lost): the listener forgets what they could have changed.
	 */
	subscribe(listener: (message: string | null) => void): void
	close(): Promise<void>
}

export type UserLimits = {
	/** False: the user may make quotes only. */
	mayOrder: boolean
	/** Most one order may come to, inc. GST, in cents; null for no limit. */
	orderLimit: number | null
	/** Most the month's orders may come to, inc. GST, in cents; null for no limit. */
	monthlyLimit: number | null
}
export type Admin = { username: string; email: string }
export type ApprovalStatus = 'pending' | 'approved' | 'declined' | 'withdrawn'
export type NewApprovalRequest = {
	customerId: number
	requester: string
	/** Inc. GST, in cents: what the monthly limit counts while the request is pending. */
	total: number
	/** The order as sent (its JSON): lines, prices, totals, delivery or pickup, the requester. */
	snapshot: string
}
export type ApprovalRequest = NewApprovalRequest & {
	id: string
	status: ApprovalStatus
	/** When it was sent and settled (ms since the epoch). */
	createdAt: number
	settledAt: number | null
	/** Who approved or declined it. */
	settledBy: string | null
	reason: string | null
	orderNumber: number | null
}
export type ApprovalOutcome =
	| { status: 'approved'; by: string; orderNumber: number }
	| { status: 'declined'; by: string; reason: string }
	| { status: 'withdrawn'; by: string }
/**
 * Where an order taken while the presenter was down stands: waiting to be sent, placed, sent for
 * an administrator's approval, waiting for its new total to be confirmed, refused, or cancelled.
 */
export type QueuedStatus =
	'waiting' | 'placed' | 'approval' | 'total-changed' | 'refused' | 'cancelled'
export type NewQueuedOrder = {
	customerId: number
	username: string
	/** The checkout page's attempt: the order is placed under it, at most once. */
	attempt: string
	/** The presenter session it is sent in (the user's latest). */
	sessionId: string
	/** The presenter's cart it places. */
	cartId: string
	/** The checkout form's values and the despatch methods as read (JSON). */
	request: string
	/** The total the customer confirmed, inc. GST, in cents (null when prices are hidden). */
	shownTotal: number | null
	/** The lines as the customer saw them (JSON), for the Orders page and the emails. */
	summary: string
}
export type QueuedOrder = NewQueuedOrder & {
	id: string
	status: QueuedStatus
	orderNumber: number | null
	/** Why it was not placed, in the customer's words. */
	message: string | null
	/** The total it would be placed at now (status total-changed), in cents. */
	newTotal: number | null
	createdAt: number
	settledAt: number | null
}
export type QueuedOutcome = {
	status: QueuedStatus
	orderNumber?: number
	message?: string
	newTotal?: number
	/** The total it was placed at, when the customer confirmed a new one (cents). */
	shownTotal?: number | null
}
/** A purchase as recorded: its number and its total inc. GST in cents (null: recorded before totals were). */
export type PlacedOrder = { number: number; total: number | null }
/** One line's tally lengths: its number in the transaction (1 first), product, unit and lengths. */
export type OrderLengths = {
	lineNum: number
	productID: string
	uom: string
	tally: Array<{ length: number; qty: number }>
}
/** What an administrator writes of a job: all but its id, state and times. */
export type JobFields = {
	name: string
	/** The job or purchase order number, or null. */
	number: string | null
	street: string
	suburb: string
	state: string
	postcode: string
	contactName: string | null
	contactPhone: string | null
	/** Inc. GST, in cents; null for none. */
	budget: number | null
}
/** A job as kept: open until an administrator closes it. */
export type Job = JobFields & {
	id: string
	customerId: number
	open: boolean
	createdAt: number
	updatedAt: number
}
export type StoredSession = { data: string; expires: number }
/** A checkout attempt's outcome: the transaction placed, or (number 0) an order sent for approval. */
export type PlacedAttempt = { type: 'Order' | 'Quote' | 'Approval'; number: number }
/** An answer as sent: status, the headers that make it, the body as text, the flash it set. */
export type RecordedAnswer = {
	status: number
	headers: Array<[string, string]>
	body: string
	flash?: unknown
}
export type LimiterOptions = { keyPrefix: string; points: number; duration: number }
/** Builds a limiter once the store is ready for it (the shared one's table is migrated). */
export type MakeLimiter = (options: LimiterOptions) => Promise<RateLimiterAbstract>

/** How long a placed attempt is remembered: far longer than any retry of it takes. */
export const ATTEMPT_TTL_MS = 24 * 60 * 60_000
/** How long a submission's answer is kept (issue 31: keys expire after a day). */
export const SUBMISSION_TTL_MS = 24 * 60 * 60_000

/**
 * The locks the running code holds (`withLock`), and the shared store's connection that holds
 * them: set for the code inside a lock, so a lock taken again inside it runs at once and a
 * different lock taken inside it is held on the same connection.
 */
export type HeldLocks = { keys: ReadonlySet<string>; connection?: unknown }
export const heldLocks = new AsyncLocalStorage<HeldLocks>()

/**
 * The lock of one process: holders of one key run one after the other, in order. Locks nest: code
 * that holds `key` may take it again (a cart change inside a checkout that holds the cart), and
 * runs at once. The shared store takes it before its own, so a double click waits here instead
 * of holding a database connection. Never take two different locks at the same time (in
 * parallel) inside one: nested locks share one connection.
 */
export function localLock() {
	const locks = new Map<string, Promise<unknown>>()
	return async function withLocalLock<T>(
		key: string,
		fn: (outer: HeldLocks | undefined) => Promise<T>,
	): Promise<T> {
		const outer = heldLocks.getStore()
		if (outer?.keys.has(key)) return fn(outer)
		const previous = locks.get(key) ?? Promise.resolve()
		const run = previous.catch(() => {}).then(() => fn(outer))
		locks.set(key, run)
		try {
			return await run
		} finally {
			if (locks.get(key) === run) locks.delete(key)
		}
	}
}

/** Runs `fn` as the holder of `key` too (inside `outer`'s locks), on `connection`. */
export function holding<T>(
	outer: HeldLocks | undefined,
	key: string,
	connection: unknown,
	fn: () => Promise<T>,
) {
	return heldLocks.run({ keys: new Set([...(outer?.keys ?? []), key]), connection }, fn)
}
