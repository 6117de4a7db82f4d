import { type UserDetails } from '../presenter/contract/users.ts'
import { changedForUser, type Presenter } from '../presenter/index.ts'
import { getStore, type UserLimits } from '../store/index.ts'
import { approvalReason, type LimitRules } from '#app/utils/approvals.ts'
import { dollarsToCents, storedCents, sumCents, ZERO, type Cents } from '#app/utils/money.ts'
import { logFailure } from '../config/log.ts'

/**
 * Order limits (docs/decisions/059-order-limits-and-approvals.md): the presenter has no such
 * thing, so the portal keeps them, and what each user bought through it, in its own store.
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

/** Who a limit is for: a user of a customer. */
export type Buyer = { customerId: number; username: string }

/** The limits an administrator set for a user (none: no row, or an administrator). */
export async function userLimits(buyer: Buyer, user: Pick<UserDetails, 'roleID'>) {
	if (user.roleID === 'admin') return undefined
	return getStore().approvals.limits(buyer.customerId, buyer.username)
}

/**
 * What this Sydney calendar month has used of a user's monthly limit, in cents: what the portal
 * placed for them this month (orders, and quotes they accepted), and their requests awaiting
 * approval. All of it is in the store, written under the user's lock, so every session and
 * instance counts the same. A purchase recorded before totals were kept counts its amount in the
 * presenter's history.
 */
async function monthSpent(presenter: Presenter, buyer: Buyer): Promise<Cents> {
	const store = getStore()
	const now = Date.now()
	const [placed, requests] = await Promise.all([
		store.orders.since(buyer.customerId, buyer.username, now - A_MONTH_AND_MORE),
		store.approvals.list(buyer.customerId, buyer.username),
	])
	const month = sydneyMonth(now)
	const mine = placed.filter((p) => sydneyMonth(p.placedAt) === month)
	const untotalled = new Set(mine.filter((p) => p.total === null).map((p) => p.number))
	const history = untotalled.size ? await presenter.transactions.listOrders() : []
	return sumCents([
		...history.filter((o) => untotalled.has(o.transactionNumber)).map((o) => o.transactionAmount),
		...mine.map((p) => storedCents(p.total ?? 0)),
		...requests.filter((r) => r.status === 'pending').map((r) => storedCents(r.total)),
	])
}

/**
 * The user's limits with what this month has used of them (cents). Null when no limit applies.
 * Checked again, with nothing cached, under the user's lock when they buy.
 */
export async function limitRules(
	presenter: Presenter,
	buyer: Buyer,
	user: Pick<UserDetails, 'roleID'>,
): Promise<LimitRules | null> {
	const limits = await userLimits(buyer, user)
	if (!limits || (limits.mayOrder && limits.orderLimit === null && limits.monthlyLimit === null))
		return null
	const rules = {
		mayOrder: limits.mayOrder,
		orderLimit: limits.orderLimit === null ? null : storedCents(limits.orderLimit),
		monthlyLimit: limits.monthlyLimit === null ? null : storedCents(limits.monthlyLimit),
	}
	if (limits.monthlyLimit === null) return { ...rules, monthSpent: ZERO }
	return { ...rules, monthSpent: await monthSpent(presenter, buyer) }
}

/** Why buying `total` (inc. GST, cents) needs an administrator's approval now, or null. */
export async function needsApproval(
	presenter: Presenter,
	buyer: Buyer,
	user: Pick<UserDetails, 'roleID'>,
	total: Cents,
	format: Parameters<typeof approvalReason>[2],
) {
	const rules = await limitRules(presenter, buyer, user)
	const reason = approvalReason(rules, total, format)
	return reason
		? { reason, reasonForApprovers: approvalReason(rules, total, format, 'their')! }
		: null
}

/**
 * Notes a purchase made for a user (an order, or a quote accepted), for their monthly limit.
 * The purchase stands whatever the store answers (it is logged).
 */
export function recordPurchase(buyer: Buyer, number: number, total: Cents | null) {
	// Every session of theirs lists it at once (their Orders, read in another tab or by the
	// requester of an approved order).
	changedForUser(buyer.customerId, buyer.username, ['transactions'])
	return getStore()
		.orders.record(buyer.customerId, buyer.username, { number, total })
		.catch((error: unknown) => logFailure('Recording a placed order', error))
}

/** A user's limits as an administrator set them (undefined: none set). */
export const limitsOf = (customerId: number, username: string) =>
	getStore().approvals.limits(customerId, username)

/** Sets a user's limits (an administrator's account page). */
export const setLimits = (customerId: number, username: string, limits: UserLimits) =>
	getStore().approvals.setLimits(customerId, username, limits)

/** Limits from the account form: dollars, blank for none. */
export function toLimits(form: {
	mayOrder: 'yes' | 'quotes'
	orderLimit?: number
	monthlyLimit?: number
}): UserLimits {
	const cents = (dollars?: number) => (dollars === undefined ? null : dollarsToCents(dollars))
	return {
		mayOrder: form.mayOrder === 'yes',
		orderLimit: cents(form.orderLimit),
		monthlyLimit: cents(form.monthlyLimit),
	}
}
