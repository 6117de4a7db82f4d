import { randomUUID } from 'node:crypto'
import * as contract from '../../../app/.server/presenter/contract/cart.ts'
import { type Db } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'

export function requireCart(db: Db, cartSessionId: string, customerID: number) {
	const cart = db
		.prepare('SELECT cartSessionId, id_cust FROM carts WHERE cartSessionId = ?')
		.get(cartSessionId) as { cartSessionId: string; id_cust: number } | undefined
	if (!cart || cart.id_cust !== customerID)
		throw new SandboxFault('Cart session not found', 'sessionID')
	return cart
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
		const lines = db
			.prepare(
				`SELECT productID, lineID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally
				 FROM cart_lines WHERE cartSessionId = ? ORDER BY lineID`,
			)
			.all(sessionID) as Array<Omit<contract.CartLine, 'isTally'> & { isTally: number }>
		return { dataset: { CartLines: lines.map((l) => ({ ...l, isTally: l.isTally === 1 })) } }
	}),
]
