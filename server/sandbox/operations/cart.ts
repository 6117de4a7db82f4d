import { randomUUID } from 'node:crypto'
import * as contract from '#app/.server/presenter/contract/cart.ts'
import { type TallyLine } from '#app/.server/presenter/contract/cart.ts'
import { type Db, inTransaction } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { type ProductRow } from '../rows.ts'
import { productCents, discountBasisPoints, gstOf, toCents, withGst } from '../pricing.ts'
import { tallyLengths } from './catalogue.ts'
import { settingsFor } from './config.ts'

/** Lengths are metres to the centimetre at most; anything closer than this is the same length. */
const LENGTH_TOLERANCE = 1e-6
/** How far a stated tally total may be from the sum of its lines. */
const TOTAL_TOLERANCE = 0.001

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

export function findCartProduct(db: Db, productID: string) {
	return db
		.prepare(
			`SELECT productID, productShortDesc, productImage, TradePrice, uoms, isTally,
			 prodCategory IS NULL AS isCharge FROM products WHERE productID = ?`,
		)
		.get(productID) as CartProduct | undefined
}

/** The product's unit as the cart stores it; charge products take their unit in any case. */
function unitOf(product: CartProduct, UOM: string, field = 'UOM') {
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
function checkTally(db: Db, productID: string, lines: TallyLine[], lengthField: string) {
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
function checkTallyTotal(total: number, stated: number, field: string, label: string) {
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

function requireLine(db: Db, cartSessionId: string, lineID: number, field: string) {
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
function sameLine(
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

export function insertTallies(db: Db, cartSessionId: string, lineID: number, lines: TallyLine[]) {
	const tally = db.prepare('INSERT INTO cart_tallies VALUES (?, ?, ?, ?)')
	for (const line of lines) tally.run(cartSessionId, lineID, line.length, line.qty)
}

function assertCustomerId(user: SessionUser, customerId: number) {
	if (customerId !== user.id_cust)
		throw new SandboxFault('Customer not available to this user', 'customerId')
}

export const cart = [
	implement(contract.createCart, ({ customerID, sessionType }, { db, user, now }) => {
		assertOwnCustomer(user, customerID)
		const cartSessionId = randomUUID()
		db.prepare(
			'INSERT INTO carts (cartSessionId, id_cust, sessionType, created_at) VALUES (?, ?, ?, ?)',
		).run(cartSessionId, customerID, sessionType, now.toISOString())
		return { dataset: { cartSessionId } }
	}),

	implement(contract.getCart, ({ sessionID, customerID }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		requireCart(db, sessionID, customerID)
		const inclusive = taxInclusive(db, customerID)
		return {
			dataset: {
				CartLines: cartLines(db, sessionID).map((l) => {
					const cents = toCents(l.unitPrice)
					return {
						...l,
						unitPrice: (inclusive ? withGst(cents) : cents) / 100,
						unitGST: gstOf(cents) / 100,
						isTally: l.isTally === 1,
					}
				}),
			},
		}
	}),

	implement(contract.addToCart, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		requireCart(db, p.sessionID, p.customerID, { change: true })
		const product = findCartProduct(db, p.productID)
		if (!product) throw new SandboxFault('Product not found', 'productID')
		const UOM = unitOf(product, p.UOM)
		if (!(p.quoteQty < Number.MAX_SAFE_INTEGER))
			throw new SandboxFault('Quantity is too large', 'quoteQty')

		let prodQty = p.quoteQty
		let tallies: TallyLine[] = []
		if (product.isTally) {
			if (!p.tallyLines.length)
				throw new SandboxFault('Enter the lengths and quantities for this product', 'tallyLines')
			const { kept, total } = checkTally(db, product.productID, p.tallyLines, 'tallyLength')
			prodQty = checkTallyTotal(total, p.tallyLength, 'tallyLength', 'Tally length')
			tallies = kept
		} else if (p.tallyLength !== 0 || p.tallyLines.length) {
			throw new SandboxFault('This product is not sold by length', 'tallyLength')
		}

		const cents = unitCents(db, product, p.customerID)
		return inTransaction(db, () => {
			const same = product.isCharge ? undefined : sameLine(db, p.sessionID, product, UOM, tallies)
			if (same) {
				const total = same.prodQty + prodQty
				if (!(total < Number.MAX_SAFE_INTEGER))
					throw new SandboxFault('Quantity is too large', 'quoteQty')
				db.prepare(
					`UPDATE cart_lines SET prodQty = ?, unitPrice = ?, unitGST = ?
					 WHERE cartSessionId = ? AND lineID = ?`,
				).run(
					product.isTally ? Math.round(total * 1000) / 1000 : total,
					cents / 100,
					gstOf(cents) / 100,
					p.sessionID,
					same.lineID,
				)
				// Each length's pieces go to the line's first row of that length.
				const more = db.prepare(
					`UPDATE cart_tallies SET qty = qty + ? WHERE rowid = (
					   SELECT rowid FROM cart_tallies WHERE cartSessionId = ? AND lineID = ?
					   AND abs(length - ?) < ? ORDER BY rowid LIMIT 1)`,
				)
				for (const line of tallies)
					more.run(line.qty, p.sessionID, same.lineID, line.length, LENGTH_TOLERANCE)
				return { dataset: { lineID: same.lineID } }
			}
			const { lineID } = db
				.prepare(
					'SELECT coalesce(max(lineID), 0) + 1 AS lineID FROM cart_lines WHERE cartSessionId = ?',
				)
				.get(p.sessionID) as { lineID: number }
			db.prepare(
				`INSERT INTO cart_lines (cartSessionId, lineID, productID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			).run(
				p.sessionID,
				lineID,
				product.productID,
				prodQty,
				UOM,
				cents / 100,
				gstOf(cents) / 100,
				product.productShortDesc,
				product.productImage,
				product.isTally,
			)
			insertTallies(db, p.sessionID, lineID, tallies)
			return { dataset: { lineID } }
		})
	}),

	/** A non-tally line's quantity or unit; the line is repriced at the customer's current price. */
	implement(contract.updateCartLine, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		requireCart(db, p.sessionID, p.customerID, { change: true })
		const line = requireLine(db, p.sessionID, p.lineId, 'lineId')
		if (line.productID !== p.productID)
			throw new SandboxFault('The product does not match the cart line', 'productID')
		if (line.isTally)
			throw new SandboxFault('Change the lengths of this line with its tally', 'lineId')
		if (p.tallyLength !== 0)
			throw new SandboxFault('This product is not sold by length', 'tallyLength')
		const product = findCartProduct(db, p.productID)
		if (!product) throw new SandboxFault('Product not found', 'productID')
		const UOM = unitOf(product, p.UOM)
		if (!Number.isInteger(p.quoteQty))
			throw new SandboxFault('Quantity must be a whole number', 'quoteQty')
		if (!(p.quoteQty < Number.MAX_SAFE_INTEGER))
			throw new SandboxFault('Quantity is too large', 'quoteQty')
		const cents = unitCents(db, product, p.customerID)
		db.prepare(
			`UPDATE cart_lines SET prodQty = ?, UOM = ?, unitPrice = ?, unitGST = ?
			 WHERE cartSessionId = ? AND lineID = ?`,
		).run(p.quoteQty, UOM, cents / 100, gstOf(cents) / 100, p.sessionID, p.lineId)
		return { dataset: { lineID: p.lineId } }
	}),

	/** Replaces a tally line's lengths; the line's quantity becomes their total metres. */
	implement(contract.updateCartTally, (p, { db, user }) => {
		requireCart(db, p.sessionID, user.id_cust, { change: true })
		const line = requireLine(db, p.sessionID, p.lineID, 'lineID')
		if (!line.isTally) throw new SandboxFault('This line is not sold by length', 'lineID')
		const product = findCartProduct(db, line.productID)
		if (!product) throw new SandboxFault('Product not found', 'lineID')
		for (const { UOM } of p.UOMList) unitOf(product, UOM, 'UOMList')
		const { kept, total } = checkTally(db, line.productID, p.tallyLines, 'tallyLines')
		const prodQty = checkTallyTotal(total, p.total, 'total', 'Tally total')
		return inTransaction(db, () => {
			db.prepare('UPDATE cart_lines SET prodQty = ? WHERE cartSessionId = ? AND lineID = ?').run(
				prodQty,
				p.sessionID,
				p.lineID,
			)
			db.prepare('DELETE FROM cart_tallies WHERE cartSessionId = ? AND lineID = ?').run(
				p.sessionID,
				p.lineID,
			)
			insertTallies(db, p.sessionID, p.lineID, kept)
			return { dataset: { lineID: p.lineID } }
		})
	}),

	implement(contract.getCartTallies, ({ sessionID, lineNo }, { db, user }) => {
		requireCart(db, sessionID, user.id_cust)
		requireLine(db, sessionID, lineNo, 'lineNo')
		const lines = db
			.prepare(
				'SELECT length, qty FROM cart_tallies WHERE cartSessionId = ? AND lineID = ? ORDER BY rowid',
			)
			.all(sessionID, lineNo) as TallyLine[]
		return { dataset: { TallyList: lines } }
	}),

	implement(contract.removeCartLine, ({ productID, sessionID, lineID }, { db, user }) => {
		requireCart(db, sessionID, user.id_cust, { change: true })
		const line = requireLine(db, sessionID, lineID, 'lineID')
		if (line.productID !== productID)
			throw new SandboxFault('The product does not match the cart line', 'productID')
		inTransaction(db, () => {
			db.prepare('DELETE FROM cart_tallies WHERE cartSessionId = ? AND lineID = ?').run(
				sessionID,
				lineID,
			)
			db.prepare('DELETE FROM cart_lines WHERE cartSessionId = ? AND lineID = ?').run(
				sessionID,
				lineID,
			)
		})
		return { msg: 'product removed' }
	}),

	implement(contract.removeAllCartLines, ({ customerId, sessionID }, { db, user }) => {
		assertCustomerId(user, customerId)
		requireCart(db, sessionID, customerId, { change: true })
		inTransaction(db, () => {
			db.prepare('DELETE FROM cart_tallies WHERE cartSessionId = ?').run(sessionID)
			db.prepare('DELETE FROM cart_lines WHERE cartSessionId = ?').run(sessionID)
		})
		return { msg: 'Cart cleared' }
	}),
]
