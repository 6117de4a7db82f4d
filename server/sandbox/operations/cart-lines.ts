import { type TallyLine } from '#app/.server/presenter/contract/cart.ts'
import { type Db } from '../db.ts'
import { SandboxFault } from '../implement.ts'
import { type ProductRow } from '../rows.ts'
import { productCents, discountBasisPoints } from '../pricing.ts'
import { tallyLengths } from './catalogue.ts'
import { settingsFor } from './config.ts'

/**
 * A cart's (or list's) rows as the operations read and check them: the cart, the products it
 * takes, its lines and their tallies. The cart's operations are in cart.ts.
 */

/** Lengths are metres to the centimetre at most; anything closer than this is the same length. */
export const LENGTH_TOLERANCE = 1e-6
/** How far a stated tally total may be from the sum of its lines. */
const TOTAL_TOLERANCE = 0.001

/** A cart (or list) as stored. */
export type CartRow = {
	cartSessionId: string
	id_cust: number
	sessionType: 'Cart' | 'Custom' | 'Generic'
	name: string
	ordered_at: string | null
	transaction_id: number | null
}

/**
 * The customer's cart (or list). A cart that became an order answers like an unknown one, so the
 * portal starts a new cart, unless `ordered` is 'allow' (createOrder tells the two apart itself).
 * With `change`, the caller edits it, which Generic lists refuse.
 */
export function requireCart(
	db: Db,
	cartSessionId: string,
	customerID: number,
	{ ordered = 'hide', change = false }: { ordered?: 'hide' | 'allow'; change?: boolean } = {},
) {
	const cart = db
		.prepare(
			'SELECT cartSessionId, id_cust, sessionType, name, ordered_at, transaction_id FROM carts WHERE cartSessionId = ?',
		)
		.get(cartSessionId) as CartRow | undefined
	if (!cart || cart.id_cust !== customerID || (cart.ordered_at && ordered === 'hide'))
		throw new SandboxFault('Cart session not found', 'sessionID')
	// Generic lists are the supplier's, neither editable nor deletable.
	if (change && cart.sessionType === 'Generic')
		throw new SandboxFault('Generic lists cannot be changed', 'sessionID')
	return cart
}

export type CartProduct = Pick<
	ProductRow,
	'productID' | 'productShortDesc' | 'productImage' | 'TradePrice' | 'uoms' | 'isTally'
> & {
	/** A charge product (delivery): no category, not discounted, unit EA in any case. */
	isCharge: number
}

/** A product as a cart line takes it, or undefined. */
export function findCartProduct(db: Db, productID: string) {
	return db
		.prepare(
			`SELECT productID, productShortDesc, productImage, TradePrice, uoms, isTally,
			 prodCategory IS NULL AS isCharge FROM products WHERE productID = ?`,
		)
		.get(productID) as CartProduct | undefined
}

/** The product's unit as the cart stores it; charge products take their unit in any case. */
export function unitOf(product: CartProduct, UOM: string, field = 'UOM') {
	const uoms = product.uoms.split('|')
	const unit = product.isCharge ? uoms.find((u) => u.toLowerCase() === UOM.toLowerCase()) : UOM
	if (!unit || !uoms.includes(unit))
		throw new SandboxFault(
			`Unit of measure ${UOM} is not available for this product (use ${uoms.join(', ')})`,
			field,
		)
	return unit
}

/** The customer's unit price ex GST in cents. */
export function unitCents(db: Db, product: CartProduct, customerID: number) {
	return productCents(
		product.TradePrice,
		discountBasisPoints(db, customerID),
		product.isCharge === 1,
	)
}

/** Checks tally lines against the product's stock lengths; returns the kept lines and their total. */
export function checkTally(db: Db, productID: string, lines: TallyLine[], lengthField: string) {
	const stock = tallyLengths(db, productID)
	for (const line of lines) {
		if (!stock.some((length) => Math.abs(length - line.length) < LENGTH_TOLERANCE))
			throw new SandboxFault(
				`${line.length} m is not a stock length of this product (${stock.join(', ')} m)`,
				lengthField,
			)
	}
	const kept = lines.filter((line) => line.qty > 0)
	const total = kept.reduce((sum, line) => sum + line.length * line.qty, 0)
	return { kept, total }
}

/**
 * Checks a tally's total metres: more than 0, not too large, and the `stated` total the call sent
 * (`label` names it in the message). Returns the total rounded to the millimetre.
 */
export function checkTallyTotal(total: number, stated: number, field: string, label: string) {
	if (!(total > 0)) throw new SandboxFault('The tally must total more than 0 m', field)
	if (!(total < Number.MAX_SAFE_INTEGER))
		throw new SandboxFault('The tally total is too large', field)
	if (Math.abs(total - stated) > TOTAL_TOLERANCE)
		throw new SandboxFault(
			`${label} ${stated} m does not match the tally lines (${+total.toFixed(3)} m)`,
			field,
		)
	return Math.round(total * 1000) / 1000
}

type LineRow = { lineID: number; productID: string; isTally: number }

/** A line of the cart, or a fault for `field`. */
export function requireLine(db: Db, cartSessionId: string, lineID: number, field: string) {
	const line = db
		.prepare(
			'SELECT lineID, productID, isTally FROM cart_lines WHERE cartSessionId = ? AND lineID = ?',
		)
		.get(cartSessionId, lineID) as LineRow | undefined
	if (!line) throw new SandboxFault('Cart line not found', field)
	return line
}

/**
 * The cart's line that an add of `product` in `UOM` goes to instead of a new line: the line of
 * the same product and unit, and for a tally product the one with the same set of lengths (a
 * tally in other lengths is a line of its own). Undefined when there is none.
 */
export function sameLine(
	db: Db,
	cartSessionId: string,
	product: CartProduct,
	UOM: string,
	tallies: TallyLine[],
) {
	const lines = db
		.prepare(
			`SELECT lineID, prodQty FROM cart_lines
			 WHERE cartSessionId = ? AND productID = ? AND UOM = ? ORDER BY lineID`,
		)
		.all(cartSessionId, product.productID, UOM) as Array<{ lineID: number; prodQty: number }>
	if (!product.isTally) return lines[0]
	const lengthsOf = (rows: TallyLine[]) =>
		[...new Set(rows.map((r) => Math.round(r.length * 1000)))].sort((a, b) => a - b).join(' ')
	const wanted = lengthsOf(tallies)
	const rows = db.prepare(
		'SELECT length, qty FROM cart_tallies WHERE cartSessionId = ? AND lineID = ?',
	)
	return lines.find(
		(line) => lengthsOf(rows.all(cartSessionId, line.lineID) as TallyLine[]) === wanted,
	)
}

/** The customer's tax_inclusive flag: prices shown with GST. */
export function taxInclusive(db: Db, customerID: number) {
	const value = settingsFor(db, customerID).find((s) => s.name === 'tax_inclusive')?.value ?? ''
	return ['true', '1', 'y', 'yes'].includes(value.trim().toLowerCase())
}

/** The lines of a cart (or list) with their tally lines, prices in cents ex GST. */
export function cartLines(db: Db, cartSessionId: string) {
	const lines = db
		.prepare(
			`SELECT productID, lineID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally
			 FROM cart_lines WHERE cartSessionId = ? ORDER BY lineID`,
		)
		.all(cartSessionId) as Array<{
		productID: string
		lineID: number
		prodQty: number
		UOM: string
		unitPrice: number
		unitGST: number
		prodDesc: string
		productImage: string
		isTally: number
	}>
	const tallies = db.prepare(
		'SELECT length, qty FROM cart_tallies WHERE cartSessionId = ? AND lineID = ? ORDER BY rowid',
	)
	return lines.map((l) => ({
		...l,
		tallyLines: tallies.all(cartSessionId, l.lineID) as TallyLine[],
	}))
}

/** Stores the tally lines of a cart line. */
export function insertTallies(db: Db, cartSessionId: string, lineID: number, lines: TallyLine[]) {
	const tally = db.prepare('INSERT INTO cart_tallies VALUES (?, ?, ?, ?)')
	for (const line of lines) tally.run(cartSessionId, lineID, line.length, line.qty)
}
