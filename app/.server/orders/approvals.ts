import { format } from 'date-fns'
import { data } from 'react-router'
import { displayFormat } from '../display/format.ts'
import { LOCKS, withLock } from '../store/locks.ts'
import { logFailure, reasonOf } from '../config/log.ts'
import { type Settings } from '../presenter/config.ts'
import { type CartLine } from '../presenter/contract/cart.ts'
import { type DespatchMethod } from '../presenter/contract/checkout.ts'
import { type UserDetails } from '../presenter/contract/users.ts'
import { type Presenter } from '../presenter/index.ts'
import { publicOrigin } from '../request/public-origin.ts'
import { getStore, type ApprovalRequest } from '../store/index.ts'
import { type CheckoutValues } from './payload.ts'
import { readSnapshot, requestTitle, transactionPath, type Snapshot } from './requests.ts'
import { type Shopper } from './result.ts'
import { type Cents, type Totals } from '#app/utils/money.ts'

/**
 * Approval requests (docs/decisions/059-order-limits-and-approvals.md): an order or a quote's
 * acceptance over the user's limits waits in the portal's store for an administrator, who
 * approves it (placing it once) or declines it, or the requester withdraws it. A request is
 * settled once, under its lock.
 */

/** An email that could not be sent, for the page to say so. */
export type Unsent = { to: string; reason: string }

/**
 * Emails users of the customer through the presenter (the supplier's outbox). A failure is
 * logged, one line with its reason, and returned: what the email tells of has happened already.
 */
async function tell(
	presenter: Presenter,
	from: { userId: number; email: string },
	to: string[],
	subject: string,
	body: string,
): Promise<Unsent[]> {
	const sent = await Promise.all(
		to.map((address) =>
			presenter.support
				.sendMessage({ userId: from.userId, from: from.email, to: address, subject, body })
				.then(
					() => null,
					(error: unknown) => {
						logFailure(`Approval email to ${address}`, error)
						return { to: address, reason: reasonOf(error) }
					},
				),
		),
	)
	return sent.filter((s) => s !== null)
}

/** A page of the portal, as an email links to it. */
const link = (path: string) => `${publicOrigin()}${path}`

/** The request's lines and total in an email. */
function describe(snapshot: Snapshot, settings: Settings) {
	const money = displayFormat(settings).money
	const lines = snapshot.lines.map(
		(l) => `${l.quantity} ${l.uom} ${l.productID} ${l.description} at ${money(l.unitPrice)}`,
	)
	const total = snapshot.totals ? `Total: ${money(snapshot.totals.total)}` : ''
	return [...lines, total].filter(Boolean).join('\n')
}

/** The requester, as a snapshot keeps them. */
function requesterOf(shopper: Shopper, user: UserDetails): Snapshot['requester'] {
	return {
		username: shopper.identity.username,
		name: `${user.name_first} ${user.name_last}`,
		email: user.userEmailAddress,
		userId: user.id_user,
	}
}

/** Stores a request and emails the customer's administrators. Returns the request. */
async function request(shopper: Shopper, user: UserDetails, snapshot: Snapshot, total: Cents) {
	const { presenter, identity, settings } = shopper
	const store = getStore().approvals
	const created = await store.create({
		customerId: identity.customerId,
		requester: identity.username,
		total,
		snapshot: JSON.stringify(snapshot),
	})
	const admins = await store.admins(identity.customerId)
	const what = snapshot.quote
		? `accepting quote ${snapshot.quote.number}-${snapshot.quote.suffix}`
		: 'an order'
	await tell(
		presenter,
		{ userId: user.id_user, email: user.userEmailAddress },
		admins.map((a) => a.email),
		`${snapshot.quote ? 'Quote acceptance' : 'Order'} awaiting your approval from ${snapshot.requester.name}`,
		`${snapshot.requester.name} (${identity.username}) sent ${what} for approval: ${snapshot.reasonForApprovers}.\n\n` +
			`${describe(snapshot, settings)}\n\nApprove or decline it on the Approvals page: ${link('/approvals')}`,
	)
	return created
}

/**
 * Sends the checkout's order for approval: stores it as the customer saw it and empties the cart
 * as placing it would (the caller holds the cart's and the user's locks).
 */
export async function sendForApproval(
	shopper: Shopper,
	order: {
		cartId: string
		user: UserDetails
		values: CheckoutValues & { delivery: { branch?: number } }
		lines: CartLine[]
		totals: Totals
		reason: string
		reasonForApprovers: string
		methods: DespatchMethod[]
	},
) {
	const { presenter, settings } = shopper
	const { values, user } = order
	const method = order.methods.find((m) => m.methodName === values.shipping.despatchType)
	const branches = method?.delivery ? [] : await presenter.checkout.getOrderBranches()
	const branch = branches.find((b) => b.branchID === values.delivery.branch)
	const snapshot: Snapshot = {
		money: 'cents',
		kind: 'order',
		requester: requesterOf(shopper, user),
		reason: order.reason,
		reasonForApprovers: order.reasonForApprovers,
		lines: order.lines.map((l) => ({
			productID: l.productID,
			description: l.prodDesc,
			uom: l.UOM,
			quantity: l.prodQty,
			unitPrice: l.unitPrice,
			unitGST: l.unitGST,
			tally: l.tallyLines,
		})),
		totals: settings.hide_finalise_price ? null : order.totals,
		taxInclusive: settings.tax_inclusive,
		despatch: method?.methodDesc ?? values.shipping.despatchType,
		branchName: branch?.branchName ?? null,
		values: {
			// Not the checkout's attempt key nor the total it showed: the approval places its own.
			transactionType: values.transactionType,
			shipping: values.shipping,
			delivery: {
				...values.delivery,
				// The order is placed with the requester's contact, whoever approves it.
				clientEmail: values.delivery.clientEmail || user.userEmailAddress,
				requiredDate: format(values.delivery.requiredDate, 'yyyy-MM-dd'),
			},
		},
	}
	const created = await request(shopper, user, snapshot, order.totals.total)
	await presenter.cart.clear(order.cartId)
	return created
}

/** Sends accepting a quote for approval (the caller holds the user's lock). */
export function sendQuoteForApproval(
	shopper: Shopper,
	quote: {
		user: UserDetails
		snapshot: Omit<Snapshot, 'kind' | 'requester' | 'despatch' | 'branchName'>
		total: Cents
	},
) {
	const snapshot: Snapshot = {
		...quote.snapshot,
		kind: 'quote',
		requester: requesterOf(shopper, quote.user),
		despatch: '',
		branchName: null,
	}
	return request(shopper, quote.user, snapshot, quote.total)
}

/** The customer's requests, newest first; only one requester's when `requester` is given. */
export const requestsOf = (customerId: number, requester?: string) =>
	getStore().approvals.list(customerId, requester)

/** How many of the customer's requests wait for an administrator (the menu's count). */
export const pendingRequests = (customerId: number) => getStore().approvals.pending(customerId)

/** The customer's administrators as listed by an administrator's page, for approval emails. */
export function rememberAdmins(
	customerId: number,
	users: Array<{
		tpauserID: string
		roleID: string
		canAccessTPWeb: boolean
		MobileUserDetail: Array<{ emailAddress: string }>
	}>,
) {
	const admins = users
		.filter((u) => u.roleID === 'admin' && u.canAccessTPWeb)
		.map((u) => ({ username: u.tpauserID, email: u.MobileUserDetail[0]!.emailAddress }))
	return getStore()
		.approvals.setAdmins(customerId, admins)
		.catch((error: unknown) => logFailure('Recording the administrators', error))
}

/**
 * An administrator of the signed-in customer, read afresh from the presenter: sales users are
 * refused (403).
 */
export async function requireApprover(shopper: Shopper) {
	const user = await shopper.presenter.users.getDetails({ fresh: true })
	if (user.roleID !== 'admin')
		throw data('Only an administrator can approve orders', { status: 403 })
	return user
}

/** A request of the signed-in customer, or 403 (another customer's) or 404 (none). */
export async function requireRequest(shopper: Shopper, id: string) {
	const request = await getStore().approvals.get(id)
	if (!request) throw data('Not Found', { status: 404 })
	if (request.customerId !== shopper.identity.customerId)
		throw data('You do not have access to this request', { status: 403 })
	return request
}

/**
 * Runs `fn` with the request as it is now, under the requester's lock (their month's spend
 * changes when it is settled) and the request's (it is settled once): an approval, a decline
 * and a withdrawal of one request, on any instances, run one after the other, and each sees what
 * the one before it did.
 */
export async function settling<T>(
	shopper: Shopper,
	id: string,
	fn: (request: ApprovalRequest) => Promise<T>,
) {
	const first = await requireRequest(shopper, id)
	return withLock(LOCKS.user(first.customerId, first.requester), () =>
		withLock(LOCKS.request(id), async () => fn(await requireRequest(shopper, id))),
	)
}

/** The email that tells the requester what became of their request, with a link to it. */
export function tellRequester(
	shopper: Shopper,
	from: UserDetails,
	request: ApprovalRequest,
	subject: string,
	body: string,
) {
	const snapshot = readSnapshot(request)
	const path = transactionPath(request, snapshot) ?? '/orders?type=approval'
	return tell(
		shopper.presenter,
		{ userId: from.id_user, email: from.userEmailAddress },
		[snapshot.requester.email],
		subject,
		`${body}\n\n${requestTitle(snapshot)}:\n${describe(snapshot, shopper.settings)}\n\n${link(path)}`,
	)
}
