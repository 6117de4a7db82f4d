import { getConfiguration } from '../config/config.ts'
import { displayFormat } from '../display/format.ts'
import { env } from '../config/env.ts'
import { logFailure } from '../config/log.ts'
import { logger } from '../observe/log.ts'
import { type Settings } from '../presenter/config.ts'
import { type CartLine } from '../presenter/contract/cart.ts'
import { onPresenterBack, presenterState, isOutage } from '../presenter/breaker.ts'
import { formatOutageTime } from '../presenter/stale.ts'
import { getPresenter, isPresenterError, type Identity } from '../presenter/index.ts'
import { type RequestCart } from '../request/context.ts'
import { publicOrigin } from '../request/public-origin.ts'
import { getStore, type QueuedOrder, type QueuedOutcome } from '../store/index.ts'
import { LOCKS, withLock } from '../store/locks.ts'
import { checkout, NOW_NEEDS_APPROVAL, type CheckoutRequest } from './place.ts'
import { type BuyResult, type Refusal, type Shopper } from './result.ts'
import { storedCents } from '#app/utils/money.ts'

/**
 * Orders taken while the ordering system (the presenter) is down, and sent when it is back
 * (docs/decisions/064-presenter-outages.md). With the breaker open, checkout offers 'Send when the
 * system is back': the cart as last read, the form's values and the total shown are kept in the
 * store. When the presenter answers again (a breaker closes, and every QUEUED_ORDERS_EVERY_MS),
 * each waiting order goes through checkout under its own lock, with its checkout attempt, so it is
 * placed once under the order rules: a total that is no longer the one shown places nothing and
 * waits for the customer to confirm the new one. The customer is emailed either way.
 */

/** Said when an order is kept to send later. */
export const QUEUED =
	'Your order is waiting to be sent. We will place it when our ordering system is back, and email you its number.'

/** The checkout form as kept: what `checkout` needs again when the order is sent. */
type KeptRequest = Pick<CheckoutRequest, 'values' | 'methods'>

/** One line as the customer saw it when they sent the order. */
export type QueuedLine = {
	productID: string
	description: string
	quantity: number
	uom: string
}

/** What sending the order later came to, or that it is kept. */
export type QueueResult = BuyResult | { kind: 'queued'; id: string }

/**
 * 'Send when the system is back': keeps the cart as last read, at the total shown, to place once
 * the presenter answers. The system back already, the order is placed now, as Confirm Order would.
 */
export async function queueOrder(
	shopper: Shopper,
	request: Omit<CheckoutRequest, 'pressed'>,
): Promise<QueueResult> {
	if (presenterState().up) return checkout(shopper, { ...request, pressed: 'Order' })
	const { identity, cart } = shopper
	const [cartId, lines] = await Promise.all([cart.id(), cart.lines()])
	if (!lines.length)
		return { kind: 'refused', message: 'Your cart is empty.', status: 400 } satisfies Refusal
	const kept: KeptRequest = { values: request.values, methods: request.methods }
	const order = await getStore().queued.add({
		customerId: identity.customerId,
		username: identity.username,
		attempt: request.attempt,
		sessionId: identity.sessionId,
		cartId,
		request: JSON.stringify(kept),
		shownTotal: request.shownTotal ?? null,
		summary: JSON.stringify(lines.map(toQueuedLine)),
	})
	// The cart is the kept order's now: the next change starts a new one.
	cart.ordered()
	return { kind: 'queued', id: order.id }
}

const toQueuedLine = (l: CartLine): QueuedLine => ({
	productID: l.productID,
	description: l.prodDesc,
	quantity: l.prodQty,
	uom: l.UOM,
})

/** A kept order's lines as the customer saw them. */
export const queuedLines = (order: QueuedOrder) => JSON.parse(order.summary) as QueuedLine[]

/** The user's kept orders, newest first. */
export function queuedOf(identity: Identity) {
	return getStore().queued.list(identity.customerId, identity.username)
}

/**
 * The customer confirms the new total of a kept order whose total changed: it is placed now, in
 * their own session, at `seen` (what the Orders page showed them).
 */
export async function confirmQueued(shopper: Shopper, id: string, seen: number) {
	const order = await ownQueued(shopper.identity, id)
	if (!order) return notFound
	if (order.status !== 'total-changed') return alreadySettled(order)
	return sendQueued({ ...order, status: 'waiting', shownTotal: seen }, shopper)
}

/** The customer cancels a kept order that was not placed: nothing is sent. */
export async function cancelQueued(shopper: Shopper, id: string) {
	const order = await ownQueued(shopper.identity, id)
	if (!order) return notFound
	return withLock(LOCKS.queued(id), async (): Promise<QueueResult> => {
		const now = await getStore().queued.get(id)
		if (!now || (now.status !== 'waiting' && now.status !== 'total-changed'))
			return alreadySettled(now ?? order)
		await getStore().queued.settle(id, { status: 'cancelled' })
		return { kind: 'queued', id }
	})
}

const notFound: Refusal = { kind: 'refused', message: 'Order not found', status: 404 }
const alreadySettled = (order: QueuedOrder): Refusal => ({
	kind: 'refused',
	message:
		order.status === 'placed'
			? `This order was placed already as order ${order.orderNumber ?? ''}.`
			: 'This order was settled already.',
	status: 409,
})

async function ownQueued(identity: Identity, id: string) {
	const order = await getStore().queued.get(id)
	const own =
		order &&
		order.customerId === identity.customerId &&
		order.username === identity.username.trim().toLowerCase()
	return own ? order : undefined
}

/**
 * Sends a kept order under its lock, once: checkout in the user's presenter session (`given`, or
 * one made from the session kept with the order), then what became of it kept and emailed.
 */
export async function sendQueued(order: QueuedOrder, given?: Shopper): Promise<QueueResult> {
	return withLock(LOCKS.queued(order.id), async (): Promise<QueueResult> => {
		const now = await getStore().queued.get(order.id)
		// Another instance, or the customer's own confirmation, came first.
		if (!now || now.status === 'placed' || now.status === 'approval' || now.status === 'cancelled')
			return alreadySettled(now ?? order)
		const shopper = given ?? (await shopperFor(order))
		if (!shopper) return { kind: 'presenter-failed', message: 'Not configured', status: 503 }
		const { presenter } = shopper
		let user
		try {
			user = await presenter.users.getDetails({ fresh: true })
		} catch (error) {
			if (isPresenterError(error, 'session-expired')) {
				// The order waits for the user's next sign-in, which gives it their new session.
				await settle(order, { status: 'waiting', message: SIGN_IN_AGAIN })
				return { kind: 'refused', message: SIGN_IN_AGAIN, status: 409 }
			}
			throw error
		}
		const kept = JSON.parse(order.request) as KeptRequest
		const base = {
			...kept,
			attempt: order.attempt,
			shownTotal: order.shownTotal ?? undefined,
		}
		let result = await checkout(shopper, { ...base, pressed: 'Order' })
		// The limits say the order now needs approval: it is sent for approval instead.
		if (result.kind === 'limits-changed' && result.message === NOW_NEEDS_APPROVAL)
			result = await checkout(shopper, { ...base, pressed: 'Approval' })
		// The system is still away: the order waits for the next try.
		if (result.kind === 'presenter-failed' && result.status === 503) return result
		const outcome = outcomeOf(result, order, shopper.settings)
		await settle(order, outcome)
		await tell(shopper, user, order, outcome)
		return result
	})
}

/** The order waits for the user to sign in again, as their presenter session ended. */
export const SIGN_IN_AGAIN = 'Sign in again so that it can be sent.'

function outcomeOf(result: BuyResult, order: QueuedOrder, settings: Settings): QueuedOutcome {
	const money = displayFormat(settings).money
	switch (result.kind) {
		case 'placed':
			return { status: 'placed', orderNumber: result.number, shownTotal: order.shownTotal }
		case 'sent-for-approval':
			return { status: 'approval', message: result.reason }
		case 'total-changed': {
			const now = money(storedCents(result.total))
			const was = order.shownTotal === null ? '' : `, not ${money(storedCents(order.shownTotal))}`
			const why = result.delivery ? ' with delivery' : ''
			return {
				status: 'total-changed',
				message: `The total${why} is now ${now}${was}.`,
				newTotal: result.total,
			}
		}
		default:
			return { status: 'refused', message: 'message' in result ? result.message : '' }
	}
}

function settle(order: QueuedOrder, outcome: QueuedOutcome) {
	return getStore().queued.settle(order.id, outcome)
}

/** The user's presenter session kept with the order, with their settings and the order's cart. */
async function shopperFor(order: QueuedOrder): Promise<Shopper | null> {
	const configuration = getConfiguration()
	if (!configuration.ok) return null
	const identity: Identity = {
		sessionId: order.sessionId,
		username: order.username,
		customerId: order.customerId,
	}
	const presenter = getPresenter(new Request(publicOrigin()), {
		config: configuration.config,
		identity,
		detached: true,
	})
	const settings: Settings = await presenter.config.getSettings()
	const cart: RequestCart = {
		id: () => Promise.resolve(order.cartId),
		lines: () => presenter.cart.get(order.cartId),
		ordered: () => {},
		adding: (add) => add(order.cartId),
	}
	return { presenter, identity, settings, cart }
}

/** The customer's email: what became of the order they sent while the system was down. */
async function tell(
	shopper: Shopper,
	user: { id_user: number; userEmailAddress: string },
	order: QueuedOrder,
	outcome: QueuedOutcome,
) {
	if (!user.userEmailAddress) return
	const money = displayFormat(shopper.settings).money
	const sent = formatOutageTime(order.createdAt, shopper.settings.locale)
	const lines = queuedLines(order)
		.map((l) => `${l.quantity} ${l.uom} ${l.productID} ${l.description}`)
		.join('\n')
	const link = (path: string) => `${publicOrigin()}${path}`
	const [subject, body] =
		outcome.status === 'placed'
			? [
					`Your order was placed: order ${outcome.orderNumber}`,
					`The order you sent at ${sent}, while our ordering system was unavailable, is placed as order ${outcome.orderNumber}${order.shownTotal === null ? '' : `, for ${money(storedCents(order.shownTotal))}`}.\n\n${lines}\n\n${link(`/orders/${outcome.orderNumber}-0`)}`,
				]
			: outcome.status === 'total-changed'
				? [
						'Your order was not placed: its total changed',
						`The order you sent at ${sent}, while our ordering system was unavailable, was not placed: ${outcome.message} Nothing was ordered. To place it at the new total, confirm it on the Orders page.\n\n${lines}\n\n${link('/orders?type=waiting')}`,
					]
				: outcome.status === 'approval'
					? [
							'Your order was sent for approval',
							`The order you sent at ${sent}, while our ordering system was unavailable, needs an administrator’s approval: ${outcome.message ?? ''}. It was sent to them.\n\n${lines}\n\n${link('/orders?type=approval')}`,
						]
					: [
							'Your order was not placed',
							`The order you sent at ${sent}, while our ordering system was unavailable, was not placed: ${outcome.message ?? ''}\n\n${lines}\n\n${link('/orders?type=waiting')}`,
						]
	await shopper.presenter.support
		.sendMessage({
			userId: user.id_user,
			from: user.userEmailAddress,
			to: user.userEmailAddress,
			subject,
			body,
		})
		.catch((error: unknown) =>
			logFailure(`Email of a sent order to ${user.userEmailAddress}`, error),
		)
}

/** Whether this process is sending already (one pass at a time per instance). */
let sending: Promise<void> | null = null

/**
 * Sends every waiting order, oldest first, stopping at the first that finds the system still
 * away. Each is sent under its own lock, so instances sending at once place each order once.
 */
export function sendWaiting(): Promise<void> {
	sending ??= (async () => {
		try {
			for (const order of await getStore().queued.waiting()) {
				const result = await sendQueued(order).catch((error: unknown) => {
					if (isOutage(error)) return 'down' as const
					logFailure(`Sending the kept order ${order.id}`, error)
					return null
				})
				if (
					result === 'down' ||
					(result && result.kind === 'presenter-failed' && result.status === 503)
				)
					return
			}
		} finally {
			sending = null
		}
	})()
	return sending
}

/**
 * The user signed in again: their orders waiting for a session go with the new one, and are sent.
 */
export async function signedIn(identity: Identity) {
	if (await getStore().queued.signedIn(identity.customerId, identity.username, identity.sessionId))
		void sendWaiting()
}

/**
 * Starts sending kept orders: whenever the presenter answers again (a breaker closes), and every
 * QUEUED_ORDERS_EVERY_MS for orders another instance kept or that wait for a try. Returns how to
 * stop.
 */
export function startSendingQueued() {
	const run = () =>
		void sendWaiting().catch((error: unknown) => logFailure('Sending kept orders', error))
	const stopListening = onPresenterBack(run)
	const timer = setInterval(run, env().QUEUED_ORDERS_EVERY_MS)
	timer.unref()
	logger().debug('Sending kept orders when the ordering system answers')
	return () => {
		stopListening()
		clearInterval(timer)
	}
}

/** A kept order as the Orders page shows it: when it was sent, its total, what became of it. */
export type KeptOrderView = ReturnType<typeof queuedView>

/** A kept order as the Orders page shows it (KeptOrderView). */
export function queuedView(settings: Pick<Settings, 'locale' | 'currency'>, order: QueuedOrder) {
	const money = displayFormat(settings).money
	const label: Record<QueuedOrder['status'], string> = {
		waiting: 'Waiting to be sent',
		placed: 'Placed',
		approval: 'Sent for approval',
		'total-changed': 'Not placed: the total changed',
		refused: 'Not placed',
		cancelled: 'Cancelled',
	}
	return {
		id: order.id,
		status: order.status,
		statusLabel: label[order.status],
		sent: formatOutageTime(order.createdAt, settings.locale),
		total: order.shownTotal === null ? null : money(storedCents(order.shownTotal)),
		message: order.message,
		orderNumber: order.orderNumber,
		newTotal:
			order.newTotal === null
				? null
				: { cents: order.newTotal, shown: money(storedCents(order.newTotal)) },
		lines: queuedLines(order),
	}
}
