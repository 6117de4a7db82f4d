import { type Db } from './db.ts'

// A customer's prices, in whole cents so that the arithmetic is exact: what listings, carts, orders
// and the seeded history all charge.

/** Dollars to whole cents (prices are stored to the cent). */
export const toCents = (dollars: number) => Math.round(dollars * 100)

/** The customer's discount in basis points (0.12 → 1200), so price arithmetic stays in integers. */
export function discountBasisPoints(db: Db, customerID: number) {
	const row = db.prepare('SELECT discount FROM customers WHERE id_cust = ?').get(customerID) as
		{ discount: number } | undefined
	return Math.round((row?.discount ?? 0) * 10_000)
}

/** TradePrice less the customer's discount, in cents, rounded half up. */
export function customerCents(tradePrice: number, discountBp: number) {
	return Math.round((toCents(tradePrice) * (10_000 - discountBp)) / 10_000)
}

/** A product's price to a customer ex GST in cents: charge products (no category) are not discounted. */
export function productCents(tradePrice: number, discountBp: number, isCharge: boolean) {
	return customerCents(tradePrice, isCharge ? 0 : discountBp)
}

/** A price in cents with 10% GST added, rounded to the cent. */
export const withGst = (cents: number) => Math.round((cents * 11) / 10)

/** The GST on an ex-GST price in cents. */
export const gstOf = (cents: number) => Math.round(cents / 10)

/**
 * An order line's amounts in cents, the ERP's rule: ex GST = quantity × unit price, GST =
 * quantity × unit GST, each rounded to the cent on the line (carts hold prices ex GST). The
 * portal rounds its Order Summary the same way, in its own code (docs/decisions/038).
 */
export function lineCents(line: { prodQty: number; unitPrice: number; unitGST: number }) {
	return {
		ex: Math.round(line.prodQty * toCents(line.unitPrice)),
		gst: Math.round(line.prodQty * toCents(line.unitGST)),
	}
}
