import { randomUUID } from 'node:crypto'
import * as contract from '../../../app/.server/presenter/contract/cart.ts'
import { type Db } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'
import { customerCents, discountBasisPoints, gstOf, tallyLengths } from './catalogue.ts'

/** Lengths are metres to the centimetre at most; anything closer than this is the same length. */
const LENGTH_TOLERANCE = 1e-6

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
	implement(contract.addToCart, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		requireCart(db, p.sessionID, p.customerID)
		const product = db
			.prepare(
				'SELECT productID, productShortDesc, productImage, TradePrice, uoms, isTally FROM products WHERE productID = ?',
			)
			.get(p.productID) as
			| {
					productID: string
					productShortDesc: string
					productImage: string
					TradePrice: number
					uoms: string
					isTally: number
			  }
			| undefined
		if (!product) throw new SandboxFault('Product not found', 'productID')
		const uoms = product.uoms.split('|')
		if (!uoms.includes(p.UOM))
			throw new SandboxFault(
				`Unit of measure ${p.UOM} is not available for this product (use ${uoms.join(', ')})`,
				'UOM',
			)
		if (!(p.quoteQty < Number.MAX_SAFE_INTEGER))
			throw new SandboxFault('Quantity is too large', 'quoteQty')

		let prodQty = p.quoteQty
		const tallies = p.tallyLines.filter((line) => line.qty > 0)
		if (product.isTally) {
			if (!p.tallyLines.length)
				throw new SandboxFault('Enter the lengths and quantities for this product', 'tallyLines')
			const stock = tallyLengths(db, product.productID)
			for (const line of p.tallyLines) {
				if (!stock.some((length) => Math.abs(length - line.length) < LENGTH_TOLERANCE))
					throw new SandboxFault(
						`${line.length} m is not a stock length of this product (${stock.join(', ')} m)`,
						'tallyLength',
					)
			}
			const total = tallies.reduce((sum, line) => sum + line.length * line.qty, 0)
			if (!(total > 0)) throw new SandboxFault('The tally must total more than 0 m', 'tallyLength')
			if (!(total < Number.MAX_SAFE_INTEGER))
				throw new SandboxFault('The tally total is too large', 'tallyLength')
			if (Math.abs(total - p.tallyLength) > 0.001)
				throw new SandboxFault(
					`Tally length ${p.tallyLength} m does not match the tally lines (${+total.toFixed(3)} m)`,
					'tallyLength',
				)
			prodQty = Math.round(total * 1000) / 1000
		} else if (p.tallyLength !== 0 || p.tallyLines.length) {
			throw new SandboxFault('This product is not sold by length', 'tallyLength')
		}

		const unitCents = customerCents(product.TradePrice, discountBasisPoints(db, p.customerID))
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
			p.UOM,
			unitCents / 100,
			gstOf(unitCents) / 100,
			product.productShortDesc,
			product.productImage,
			product.isTally,
		)
		const tally = db.prepare('INSERT INTO cart_tallies VALUES (?, ?, ?, ?)')
		for (const line of tallies) tally.run(p.sessionID, lineID, line.length, line.qty)
		return { dataset: { lineID } }
	}),
]
