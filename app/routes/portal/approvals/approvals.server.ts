import { parseISO } from 'date-fns'
import { type RouterContextProvider } from 'react-router'
import { placeOrder, presenterFailed } from '../checkout/checkout.server.ts'
import {
	readSnapshot,
	recordOrder,
	snapshotTotals,
	tellRequester,
	type Snapshot,
} from '#app/.server/approvals.ts'
import { completedAttempts } from '#app/.server/checkout.ts'
import { type RequestCart, getCustomer } from '#app/.server/context.ts'
import { displayFormat } from '#app/.server/format.ts'
import { type Settings } from '#app/.server/presenter/config.ts'
import { type UserDetails } from '#app/.server/presenter/contract/users.ts'
import { readCache, type Presenter } from '#app/.server/presenter/index.ts'
import { getStore, type ApprovalRequest } from '#app/.server/store/index.ts'

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

/** A request as its pages show it: money formatted, the order's details in words. */
export function requestView(settings: Settings, request: ApprovalRequest) {
	const snapshot = readSnapshot(request)
	const money = displayFormat(settings).money
	const { shipping, delivery } = snapshot.values
	const address = [
		shipping.address,
		shipping.suburb,
		`${shipping.state ?? ''} ${shipping.zipCode ?? ''}`,
	]
		.map((part) => part?.trim())
		.filter(Boolean)
		.join(', ')
	return {
		id: request.id,
		status: request.status,
		statusLabel: STATUS[request.status],
		sent: sentAt(settings, request.createdAt),
		requester: snapshot.requester.name,
		reason: snapshot.reason,
		reasonForApprovers: snapshot.reasonForApprovers,
		declineReason: request.reason,
		orderNumber: request.orderNumber,
		total: snapshot.totals ? money(snapshot.totals.total) : null,
		totals: snapshot.totals && {
			subtotal: money(snapshot.totals.subtotal),
			gst: money(snapshot.totals.gst),
			total: money(snapshot.totals.total),
		},
		details: [
			['Despatch', snapshot.despatch],
			['Delivery To', shipping.deliveryTo],
			['Address', address],
			['Branch', snapshot.branchName ?? ''],
			['Reference', shipping.reference ?? ''],
			['Notes', shipping.notes ?? ''],
			['Contact', [delivery.contactName, delivery.contactPhone].filter(Boolean).join(', ')],
			['Email', delivery.clientEmail ?? ''],
			[
				'Required',
				`${displayFormat(settings).date(delivery.requiredDate)} ${delivery.requiredTime}`,
			],
		].filter(([, value]) => value) as Array<[string, string]>,
		lines: snapshot.lines.map((l) => ({
			key: `${l.productID}-${l.uom}-${l.quantity}`,
			productID: l.productID,
			description: l.description,
			quantity: `${l.quantity} ${l.uom}`,
			unitPrice: money(l.unitPrice),
		})),
	}
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
			return [id, { unitPrice, unitGST: inc.customerPrice - ex.customerPrice }] as const
		}),
	)
	return new Map(prices)
}

/**
 * The request at today's prices: what changed since it was sent (each line's price then and now,
 * the lines no longer available, and the total; null when nothing changed), and the total in
 * cents that approving would place now, which the Approve form carries back.
 */
export async function repriced(presenter: Presenter, settings: Settings, request: ApprovalRequest) {
	const snapshot = readSnapshot(request)
	const prices = await currentPrices(presenter, settings, snapshot)
	const money = displayFormat(settings).money
	const cents = (n: number) => Math.round(n * 100)
	// One row a product, however many lines it has.
	const products = snapshot.lines.filter(
		(l, i) => snapshot.lines.findIndex((m) => m.productID === l.productID) === i,
	)
	const lines = products.flatMap((l) => {
		const now = prices.get(l.productID)
		if (now === null) return [{ productID: l.productID, change: 'No longer available' }]
		if (!now || cents(now.unitPrice) === cents(l.unitPrice)) return []
		return [{ productID: l.productID, change: `${money(l.unitPrice)} → ${money(now.unitPrice)}` }]
	})
	const available = snapshot.lines.flatMap((l) => {
		const now = prices.get(l.productID)
		return now ? [{ ...l, ...now }] : []
	})
	const before = snapshotTotals(snapshot.lines, snapshot.taxInclusive).total
	const after = snapshotTotals(available, settings.tax_inclusive).total
	return {
		changes: lines.length
			? {
					lines,
					total: settings.hide_finalise_price ? null : `${money(before)} → ${money(after)}`,
				}
			: null,
		total: cents(lines.length ? after : before),
	}
}

/** Why an approval placed nothing: the prices moved after the administrator opened the page. */
export const PRICES_CHANGED =
	'Nothing was placed: prices changed since you opened this page. Check the changes, then approve again.'

type Approval = { ok: true; number: number } | { ok: false; message: string; status: number }

/**
 * Places a pending request's order through the presenter, once: the request's id is the checkout
 * attempt's key, so two administrators approving at once (on any instances sharing the store)
 * wait for each other and place one order; a retry after a failure meets the presenter's
 * idempotency key. The order goes in a new cart of the customer with the request's lines, at
 * today's prices, with the requester's delivery details and contact. The requester is told.
 */
export async function approve(
	context: Readonly<RouterContextProvider>,
	id: string,
	admin: UserDetails,
	seen: number,
): Promise<Approval> {
	const { presenter, settings, identity } = getCustomer(context)
	const store = getStore().approvals
	return getStore().withLock(`approval:${id}`, async (): Promise<Approval> => {
		const request = await store.get(id)
		if (!request) return { ok: false, message: 'This request no longer exists', status: 404 }
		if (request.status === 'approved' && request.orderNumber !== null)
			return { ok: true, number: request.orderNumber }
		if (request.status !== 'pending')
			return { ok: false, message: `This request was ${request.status} already`, status: 409 }
		const snapshot = readSnapshot(request)
		let number = (await completedAttempts.get(id))?.number
		if (number === undefined) {
			// The administrator approves what the page showed, at today's prices (not the session's
			// cached ones, which the page shows again fresh): a total moved since is shown first.
			readCache.invalidate(identity.sessionId, ['products'])
			if ((await repriced(presenter, settings, request)).total !== seen)
				return { ok: false, message: PRICES_CHANGED, status: 409 }
			const outcome = await placeSnapshot(presenter, settings, identity.customerId, snapshot, id)
			if (!outcome.ok) return outcome
			number = outcome.number
		}
		await store.settle(id, { status: 'approved', by: identity.username, orderNumber: number })
		await recordOrder(identity.customerId, snapshot.requester.username, number)
		await tellRequester(
			context,
			admin,
			snapshot,
			`Your order was approved: order ${number}`,
			`${admin.name_first} ${admin.name_last} approved your order, and it was placed as order ${number}.`,
		)
		return { ok: true, number }
	})
}

async function placeSnapshot(
	presenter: Presenter,
	settings: Settings,
	customerId: number,
	snapshot: Snapshot,
	attempt: string,
) {
	try {
		const [methods, cartId] = await Promise.all([
			presenter.checkout.getDespatchMethods(),
			presenter.cart.create(customerId),
		])
		await addSnapshotLines(presenter, cartId, snapshot)
		const cart: RequestCart = {
			id: () => Promise.resolve(cartId),
			lines: () => presenter.cart.get(cartId),
			ordered: () => {},
		}
		const { values } = snapshot
		return await placeOrder({
			presenter,
			cart,
			cartSessionId: cartId,
			settings,
			methods,
			values: {
				...values,
				transactionType: 'Order',
				attempt,
				delivery: { ...values.delivery, requiredDate: parseISO(values.delivery.requiredDate) },
			},
		})
	} catch (error) {
		return presenterFailed(error)
	}
}

/** Declines a pending request with the administrator's reason; the requester is told. */
export async function decline(
	context: Readonly<RouterContextProvider>,
	request: ApprovalRequest,
	admin: UserDetails,
	reason: string,
) {
	const { identity } = getCustomer(context)
	const settled = await getStore().approvals.settle(request.id, {
		status: 'declined',
		by: identity.username,
		reason,
	})
	if (!settled) return false
	await tellRequester(
		context,
		admin,
		readSnapshot(request),
		'Your order was declined',
		`${admin.name_first} ${admin.name_last} declined your order: ${reason}`,
	)
	return true
}

/** The requester takes back a pending request: its lines go back into their cart. */
export async function withdraw(context: Readonly<RouterContextProvider>, request: ApprovalRequest) {
	const { presenter, identity, cart } = getCustomer(context)
	const settled = await getStore().approvals.settle(request.id, {
		status: 'withdrawn',
		by: identity.username,
	})
	if (!settled) return false
	const cartId = await cart.id()
	await addSnapshotLines(presenter, cartId, readSnapshot(request))
	return true
}

/**
 * The request's lines into a cart, one after the other, so the cart lists them as the requester's
 * did; the first the presenter refuses stops it (its message is the answer).
 */
async function addSnapshotLines(presenter: Presenter, cartId: string, snapshot: Snapshot) {
	for (const line of snapshot.lines) {
		await presenter.cart.addLine(cartId, {
			productID: line.productID,
			uom: line.uom,
			quantity: line.quantity,
			tally: line.tally.length ? line.tally : undefined,
		})
	}
}
