import { formatMoney, type Currency, type Locale } from './format.ts'
import { type Cents } from './money.ts'

/**
 * A user's order limits as checkout applies them (docs/decisions/059-order-limits-and-approvals.md),
 * in cents: the limits an administrator set, and what the month's orders and pending requests
 * come to already. Shared by the server and the checkout page, which applies them to the total
 * it shows (a calculated delivery included).
 */
export type LimitRules = {
	mayOrder: boolean
	orderLimit: Cents | null
	monthlyLimit: Cents | null
	/** This calendar month's orders (Sydney time) and requests awaiting approval, inc. GST. */
	monthSpent: Cents
}

type Format = { locale: Locale; currency: Currency }

/** A limit as people say it: whole dollars without cents ('$2,000'), otherwise to the cent. */
export function limitMoney(cents: Cents, format: Format) {
	const money = formatMoney(cents, format.locale, format.currency)
	return money.replace(/\.00$/, '')
}

/**
 * Why an order of `total` (inc. GST, cents) needs an administrator's approval, or null: said to
 * the requester ('your'), or to the administrators about the requester ('their').
 */
export function approvalReason(
	rules: LimitRules | null,
	total: Cents,
	format: Format,
	whose: 'your' | 'their' = 'your',
) {
	if (!rules) return null
	if (!rules.mayOrder) return `${whose} account places quotes only`
	if (rules.orderLimit !== null && total > rules.orderLimit)
		return `over ${whose} ${limitMoney(rules.orderLimit, format)} order limit`
	if (rules.monthlyLimit !== null && rules.monthSpent + total > rules.monthlyLimit)
		return `over ${whose} ${limitMoney(rules.monthlyLimit, format)} monthly limit (${limitMoney(rules.monthSpent, format)} this month already)`
	return null
}
