import { format } from 'date-fns'
import { data, type RouterContextProvider } from 'react-router'
import { type CheckoutValues } from './checkout.ts'
import { getCustomer } from './context.ts'
import { displayFormat } from './format.ts'
import { logFailure } from './log.ts'
import { type Settings } from './presenter/config.ts'
import { type CartLine, type TallyLine } from './presenter/contract/cart.ts'
import { type DespatchMethod } from './presenter/contract/checkout.ts'
import { type UserDetails } from './presenter/contract/users.ts'
import { toRouteError, type Presenter } from './presenter/index.ts'
import { getStore, type ApprovalRequest, type UserLimits } from './store/index.ts'
import { type LimitRules } from '#app/utils/approvals.ts'
import { cartTotals, type Totals } from '#app/utils/totals.ts'

/**
 * Order limits and approvals (docs/decisions/059-order-limits-and-approvals.md): the presenter
 * has no such thing, so the portal keeps the limits and the requests in its own store, and the
 * presenter is still the only place orders are placed.
 */

/** The month an instant falls in, in Sydney (yyyy-mm): the calendar the supplier keeps. */
const SYDNEY_MONTH = new Intl.DateTimeFormat('en-CA', {
	timeZone: 'Australia/Sydney',
	year: 'numeric',
	month: '2-digit',
})
const sydneyMonth = (at: number) => SYDNEY_MONTH.format(at)
/** Further back than the start of any calendar month. */
const A_MONTH_AND_MORE = 32 * 24 * 60 * 60_000

/** What a request keeps of the order as it was sent: the page and the approval read only this. */
export type Snapshot = {
	requester: { username: string; name: string; email: string; userId: number }
	/** Why it needed approval: to the requester ('over your $2,000 order limit'), and to the administrators. */
	reason: string
	reasonForApprovers: string
	lines: Array<{
		productID: string
		description: string
		uom: string
		quantity: number
		unitPrice: number
		unitGST: number
		tally: TallyLine[]
	}>
	/** As the Order Summary showed them, a calculated delivery included; null when hidden. */
	totals: Totals | null
	taxInclusive: boolean
	/** The despatch method's description, and the branch's name for a pickup. */
	despatch: string
	branchName: string | null
	/** The checkout form's values; the required date as yyyy-mm-dd. */
	values: Omit<CheckoutValues, 'delivery'> & {
		delivery: Omit<CheckoutValues['delivery'], 'requiredDate'> & {
			requiredDate: string
			branch?: number
		}
	}
}

export const readSnapshot = (request: ApprovalRequest) => JSON.parse(request.snapshot) as Snapshot

/** The limits an administrator set for a user (none: no row, or an administrator). */
export async function userLimits(customerId: number, username: string, user: UserDetails) {
	if (user.roleID === 'admin') return undefined
	return getStore().approvals.limits(customerId, username)
}

/**
 * The signed-in user's limits with what this Sydney calendar month has used of them: their orders
 * in the presenter's history that the portal placed for them this month (the history does not say
 * who placed an order), and their requests awaiting approval. Null when no limit applies.
 */
export async function limitRules(
	context: Readonly<RouterContextProvider>,
	user: UserDetails,
): Promise<LimitRules | null> {
	const { presenter, identity } = getCustomer(context)
	const limits = await userLimits(identity.customerId, identity.username, user)
	if (!limits || (limits.mayOrder && limits.orderLimit === null && limits.monthlyLimit === null))
		return null
	if (limits.monthlyLimit === null) return { ...limits, monthSpent: 0 }
	const store = getStore().approvals
	const now = Date.now()
	const [orders, placed, requests] = await Promise.all([
		presenter.transactions.listOrders().catch(toRouteError),
		store.ordersSince(identity.customerId, identity.username, now - A_MONTH_AND_MORE),
		store.list(identity.customerId, identity.username),
	])
	const month = sydneyMonth(now)
	const mine = new Set(placed.filter((p) => sydneyMonth(p.placedAt) === month).map((p) => p.number))
	const ordered = orders
		.filter((o) => o.transactionType === 'Order' && mine.has(o.transactionNumber))
		.reduce((sum, o) => sum + Math.round(o.transactionAmount * 100), 0)
	const pending = requests
		.filter((r) => r.status === 'pending')
		.reduce((sum, r) => sum + r.total, 0)
	return { ...limits, monthSpent: ordered + pending }
}

/** Notes an order placed for a user, for their monthly limit; the order stands whatever happens. */
export function recordOrder(customerId: number, username: string, number: number) {
	return getStore()
		.approvals.recordOrder(customerId, username, number)
		.catch((error: unknown) => console.warn('Placed order not recorded:', error))
}

/** Limits from the account form: dollars, blank for none. */
export function toLimits(form: {
	mayOrder: 'yes' | 'quotes'
	orderLimit?: number
	monthlyLimit?: number
}): UserLimits {
	const cents = (dollars?: number) => (dollars === undefined ? null : Math.round(dollars * 100))
	return {
		mayOrder: form.mayOrder === 'yes',
		orderLimit: cents(form.orderLimit),
		monthlyLimit: cents(form.monthlyLimit),
	}
}

/**
 * Emails a user of the customer through the presenter (the sandbox's outbox), from `from`. A
 * failure is logged as one, in a line with its reason: what the email tells of has happened already.
 */
async function tell(
	presenter: Presenter,
	from: { userId: number; email: string },
	to: string[],
	subject: string,
	body: string,
) {
	await Promise.all(
		to.map((address) =>
			presenter.support
				.sendMessage({ userId: from.userId, from: from.email, to: address, subject, body })
				.catch((error: unknown) => logFailure(`Approval email to ${address}`, error)),
		),
	)
}

/** The request's lines and total in an email. */
function describe(snapshot: Snapshot, settings: Settings) {
	const money = displayFormat(settings).money
	const lines = snapshot.lines.map(
		(l) => `${l.quantity} ${l.uom} ${l.productID} ${l.description} at ${money(l.unitPrice)}`,
	)
	const total = snapshot.totals ? `Total: ${money(snapshot.totals.total)}` : ''
	return [...lines, total].filter(Boolean).join('\n')
}

/**
 * Stores a request for the order the checkout form describes, empties the cart as placing it
 * would, and emails the customer's administrators. Returns the request.
 */
export async function sendForApproval({
	context,
	user,
	values,
	lines,
	totals,
	reason,
	reasonForApprovers,
	methods,
}: {
	context: Readonly<RouterContextProvider>
	user: UserDetails
	values: CheckoutValues & { delivery: { branch?: number } }
	lines: CartLine[]
	totals: Totals
	reason: string
	reasonForApprovers: string
	methods: DespatchMethod[]
}) {
	const { presenter, identity, settings, cart } = getCustomer(context)
	const method = methods.find((m) => m.methodName === values.shipping.despatchType)
	const branches = method?.delivery ? [] : await presenter.checkout.getOrderBranches()
	const branch = branches.find((b) => b.branchID === values.delivery.branch)
	const email = values.delivery.clientEmail || user.userEmailAddress
	const snapshot: Snapshot = {
		requester: {
			username: identity.username,
			name: `${user.name_first} ${user.name_last}`,
			email: user.userEmailAddress,
			userId: user.id_user,
		},
		reason,
		reasonForApprovers,
		lines: lines.map((l) => ({
			productID: l.productID,
			description: l.prodDesc,
			uom: l.UOM,
			quantity: l.prodQty,
			unitPrice: l.unitPrice,
			unitGST: l.unitGST,
			tally: l.tallyLines,
		})),
		totals: settings.hide_finalise_price ? null : totals,
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
				clientEmail: email,
				requiredDate: format(values.delivery.requiredDate, 'yyyy-MM-dd'),
			},
		},
	}
	const cartId = await cart.id()
	const request = await getStore().approvals.create({
		customerId: identity.customerId,
		requester: identity.username,
		total: Math.round(totals.total * 100),
		snapshot: JSON.stringify(snapshot),
	})
	await presenter.cart.clear(cartId)
	const admins = await getStore().approvals.admins(identity.customerId)
	await tell(
		presenter,
		{ userId: user.id_user, email: user.userEmailAddress },
		admins.map((a) => a.email),
		`Order awaiting your approval from ${snapshot.requester.name}`,
		`${snapshot.requester.name} (${identity.username}) sent an order for approval: ${reasonForApprovers}.\n\n` +
			`${describe(snapshot, settings)}\n\nApprove or decline it on the Approvals page of the trade portal.`,
	)
	return request
}

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
		.catch((error: unknown) => console.warn('Administrators not recorded:', error))
}

/**
 * An administrator of the signed-in customer, read afresh from the presenter: sales users are
 * refused (403). A request of another customer is not found for them either (403).
 */
export async function requireApprover(context: Readonly<RouterContextProvider>) {
	const { presenter } = getCustomer(context)
	const user = await presenter.users.getDetails().catch(toRouteError)
	if (user.roleID !== 'admin')
		throw data('Only an administrator can approve orders', { status: 403 })
	return user
}

/** A request of the signed-in customer, or 403 (another customer's) or 404 (none). */
export async function requireRequest(context: Readonly<RouterContextProvider>, id: string) {
	const { identity } = getCustomer(context)
	const request = await getStore().approvals.get(id)
	if (!request) throw data('Not Found', { status: 404 })
	if (request.customerId !== identity.customerId)
		throw data('You do not have access to this request', { status: 403 })
	return request
}

/** The email that tells the requester what became of their request. */
export function tellRequester(
	context: Readonly<RouterContextProvider>,
	from: UserDetails,
	snapshot: Snapshot,
	subject: string,
	body: string,
) {
	const { presenter, settings } = getCustomer(context)
	return tell(
		presenter,
		{ userId: from.id_user, email: from.userEmailAddress },
		[snapshot.requester.email],
		subject,
		`${body}\n\n${describe(snapshot, settings)}`,
	)
}

/** The snapshot's lines as a cart prices them (for totals with today's prices). */
export function snapshotTotals(lines: Snapshot['lines'], taxInclusive: boolean) {
	return cartTotals(
		lines.map((l) => ({ prodQty: l.quantity, unitPrice: l.unitPrice, unitGST: l.unitGST })),
		taxInclusive,
	)
}
