import { randomUUID } from 'node:crypto'
import * as contract from '#app/.server/presenter/contract/cart.ts'
import { type TallyLine } from '#app/.server/presenter/contract/cart.ts'
import { inTransaction } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { gstOf, toCents, withGst } from '../pricing.ts'
import {
	cartLines,
	checkTally,
	checkTallyTotal,
	findCartProduct,
	insertTallies,
	LENGTH_TOLERANCE,
	requireCart,
	requireLine,
	sameLine,
	taxInclusive,
	unitCents,
	unitOf,
} from './cart-lines.ts'

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
