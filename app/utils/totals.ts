/** Money arithmetic in cents, so sums do not drift. */
export function roundMoney(n: number) {
	return Math.round((n + Number.EPSILON) * 100) / 100
}

export type PricedLine = { prodQty: number; unitPrice: number; unitGST: number }

/** A line's extended price: quantity × unit price. */
export function lineSubtotal(line: PricedLine) {
	return roundMoney(line.prodQty * line.unitPrice)
}

/**
 * The Order Summary (spec part 1 §2 Cart): line subtotal = qty × unit price, GST = qty × unit GST.
 * With tax_inclusive the unit prices include GST, so the ex-GST subtotal is total − GST; otherwise
 * the total is subtotal + GST. Lines without a price (0 or less: price on request) add nothing and
 * are counted in `unpriced`, so the summary can say the total leaves them out.
 */
export function cartTotals(lines: PricedLine[], taxInclusive: boolean) {
	const priced = lines.filter((l) => l.unitPrice > 0)
	const sum = roundMoney(priced.reduce((s, l) => s + lineSubtotal(l), 0))
	const gst = roundMoney(priced.reduce((s, l) => s + roundMoney(l.prodQty * l.unitGST), 0))
	const unpriced = lines.length - priced.length
	return taxInclusive
		? { subtotal: roundMoney(sum - gst), gst, total: sum, unpriced }
		: { subtotal: sum, gst, total: roundMoney(sum + gst), unpriced }
}
