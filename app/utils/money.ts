/**
 * Money, on the server and in the browser (docs/decisions/062-money-in-cents.md): every amount is
 * a whole number of cents from the presenter contract's boundary on. This module alone turns
 * dollars into cents and back, and rounds: a quantity times a unit price, a line's GST, a cart's
 * totals. Money as people type it is read in ./typed-money.ts.
 */

/**
 * An amount in whole cents. Branded, so that the type checker refuses a plain number (dollars, a
 * quantity) where cents are meant: formatters, totals and limits take Cents. Arithmetic on Cents
 * gives a plain number again; `sumCents` and `minus` say the result is still cents.
 */
export type Cents = number & { readonly __brand: 'cents' }

/** Nothing: 0 cents. */
export const ZERO = 0 as Cents

/**
 * Whole cents kept as a plain number (the portal's own store: order limits, purchase and request
 * totals; a list's sort key) as Cents. Not for dollars: dollarsToCents.
 */
export function storedCents(amount: number) {
	return amount as Cents
}

/** A number in plain decimal digits, from its shortest round-trip form (1e21 → 1000…, 1e-7 → 0.0000001). */
function plainDecimal(x: number) {
	const [mantissa = '', exponent = '0'] = String(x).split('e')
	const [whole = '', fraction = ''] = mantissa.split('.')
	const digits = whole + fraction
	const point = whole.length + Number(exponent)
	if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`
	if (point >= digits.length) return digits + '0'.repeat(point - digits.length)
	return `${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * Dollars (the presenter's replies, a number in a form) to whole cents, rounded as Intl rounds
 * money when it prints it, so an amount shows as it always did: the shortest decimal that reads
 * back as the number (1.005, not the 1.00499… it is stored as), rounded half away from zero. A
 * negative amount that rounds to nothing stays negative (-0), and prints as -$0.00 as Intl does.
 */
export function dollarsToCents(dollars: number): Cents {
	const [whole = '0', fraction = ''] = plainDecimal(Math.abs(dollars)).split('.')
	let cents = Number(whole + fraction.slice(0, 2).padEnd(2, '0'))
	if ((fraction[2] ?? '0') >= '5') cents += 1
	return (dollars < 0 || Object.is(dollars, -0) ? -cents : cents) as Cents
}

/**
 * Cents as dollars, only where dollars must leave the portal as a number: what the presenter is
 * sent (a payment's amount, a transaction copied back) and a list's CSV.
 */
export function centsToDollars(amount: Cents) {
	return amount / 100
}

/**
 * Cents in plain decimal dollars, '1234.50', '-0.07': for CSV files, the digits of formatMoney,
 * and the exact decimal Intl formats on the server. Exact up to Number.MAX_SAFE_INTEGER cents.
 */
export function decimalDollars(amount: Cents) {
	const digits = String(Math.abs(amount)).padStart(3, '0')
	const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
	return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/**
 * A quantity times a unit price, rounded to the cent (half up): a line's amount, or a tally's
 * price while it is typed (metres × the price a metre), as the cart will price the line.
 */
export function timesQuantity(unit: Cents, quantity: number) {
	return Math.round(quantity * unit) as Cents
}

/** The sum of amounts in cents. */
export function sumCents(amounts: Iterable<Cents>) {
	let sum = 0
	for (const amount of amounts) sum += amount
	return sum as Cents
}

/** `a` less `b`. */
export function minus(a: Cents, b: Cents) {
	return (a - b) as Cents
}

/** A priced line: quantity, unit price and unit GST, as the cart has them. */
export type PricedLine = { prodQty: number; unitPrice: Cents; unitGST: Cents }

/**
 * One line's amounts by the presenter's rule (docs/decisions/038): ex GST = quantity × unit price
 * ex GST, GST = quantity × unit GST, each rounded to the cent on the line; a line's price
 * including GST is the sum of the two. With tax_inclusive the presenter's unit price includes the
 * unit GST, so the unit price ex GST is the difference.
 */
export function lineCents(line: PricedLine, taxInclusive: boolean) {
	const exUnit = taxInclusive ? minus(line.unitPrice, line.unitGST) : line.unitPrice
	return {
		ex: timesQuantity(exUnit, line.prodQty),
		gst: timesQuantity(line.unitGST, line.prodQty),
	}
}

/** A line's extended price as the cart shows it: ex GST, or including it with tax_inclusive. */
export function lineSubtotal(line: PricedLine, taxInclusive: boolean) {
	const { ex, gst } = lineCents(line, taxInclusive)
	return taxInclusive ? sumCents([ex, gst]) : ex
}

/** An Order Summary's figures: subtotal ex GST, GST and total, and the lines left out. */
export type Totals = { subtotal: Cents; gst: Cents; total: Cents; unpriced: number }

/**
 * The Order Summary: line subtotal = qty × unit price, GST = qty × unit GST, both per line
 * (lineCents). With tax_inclusive the ex-GST subtotal is total − GST; otherwise the total is
 * subtotal + GST: the same figures either way. Lines without a price (0 or less: price on
 * request) add nothing and are counted in `unpriced`, so the summary can say the total leaves
 * them out.
 */
export function cartTotals(lines: PricedLine[], taxInclusive: boolean): Totals {
	const priced = lines.filter((l) => l.unitPrice > 0).map((l) => lineCents(l, taxInclusive))
	const subtotal = sumCents(priced.map((l) => l.ex))
	const gst = sumCents(priced.map((l) => l.gst))
	return {
		subtotal,
		gst,
		total: sumCents([subtotal, gst]),
		unpriced: lines.length - priced.length,
	}
}
