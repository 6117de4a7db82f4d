import { type Customer } from '../request/context.ts'
import { failureMessage } from '../request/forms.ts'
import { isPresenterError } from '../presenter/index.ts'
import { type DeliveryPreview } from './delivery.ts'

/** Who buys: the presenter bound to their session, who they are, their settings and their cart. */
export type Shopper = Pick<Customer, 'presenter' | 'identity' | 'settings' | 'cart'>

/**
 * What an attempt to buy came to (checkout, accepting a quote, approving a request): one result
 * the routes render, each kind its own answer.
 * - `placed`: the order or quote is placed (its total inc. GST in cents; null when not known).
 * - `accepted`: the quote is accepted.
 * - `sent-for-approval`: over the user's limits, sent to an administrator instead.
 * - `refused`: nothing done, said beside `field` when it names one.
 * - `total-changed`: nothing done: the total (cents) is not the one the customer saw.
 * - `limits-changed`: nothing done: the button pressed no longer fits the user's limits.
 * - `presenter-failed`: the presenter refused (400) or could not be reached (503).
 * The last four carry the delivery as it would be placed now, when one was quoted.
 */
export type BuyResult =
	| { kind: 'placed'; type: 'Order' | 'Quote'; number: number; total: number | null }
	| { kind: 'accepted'; number: number }
	| { kind: 'sent-for-approval'; reason: string }
	| Refusal

export type Refusal =
	| { kind: 'refused'; message: string; status: 400 | 403 | 404 | 409; field?: string }
	| { kind: 'total-changed'; message: string; total: number; delivery?: DeliveryPreview }
	| { kind: 'limits-changed'; message: string; delivery?: DeliveryPreview }
	| { kind: 'presenter-failed'; message: string; status: 400 | 503 }

/** The HTTP status a refusal answers with. */
export function statusOf(refusal: Refusal) {
	return 'status' in refusal ? refusal.status : 409
}

/**
 * A presenter failure as a result: its refusal (400) or `fallback` (503). Anything else is thrown
 * on (a 404 of the caller's, a redirect to sign in).
 */
export function presenterFailed(error: unknown, fallback = 'Something went wrong.'): Refusal {
	if (!isPresenterError(error)) throw error
	const transport = error.kind === 'transport' || error.kind === 'invalid-reply'
	return {
		kind: 'presenter-failed',
		message: failureMessage(error, fallback),
		status: transport ? 503 : 400,
	}
}
