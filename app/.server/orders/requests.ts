import { displayFormat } from '../display/format.ts'
import { type Settings } from '../presenter/config.ts'
import { type TallyLine } from '../presenter/contract/cart.ts'
import { type Presenter } from '../presenter/index.ts'
import { type ApprovalRequest } from '../store/index.ts'
import { type CheckoutValues } from './payload.ts'
import {
	cartTotals,
	dollarsToCents,
	minus,
	storedCents,
	type Cents,
	type Totals,
} from '#app/utils/money.ts'

/**
 * What an approval request keeps of what was to be bought, as it was sent: the approvals page and
 * the approval read only this. An order's is the checkout form and the cart's lines; a quote's,
 * the quote and the acceptance's delivery date and comment.
 */
export type Snapshot = {
	/** Its amounts are in cents (readSnapshot converts a request stored with dollars). */
	money: 'cents'
	/** Absent on requests sent before quotes could be: an order. */
	kind?: 'order' | 'quote'
	requester: { username: string; name: string; email: string; userId: number }
	/** Why it needed approval: to the requester ('over your $2,000 order limit'), and to the administrators. */
	reason: string
	reasonForApprovers: string
	lines: Array<{
		productID: string
		description: string
		uom: string
		quantity: number
		unitPrice: Cents
		unitGST: Cents
		tally: TallyLine[]
	}>
	/** As the Order Summary (or the quote) showed them, a calculated delivery included; null when hidden. */
	totals: Totals | null
	taxInclusive: boolean
	/** The despatch method's description, and the branch's name for a pickup. */
	despatch: string
	branchName: string | null
	/** An order's checkout form values (a quote has none); the required date as yyyy-mm-dd. */
	values?: Omit<CheckoutValues, 'delivery'> & {
		delivery: Omit<CheckoutValues['delivery'], 'requiredDate'> & {
			requiredDate: string
			branch?: number
		}
	}
	/** A quote to accept: which, for what delivery date (yyyy-mm-dd), with what comment. */
	quote?: { number: number; suffix: number; deliveryDate: string; comment: string }
}

/** A request's snapshot as stored: before money was kept in cents, without `money` and in dollars. */
type StoredSnapshot = Snapshot | (Omit<Snapshot, 'money'> & { money?: undefined })

/** What a request keeps of what was to be bought, its amounts in cents. */
export function readSnapshot(request: ApprovalRequest): Snapshot {
	const stored = JSON.parse(request.snapshot) as StoredSnapshot
	if (stored.money === 'cents') return stored
	const cents = dollarsToCents
	return {
		...stored,
		money: 'cents',
		lines: stored.lines.map((l) => ({
			...l,
			unitPrice: cents(l.unitPrice),
			unitGST: cents(l.unitGST),
		})),
		totals: stored.totals && {
			...stored.totals,
			subtotal: cents(stored.totals.subtotal),
			gst: cents(stored.totals.gst),
			total: cents(stored.totals.total),
		},
	}
}

const STATUS = {
	pending: 'Awaiting approval',
	approved: 'Approved',
	declined: 'Declined',
	withdrawn: 'Withdrawn',
} as const

/** When a request was sent, in the supplier's time zone. */
function sentAt(settings: Settings, at: number) {
	return new Intl.DateTimeFormat(settings.locale, {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: 'Australia/Sydney',
	}).format(at)
}

/** What a request is, in words: 'Order' or 'Quote 609673-0 to accept'. */
export function requestTitle(snapshot: Snapshot) {
	return snapshot.quote
		? `Quote ${snapshot.quote.number}-${snapshot.quote.suffix} to accept`
		: 'Order'
}

/** Where a settled request's transaction is: the order placed, or the quote accepted. */
export function transactionPath(request: ApprovalRequest, snapshot = readSnapshot(request)) {
	if (snapshot.quote) return `/quotes/${snapshot.quote.number}-${snapshot.quote.suffix}`
	return request.orderNumber === null ? null : `/orders/${request.orderNumber}-0`
}

/** A request as its pages show it: money formatted, the order's details in words. */
export function requestView(settings: Settings, request: ApprovalRequest) {
	const snapshot = readSnapshot(request)
	const { money, date } = displayFormat(settings)
	return {
		id: request.id,
		title: requestTitle(snapshot),
		status: request.status,
		statusLabel: STATUS[request.status],
		sent: sentAt(settings, request.createdAt),
		requester: snapshot.requester.name,
		reason: snapshot.reason,
		reasonForApprovers: snapshot.reasonForApprovers,
		declineReason: request.reason,
		orderNumber: request.orderNumber,
		/** The order placed or the quote accepted, once approved. */
		transaction: request.status === 'approved' ? transactionPath(request, snapshot) : null,
		/** A declined or withdrawn order's lines may go back into the requester's cart. */
		canPutBack:
			!snapshot.quote && (request.status === 'declined' || request.status === 'withdrawn'),
		total: snapshot.totals ? money(snapshot.totals.total) : null,
		totals: snapshot.totals && {
			subtotal: money(snapshot.totals.subtotal),
			gst: money(snapshot.totals.gst),
			total: money(snapshot.totals.total),
		},
		details: details(snapshot, date).filter(([, value]) => value),
		lines: snapshot.lines.map((l, i) => ({
			key: `${i}-${l.productID}-${l.uom}`,
			productID: l.productID,
			description: l.description,
			quantity: `${l.quantity} ${l.uom}`,
			unitPrice: money(l.unitPrice),
		})),
	}
}

/** A request's delivery or pickup (an order's) or its delivery date and comment (a quote's). */
function details(snapshot: Snapshot, date: (value: string) => string): Array<[string, string]> {
	if (snapshot.quote)
		return [
			['Delivery date', date(snapshot.quote.deliveryDate)],
			['Comment', snapshot.quote.comment],
		]
	if (!snapshot.values) return []
	const { shipping, delivery } = snapshot.values
	const address = [
		shipping.address,
		shipping.suburb,
		`${shipping.state ?? ''} ${shipping.zipCode ?? ''}`,
	]
		.map((part) => part?.trim())
		.filter(Boolean)
		.join(', ')
	return [
		['Despatch', snapshot.despatch],
		['Delivery To', shipping.deliveryTo],
		['Address', address],
		['Branch', snapshot.branchName ?? ''],
		['Reference', shipping.reference ?? ''],
		['Notes', shipping.notes ?? ''],
		['Contact', [delivery.contactName, delivery.contactPhone].filter(Boolean).join(', ')],
		['Email', delivery.clientEmail ?? ''],
		['Required', `${date(delivery.requiredDate)} ${delivery.requiredTime}`],
	]
}

/** The snapshot's lines as a cart prices them (for totals with today's prices). */
export function snapshotTotals(lines: Snapshot['lines'], taxInclusive: boolean) {
	return cartTotals(
		lines.map((l) => ({ prodQty: l.quantity, unitPrice: l.unitPrice, unitGST: l.unitGST })),
		taxInclusive,
	)
}

/**
 * Today's prices of a request's products for this customer, as the cart would price them (ex
 * GST, or inc GST with tax_inclusive): what approving places. Null for a product no longer sold.
 */
async function currentPrices(presenter: Presenter, settings: Settings, snapshot: Snapshot) {
	const ids = [...new Set(snapshot.lines.map((l) => l.productID))]
	const prices = await Promise.all(
		ids.map(async (id) => {
			const [ex, inc] = await Promise.all([
				presenter.catalogue.findProduct(id, false),
				presenter.catalogue.findProduct(id, true),
			])
			if (!ex || !inc) return [id, null] as const
			const unitPrice = settings.tax_inclusive ? inc.customerPrice : ex.customerPrice
			return [id, { unitPrice, unitGST: minus(inc.customerPrice, ex.customerPrice) }] as const
		}),
	)
	return new Map(prices)
}

/**
 * The request at today's prices: what changed since it was sent (each line's price then and now,
 * the lines no longer available, and the total; null when nothing changed), and the total in
 * cents that approving would place now, which the Approve form carries back. A quote keeps its
 * prices: accepting it buys it as quoted.
 */
export async function repriced(presenter: Presenter, settings: Settings, request: ApprovalRequest) {
	const snapshot = readSnapshot(request)
	const before = snapshotTotals(snapshot.lines, snapshot.taxInclusive).total
	if (snapshot.quote) return { changes: null, total: storedCents(request.total) }
	const prices = await currentPrices(presenter, settings, snapshot)
	const money = displayFormat(settings).money
	// One row a product, however many lines it has.
	const products = snapshot.lines.filter(
		(l, i) => snapshot.lines.findIndex((m) => m.productID === l.productID) === i,
	)
	const lines = products.flatMap((l) => {
		const now = prices.get(l.productID)
		const product = `${l.productID} ${l.description}`
		if (now === null) return [{ productID: l.productID, product, change: 'No longer available' }]
		if (!now || now.unitPrice === l.unitPrice) return []
		return [
			{
				productID: l.productID,
				product,
				change: `${money(l.unitPrice)} → ${money(now.unitPrice)}`,
			},
		]
	})
	const available = snapshot.lines.flatMap((l) => {
		const now = prices.get(l.productID)
		return now ? [{ ...l, ...now }] : []
	})
	const after = snapshotTotals(available, settings.tax_inclusive).total
	return {
		changes: lines.length
			? {
					lines,
					total: settings.hide_finalise_price ? null : `${money(before)} → ${money(after)}`,
				}
			: null,
		total: lines.length ? after : before,
	}
}
