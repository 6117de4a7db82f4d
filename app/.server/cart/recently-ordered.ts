import pLimit from 'p-limit'
import { LINE_CONCURRENCY } from './add-lines.ts'
import { type TransactionLine } from '../presenter/contract/transactions.ts'
import { TTL } from '../presenter/contract/define.ts'
import { type Presenter } from '../presenter/index.ts'
import { isDeliveryCharge } from './reorder.ts'

/** How far back 'recently' reaches, how many products it shows, how many orders it reads. */
const WINDOW_DAYS = 90
const SHOWN = 8
const MAX_ORDERS_READ = 60
/**
 * Order details read at once: the orders of a usual window in one round trip (home waits a moment
 * for them without JS), still a bound on what one customer asks of the presenter.
 */
const DETAILS_AT_ONCE = 20

type Ordered = { date: string; lines: Array<Pick<TransactionLine, 'productCode' | 'quantity'>> }

/**
 * The products ordered most since `since` (yyyy-mm-dd): by how many orders had them, then by the
 * total quantity, then by SKU. Delivery charges are not products.
 */
export function rankRecentlyOrdered(orders: Ordered[], since: string, count = SHOWN) {
	const tally = new Map<string, { orders: number; quantity: number }>()
	for (const order of orders) {
		if (order.date < since) continue
		for (const code of new Set(order.lines.map((l) => l.productCode))) {
			if (isDeliveryCharge({ productCode: code })) continue
			const quantity = order.lines
				.filter((l) => l.productCode === code)
				.reduce((sum, l) => sum + l.quantity, 0)
			const entry = tally.get(code) ?? { orders: 0, quantity: 0 }
			tally.set(code, { orders: entry.orders + 1, quantity: entry.quantity + quantity })
		}
	}
	return [...tally]
		.sort(([a, x], [b, y]) => y.orders - x.orders || y.quantity - x.quantity || a.localeCompare(b))
		.slice(0, count)
		.map(([code]) => code)
}

/** The day `days` before `now`, as yyyy-mm-dd. */
export function daysBefore(now: Date, days: number) {
	return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * The 8 products this customer ordered most in the last 90 days, with today's price and units:
 * the orders of the window read in full (bounded parallel), then the products looked up.
 * Products no longer sold are left out.
 */
export function loadRecentlyOrdered(presenter: Presenter, incGST: boolean, now = new Date()) {
	// About thirty cached reads and a ranking: kept for the session like the reads themselves
	// (home data may be 5 minutes old; this is at most a list's minute), and dropped when an order
	// or a product changes.
	return presenter.remember(
		`recently-ordered:${incGST}`,
		{ ttlMs: TTL.list, tags: ['transactions', 'products'] },
		async () => lookUp(presenter, await rankedCodes(presenter, now), incGST),
	)
}

/**
 * Starts reading the order history recently ordered is worked out from (the order list, then each
 * order of the window: two round trips) for a session that has just signed in, while the browser
 * follows the redirect to home and that page makes its own reads: home, which waits a moment for
 * it without JS, then has only the products to look up
 * (docs/decisions/068-reads-beside-the-session-check.md).
 * `presenter` must outlive the sign-in request (detached). A failure is left to the page, which
 * reads again.
 */
export function startRecentlyOrdered(presenter: Presenter, now = new Date()) {
	rankedCodes(presenter, now).catch(() => undefined)
}

/** The window's orders read in full and ranked: the codes of the products to show. */
function rankedCodes(presenter: Presenter, now: Date) {
	return presenter.remember(
		`recently-ordered-codes:${daysBefore(now, WINDOW_DAYS)}`,
		{ ttlMs: TTL.list, tags: ['transactions'] },
		async () => {
			const since = daysBefore(now, WINDOW_DAYS)
			const orders = (await presenter.transactions.listOrders())
				.filter((o) => o.transactionType === 'Order' && (o.invoiceDate || o.deliveryDate) >= since)
				.slice(0, MAX_ORDERS_READ)
			const limit = pLimit(DETAILS_AT_ONCE)
			const details = await Promise.all(
				orders.map((o) =>
					limit(() => presenter.transactions.get(o.transactionNumber, o.transactionSuffix)),
				),
			)
			return rankRecentlyOrdered(
				details.flatMap((d, i) =>
					d
						? [{ date: orders[i]!.invoiceDate || orders[i]!.deliveryDate, lines: d.LineDetailsTP }]
						: [],
				),
				since,
			)
		},
	)
}

/** The products of `codes` with today's price; those no longer sold or without a price left out. */
async function lookUp(presenter: Presenter, codes: string[], incGST: boolean) {
	const limit = pLimit(LINE_CONCURRENCY)
	const products = await Promise.all(
		codes.map((code) => limit(() => presenter.catalogue.findProduct(code, incGST))),
	)
	return products.flatMap((p) =>
		p && p.customerPrice > 0 && p.prodCategory
			? [
					{
						productID: p.productID,
						description: p.productShortDesc,
						image: p.productImage,
						price: p.customerPrice,
						uom: p.UOMList[0]!.UOM,
						isTally: p.isTally,
						listHref: `/products/${p.prodCategory}/${p.prodType}/${p.prodClass}`,
					},
				]
			: [],
	)
}
export type RecentProduct = Awaited<ReturnType<typeof lookUp>>[number]
