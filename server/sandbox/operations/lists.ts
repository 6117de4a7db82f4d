import { randomUUID } from 'node:crypto'
import * as contract from '../../../app/.server/presenter/contract/lists.ts'
import { implement } from '../implement.ts'
import { inTransaction, requireCart } from './cart.ts'

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
]
