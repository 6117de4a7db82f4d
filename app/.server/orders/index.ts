/**
 * The order domain (docs/decisions/060-order-rules-between-requests.md): everything that buys —
 * quoting a delivery, checkout, accepting a quote, limits and approvals — with one result type.
 * Routes read their form, call one of these, and render what it returns; nothing else in the
 * portal places an order, accepts a quote or settles a request.
 */
export { ADDRESS_NOT_FOUND, previewDelivery, type DeliveryPreview } from './delivery.ts'
export {
	checkout,
	NOW_NEEDS_APPROVAL,
	NO_LONGER_NEEDS_APPROVAL,
	type CheckoutRequest,
} from './place.ts'
export {
	acceptanceNeedsApproval,
	acceptQuote,
	QUOTE_NOW_NEEDS_APPROVAL,
	QUOTE_NO_LONGER_NEEDS_APPROVAL,
} from './quotes.ts'
export { limitRules, limitsOf, setLimits, toLimits } from './limits.ts'
export { describeLengths, keptLengths } from './lengths.ts'
export {
	pendingRequests,
	rememberAdmins,
	requestsOf,
	requireApprover,
	requireRequest,
	type Unsent,
} from './approvals.ts'
export { approve, decline, putBack, withdraw, PRICES_CHANGED, type Settled } from './settle.ts'
export { repriced, requestView } from './requests.ts'
export {
	cancelQueued,
	confirmQueued,
	QUEUED,
	queuedLines,
	queuedOf,
	queuedView,
	queueOrder,
	signedIn,
	startSendingQueued,
	type QueueResult,
} from './queued.ts'
export { type CheckoutValues } from './payload.ts'
export { statusOf, type BuyResult, type Refusal, type Shopper } from './result.ts'
