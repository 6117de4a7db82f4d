import { createHash } from 'node:crypto'
import { getStore, type PlacedAttempt } from '../store/index.ts'
import { logFailure } from '../config/log.ts'

/**
 * Whose attempt to buy a key names: a checkout is one user's, an approval one customer's (any of
 * its administrators may approve). A key means something only within its owner and kind: the same
 * key from another user, customer or kind is another attempt (docs/decisions/060).
 */
export type AttemptScope =
	| { kind: 'checkout'; customerId: number; username: string }
	| { kind: 'approval'; customerId: number }

/**
 * The key of an attempt within its scope: what the store records it under, and what the presenter
 * gets as createOrder's idempotency key, so neither can be reached from another scope.
 */
export function scopedKey(scope: AttemptScope, key: string) {
	const owner = scope.kind === 'checkout' ? scope.username.trim().toLowerCase() : ''
	return createHash('sha256')
		.update(JSON.stringify([scope.kind, scope.customerId, owner, key]))
		.digest('base64url')
}

/**
 * Attempts already settled, kept in the store: a retried submission, on this instance or another
 * (its first one's instance may have died), goes straight to its result.
 */
export const attempts = {
	get: (scope: AttemptScope, key: string) => getStore().attempts.get(scopedKey(scope, key)),
	/** Records an outcome; the outcome stands whatever the store answers (it is logged). */
	set: (scope: AttemptScope, key: string, outcome: PlacedAttempt) =>
		getStore()
			.attempts.set(scopedKey(scope, key), outcome)
			.catch((error: unknown) => logFailure('Recording a checkout attempt', error)),
}
