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
 * the total is subtotal + GST.
 */
export function cartTotals(lines: PricedLine[], taxInclusive: boolean) {
	const sum = roundMoney(lines.reduce((s, l) => s + lineSubtotal(l), 0))
	const gst = roundMoney(lines.reduce((s, l) => s + roundMoney(l.prodQty * l.unitGST), 0))
	return taxInclusive
		? { subtotal: roundMoney(sum - gst), gst, total: sum }
		: { subtotal: sum, gst, total: roundMoney(sum + gst) }
}
