/** Money arithmetic in cents, so sums do not drift. */
export function roundMoney(n: number) {
	return Math.round((n + Number.EPSILON) * 100) / 100
}

/** Dollars to whole cents. */
export const toCents = (n: number) => Math.round(n * 100)

export type PricedLine = { prodQty: number; unitPrice: number; unitGST: number }

/**
 * One line's amounts in cents, by the presenter's rule (docs/decisions/038): ex GST = quantity ×
 * unit price ex GST, GST = quantity × unit GST, each rounded to the cent on the line; a line's
 * price including GST is the sum of the two. With tax_inclusive the presenter's unit price
 * includes the unit GST, so the unit price ex GST is the difference. The sandbox's createOrder
 * stores an order's lines and totals by this same function.
 */
export function lineCents(line: PricedLine, taxInclusive: boolean) {
	const gstUnit = toCents(line.unitGST)
	const exUnit = toCents(line.unitPrice) - (taxInclusive ? gstUnit : 0)
	const ex = Math.round(line.prodQty * exUnit)
	const gst = Math.round(line.prodQty * gstUnit)
	return { ex, gst }
}

/** A line's extended price as the cart shows it: ex GST, or including it with tax_inclusive. */
export function lineSubtotal(line: PricedLine, taxInclusive: boolean) {
	const { ex, gst } = lineCents(line, taxInclusive)
	return (taxInclusive ? ex + gst : ex) / 100
}

/**
 * The Order Summary (spec part 1 §2 Cart): line subtotal = qty × unit price, GST = qty × unit GST,
 * both per line (lineCents). With tax_inclusive the ex-GST subtotal is total − GST; otherwise the
 * total is subtotal + GST: the same figures either way. Lines without a price (0 or less: price
 * on request) add nothing and are counted in `unpriced`, so the summary can say the total leaves
 * them out.
 */
export function cartTotals(lines: PricedLine[], taxInclusive: boolean) {
	let ex = 0
	let gst = 0
	for (const line of lines) {
		if (line.unitPrice <= 0) continue
		const amounts = lineCents(line, taxInclusive)
		ex += amounts.ex
		gst += amounts.gst
	}
	const unpriced = lines.filter((l) => l.unitPrice <= 0).length
	return { subtotal: ex / 100, gst: gst / 100, total: (ex + gst) / 100, unpriced }
}

export type Totals = ReturnType<typeof cartTotals>
