import { getStore } from './index.ts'

/**
 * The portal's locks, named by what they guard (docs/decisions/060-order-rules-between-requests.md).
 * Each is the store's, so it holds across every instance sharing the store. Locks nest (a lock
 * taken again inside itself runs at once); when nested, they are taken in this order, so two
 * requests never wait for each other: a kept order's, then a user's, then an approval request's,
 * then a cart's.
 */
export const LOCKS = {
	/** An order kept while the presenter was down, sent (or confirmed, or cancelled) once. */
	queued: (id: string) => `queued:${id}`,
	/** A user's limits checked and what they buy counted. */
	user: (customerId: number, username: string) =>
		`user:${customerId}:${username.trim().toLowerCase()}`,
	/** An approval request settled: approved, declined or withdrawn once. */
	request: (id: string) => `approval:${id}`,
	/** Every change of a cart or list, and placing it: from its checks to its createOrder. */
	cart: (cartSessionId: string) => `cart:${cartSessionId}`,
}

/** Runs `fn` while no other holder of `key` runs, in any instance sharing the store. */
export function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
	return getStore().withLock(key, fn)
}
