import { parseISO } from 'date-fns'
import { data } from 'react-router'
import { type UserDetails } from '../presenter/contract/users.ts'
import { readCache } from '../presenter/index.ts'
import { getStore, type ApprovalRequest } from '../store/index.ts'
import { settling, tellRequester, type Unsent } from './approvals.ts'
import { attempts } from './attempts.ts'
import { recordPurchase } from './limits.ts'
import { placeApproved } from './place.ts'
import { readSnapshot, repriced, type Snapshot } from './requests.ts'
import { presenterFailed, type Refusal, type Shopper } from './result.ts'
import { storedCents } from '#app/utils/money.ts'

/** Why an approval placed nothing: the prices moved after the administrator opened the page. */
export const PRICES_CHANGED =
	'Nothing was placed: prices changed since you opened this page. Check the changes, then approve again.'

/** What settling a request came to: done (with the emails that could not be sent), or refused. */
export type Settled<T = object> = ({ ok: true; unsent: Unsent[] } & T) | ({ ok: false } & Refusal)

/** A request already settled, in words for whoever came second. */
const already = (request: ApprovalRequest): Settled & { ok: false } => ({
	ok: false,
	kind: 'refused',
	message: `This request was ${request.status} already`,
	status: 409,
})

/**
 * Approves a pending request, once: its order is placed (or its quote accepted) in the
 * administrator's session, with the request's id as the attempt's key, so two administrators at
 * once (on any instances) place one order and a retry after a failure meets the presenter's
 * idempotency key. An order is placed in a new cart with the request's lines at today's prices,
 * the requester's delivery details and contact; the administrator approves the total the page
 * showed (`seen`, cents). The requester is told, and the purchase counts towards their month.
 */
export function approve(admin: Shopper, user: UserDetails, id: string, seen: number) {
	const { presenter, settings, identity } = admin
	type Approved = Settled<{ number: number; type: 'Order' | 'Quote' }>
	return settling(admin, id, async (request): Promise<Approved> => {
		const snapshot = readSnapshot(request)
		const type = snapshot.quote ? 'Quote' : 'Order'
		if (request.status === 'approved' && request.orderNumber !== null)
			return { ok: true, type, number: request.orderNumber, unsent: [] }
		if (request.status !== 'pending') return already(request)
		const scope = { kind: 'approval', customerId: identity.customerId } as const
		let number = (await attempts.get(scope, id))?.number
		if (number === undefined) {
			// The administrator approves what the page showed, at today's prices (not the session's
			// cached ones, which the page shows again fresh): a total moved since is shown first.
			readCache.invalidate(identity.sessionId, ['products'])
			if ((await repriced(presenter, settings, request)).total !== seen)
				return { ok: false, kind: 'refused', message: PRICES_CHANGED, status: 409 }
			const placed = snapshot.quote
				? await acceptFor(admin, snapshot, id)
				: await placeFor(admin, snapshot, id)
			if (!placed.ok) return placed
			number = placed.number
		}
		await getStore().approvals.settle(id, {
			status: 'approved',
			by: identity.username,
			orderNumber: number,
		})
		await recordPurchase(
			{ customerId: identity.customerId, username: snapshot.requester.username },
			number,
			storedCents(request.total),
		)
		const what = snapshot.quote ? `accepted quote ${number}` : `placed it as order ${number}`
		const unsent = await tellRequester(
			admin,
			user,
			{ ...request, status: 'approved', orderNumber: number },
			snapshot.quote
				? `Your quote acceptance was approved: quote ${number}`
				: `Your order was approved: order ${number}`,
			`${user.name_first} ${user.name_last} approved your request, and ${what}.`,
		)
		return { ok: true, type, number, unsent }
	})
}

/** The request's order, placed in a new cart of the customer with its lines. */
async function placeFor(admin: Shopper, snapshot: Snapshot, id: string) {
	const { presenter, identity } = admin
	const values = snapshot.values!
	try {
		const [methods, cartId] = await Promise.all([
			presenter.checkout.getDespatchMethods(),
			presenter.cart.create(identity.customerId),
		])
		await addSnapshotLines(admin, cartId, snapshot)
		const result = await placeApproved(admin, cartId, {
			methods,
			attempt: id,
			shownTotal: undefined,
			values: {
				...values,
				transactionType: 'Order',
				delivery: { ...values.delivery, requiredDate: parseISO(values.delivery.requiredDate) },
			},
		})
		if (result.kind === 'placed') return { ok: true as const, number: result.number }
		if (result.kind !== 'accepted' && result.kind !== 'sent-for-approval')
			return { ok: false as const, ...result }
		throw new Error(`An approval cannot end ${result.kind}`)
	} catch (error) {
		return { ok: false as const, ...presenterFailed(error) }
	}
}

/** The request's quote, accepted for the requester with their delivery date and comment. */
async function acceptFor(admin: Shopper, snapshot: Snapshot, id: string) {
	const quote = snapshot.quote!
	try {
		await admin.presenter.transactions.acceptQuote(
			quote,
			snapshot.requester.userId,
			quote.deliveryDate,
			quote.comment,
		)
		await attempts.set({ kind: 'approval', customerId: admin.identity.customerId }, id, {
			type: 'Quote',
			number: quote.number,
		})
		return { ok: true as const, number: quote.number }
	} catch (error) {
		return { ok: false as const, ...presenterFailed(error) }
	}
}

/** Declines a pending request with the administrator's reason; the requester is told. */
export function decline(admin: Shopper, user: UserDetails, id: string, reason: string) {
	return settling(admin, id, async (request): Promise<Settled> => {
		if (request.status !== 'pending') return already(request)
		await getStore().approvals.settle(id, {
			status: 'declined',
			by: admin.identity.username,
			reason,
		})
		const unsent = await tellRequester(
			admin,
			user,
			{ ...request, status: 'declined', reason },
			readSnapshot(request).quote
				? 'Your quote acceptance was declined'
				: 'Your order was declined',
			`${user.name_first} ${user.name_last} declined your request: ${reason}`,
		)
		return { ok: true, unsent }
	})
}

/**
 * The requester takes back a pending request: an order's lines go back into their cart. Only
 * the requester may (403).
 */
export function withdraw(requester: Shopper, id: string) {
	return settling(requester, id, async (request): Promise<Settled> => {
		mustBeRequester(requester, request)
		if (request.status !== 'pending') return already(request)
		await getStore().approvals.settle(id, { status: 'withdrawn', by: requester.identity.username })
		const snapshot = readSnapshot(request)
		if (!snapshot.quote)
			await requester.cart.adding((cartId) => addSnapshotLines(requester, cartId, snapshot))
		return { ok: true, unsent: [] }
	})
}

/** A declined or withdrawn order's lines, put back into the requester's cart. */
export function putBack(requester: Shopper, id: string) {
	return settling(requester, id, async (request): Promise<Settled> => {
		mustBeRequester(requester, request)
		const snapshot = readSnapshot(request)
		if (snapshot.quote || (request.status !== 'declined' && request.status !== 'withdrawn'))
			return {
				ok: false,
				kind: 'refused',
				message: 'Only a declined or withdrawn order can go back in the cart',
				status: 409,
			}
		await requester.cart.adding((cartId) => addSnapshotLines(requester, cartId, snapshot))
		return { ok: true, unsent: [] }
	})
}

function mustBeRequester(shopper: Shopper, request: ApprovalRequest) {
	if (request.requester !== shopper.identity.username.toLowerCase())
		throw data('Only the person who sent it can do this', { status: 403 })
}

/**
 * The request's lines into a cart, one after the other, so the cart lists them as the requester's
 * did; the first the presenter refuses stops it (its message is the answer).
 */
async function addSnapshotLines(shopper: Shopper, cartId: string, snapshot: Snapshot) {
	for (const line of snapshot.lines) {
		await shopper.presenter.cart.addLine(cartId, {
			productID: line.productID,
			uom: line.uom,
			quantity: line.quantity,
			tally: line.tally.length ? line.tally : undefined,
		})
	}
}
