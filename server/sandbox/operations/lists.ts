import { randomUUID } from 'node:crypto'
import * as contract from '#app/.server/presenter/contract/lists.ts'
import { type Db, inTransaction } from '../db.ts'
import { implement, SandboxFault } from '../implement.ts'
import {
	cartLines,
	findCartProduct,
	insertTallies,
	requireCart,
	taxInclusive,
	unitCents,
} from './cart-lines.ts'
import { gstOf, toCents, withGst } from '../pricing.ts'

/** A list of the customer's (Custom or Generic, never a cart). */
function requireList(db: Db, id: string, customerID: number, change = false) {
	const list = requireCart(db, id, customerID, { change })
	if (list.sessionType === 'Cart') throw new SandboxFault('List not found', 'sessionID')
	return list
}

export const lists = [
	/** 'Save Custom List': a new Custom list named `name` with a copy of the cart's lines and tallies. */
	implement(contract.saveCustomList, ({ cartSessionId, name }, { db, user, now }) => {
		requireCart(db, cartSessionId, user.id_cust)
		const id = randomUUID()
		inTransaction(db, () => {
			db.prepare(
				`INSERT INTO carts (cartSessionId, id_cust, sessionType, name, created_at) VALUES (?, ?, 'Custom', ?, ?)`,
			).run(id, user.id_cust, name, now.toISOString())
			db.prepare(
				`INSERT INTO cart_lines (cartSessionId, lineID, productID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally)
				 SELECT ?, lineID, productID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally
				 FROM cart_lines WHERE cartSessionId = ? ORDER BY lineID`,
			).run(id, cartSessionId)
			db.prepare(
				`INSERT INTO cart_tallies (cartSessionId, lineID, length, qty)
				 SELECT ?, lineID, length, qty FROM cart_tallies WHERE cartSessionId = ? ORDER BY rowid`,
			).run(id, cartSessionId)
		})
		return { msg: 'Custom list saved' }
	}),

	/** The Generic lists first (by name), then the Custom lists, newest first; with their lines. */
	implement(contract.getCustomLists, ({ custID }, { db, user }) => {
		if (custID !== user.id_cust)
			throw new SandboxFault('Customer not available to this user', 'custID')
		const inclusive = taxInclusive(db, custID)
		const rows = db
			.prepare(
				`SELECT cartSessionId, name, sessionType AS type FROM carts
				 WHERE id_cust = ? AND sessionType IN ('Custom', 'Generic')
				 ORDER BY sessionType = 'Custom', CASE WHEN sessionType = 'Generic' THEN name END, created_at DESC, rowid DESC`,
			)
			.all(custID) as Array<{ cartSessionId: string; name: string; type: 'Custom' | 'Generic' }>
		return {
			dataset: {
				CustomLists: rows.map((list) => ({
					...list,
					contents: cartLines(db, list.cartSessionId).map((l) => {
						const cents = toCents(l.unitPrice)
						return {
							productID: l.productID,
							lineID: l.lineID,
							prodQty: l.prodQty,
							UOM: l.UOM,
							unitPrice: (inclusive ? withGst(cents) : cents) / 100,
							prodDesc: l.prodDesc,
							isTally: l.isTally === 1,
							tallyLines: l.tallyLines,
						}
					}),
				})),
			},
		}
	}),

	/**
	 * Adds the list's lines to the cart as new lines at today's customer prices, tally lengths
	 * included. Products no longer sold are left out and named in the message.
	 */
	implement(contract.copyCustomListToCart, ({ fromSessionID, toSessionID }, { db, user }) => {
		const list = requireList(db, fromSessionID, user.id_cust)
		const cart = requireCart(db, toSessionID, user.id_cust, { change: true })
		if (cart.sessionType !== 'Cart')
			throw new SandboxFault('A list can only be copied to a cart', 'toSessionID')
		const lines = cartLines(db, fromSessionID)
		if (!lines.length) throw new SandboxFault(`${list.name} has no lines to copy`)
		const skipped: string[] = []
		inTransaction(db, () => {
			let { lineID } = db
				.prepare(
					'SELECT coalesce(max(lineID), 0) AS lineID FROM cart_lines WHERE cartSessionId = ?',
				)
				.get(toSessionID) as { lineID: number }
			const insert = db.prepare(
				`INSERT INTO cart_lines (cartSessionId, lineID, productID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			)
			for (const line of lines) {
				const product = findCartProduct(db, line.productID)
				if (!product || !product.uoms.split('|').includes(line.UOM)) {
					skipped.push(line.productID)
					continue
				}
				lineID++
				const cents = unitCents(db, product, user.id_cust)
				insert.run(
					toSessionID,
					lineID,
					product.productID,
					line.prodQty,
					line.UOM,
					cents / 100,
					gstOf(cents) / 100,
					product.productShortDesc,
					product.productImage,
					product.isTally,
				)
				insertTallies(db, toSessionID, lineID, line.tallyLines)
			}
			if (skipped.length === lines.length)
				throw new SandboxFault(`None of the products of ${list.name} are sold any more`)
		})
		if (!skipped.length) return { msg: 'Custom list copied' }
		return { msg: `Custom list copied. Not copied (no longer sold): ${skipped.join(', ')}.` }
	}),

	implement(contract.deleteCustomList, ({ sessionID }, { db, user }) => {
		requireList(db, sessionID, user.id_cust, true)
		db.prepare('DELETE FROM carts WHERE cartSessionId = ?').run(sessionID)
		return { msg: 'Custom list deleted' }
	}),

	implement(contract.removeCustomListLine, ({ cartSessionId, productId, lineId }, { db, user }) => {
		requireList(db, cartSessionId, user.id_cust, true)
		const line = db
			.prepare('SELECT productID FROM cart_lines WHERE cartSessionId = ? AND lineID = ?')
			.get(cartSessionId, lineId) as { productID: string } | undefined
		if (!line) throw new SandboxFault('List line not found', 'lineId')
		if (line.productID !== productId)
			throw new SandboxFault('The product does not match the list line', 'productId')
		inTransaction(db, () => {
			db.prepare('DELETE FROM cart_tallies WHERE cartSessionId = ? AND lineID = ?').run(
				cartSessionId,
				lineId,
			)
			db.prepare('DELETE FROM cart_lines WHERE cartSessionId = ? AND lineID = ?').run(
				cartSessionId,
				lineId,
			)
		})
		return { msg: 'product removed' }
	}),
]
