import { type TallyLine } from '#app/.server/presenter/contract/cart.ts'
import * as contract from '#app/.server/presenter/contract/transactions.ts'
import { type Db, inTransaction } from '../db.ts'
import { requireTransaction, type StoredLine, type StoredTransaction } from '../documents.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'
import {
	cartLines,
	findCartProduct,
	insertTallies,
	requireCart,
	unitCents,
	type CartProduct,
} from './cart-lines.ts'
import { gstOf } from '../pricing.ts'
import { tallyLengths } from './catalogue.ts'
import { ref } from './transactions.ts'

/** The longest tally (in centimetres) rebuilt from stock lengths when copying a line: 5 km. */
const MAX_TALLY_CM = 500_000

/** The tally lines of a copied line: the ordering cart's own, else stock lengths making up the total. */
function tallyFor(
	db: Db,
	t: StoredTransaction,
	line: StoredLine,
	product: CartProduct,
): TallyLine[] | undefined {
	const stock = tallyLengths(db, product.productID)
	const inStock = (length: number) => stock.some((s) => Math.abs(s - length) < 1e-6)
	if (t.cartSessionId) {
		const original = cartLines(db, t.cartSessionId)[line.lineNum - 1]
		if (
			original?.productID === product.productID &&
			original.tallyLines.length &&
			original.tallyLines.every((l) => inStock(l.length)) &&
			Math.abs(original.prodQty - line.quantity) < 0.001
		)
			return original.tallyLines.filter((l) => l.qty > 0)
	}
	return composeTally(stock, line.quantity)
}

/**
 * Stock lengths (fewest pieces) that add up to `metres` exactly, to the centimetre; undefined
 * when none do. Seeded history keeps only a line's total metres, so the tally is rebuilt.
 */
export function composeTally(stock: number[], metres: number): TallyLine[] | undefined {
	const target = Math.round(metres * 100)
	const lengths = [...new Set(stock.map((s) => Math.round(s * 100)))].filter((s) => s > 0)
	if (target <= 0 || target > MAX_TALLY_CM || !lengths.length) return undefined
	const pieces = new Int32Array(target + 1).fill(-1)
	const via = new Int32Array(target + 1)
	pieces[0] = 0
	for (let at = 1; at <= target; at++) {
		for (const length of lengths) {
			const before = at - length
			if (before < 0 || pieces[before]! < 0) continue
			if (pieces[at]! < 0 || pieces[before]! + 1 < pieces[at]!) {
				pieces[at] = pieces[before]! + 1
				via[at] = length
			}
		}
	}
	if (pieces[target]! < 0) return undefined
	const counts = new Map<number, number>()
	for (let at = target; at > 0; at -= via[at]!)
		counts.set(via[at]!, (counts.get(via[at]!) ?? 0) + 1)
	return [...counts.entries()]
		.sort(([a], [b]) => a - b)
		.map(([cm, qty]) => ({ length: cm / 100, qty }))
}

type PlannedLine = {
	product: CartProduct
	prodQty: number
	UOM: string
	tallies: TallyLine[]
}

/** A transaction's lines copied into the customer's cart. */
export const copyToCart = [
	/**
	 * Copies the lines of the customer's transaction (as stored: the client's copy only names it)
	 * into its cart as new lines at today's customer prices. Delivery charges are left out (checkout
	 * works them out again); products no longer sold are skipped and named in the message.
	 */
	implement(contract.copyTranToCart, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		if (p.transaction.customerID !== p.customerID)
			throw new SandboxFault('Customer not available to this user', 'transaction.customerID')
		const cart = requireCart(db, p.cartSessionId, p.customerID, { change: true })
		if (cart.sessionType !== 'Cart')
			throw new SandboxFault('A transaction can only be copied to a cart', 'cartSessionId')
		const t = requireTransaction(
			db,
			p.customerID,
			p.transaction.transactionNumber,
			p.transaction.transactionSuffix,
		)

		const planned: PlannedLine[] = []
		const skipped: string[] = []
		for (const line of t.lines) {
			const product = findCartProduct(db, line.productCode)
			if (product?.isCharge) continue
			const uoms = product?.uoms.split('|') ?? []
			if (!product) {
				skipped.push(`${line.productCode} is no longer available`)
			} else if (!(line.quantity > 0)) {
				continue
			} else if (product.isTally) {
				const tallies = tallyFor(db, t, line, product)
				if (!tallies) skipped.push(`${line.productCode} is no longer sold in these lengths`)
				else {
					const total = tallies.reduce((sum, l) => sum + l.length * l.qty, 0)
					planned.push({
						product,
						prodQty: Math.round(total * 1000) / 1000,
						UOM: uoms[0]!,
						tallies,
					})
				}
			} else if (!uoms.includes(line.unitOfMeasure)) {
				skipped.push(`${line.productCode} is no longer sold by ${line.unitOfMeasure}`)
			} else {
				planned.push({ product, prodQty: line.quantity, UOM: line.unitOfMeasure, tallies: [] })
			}
		}
		const name = `${t.transactionType} ${ref(t)}`
		if (!planned.length)
			throw new SandboxFault(
				skipped.length
					? `None of the lines of ${name} can be copied to the cart: ${skipped.join('; ')}`
					: `${name} has no product lines to copy to the cart`,
			)

		inTransaction(db, () => {
			let { lineID } = db
				.prepare(
					'SELECT coalesce(max(lineID), 0) AS lineID FROM cart_lines WHERE cartSessionId = ?',
				)
				.get(p.cartSessionId) as { lineID: number }
			const insert = db.prepare(
				`INSERT INTO cart_lines (cartSessionId, lineID, productID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			)
			for (const l of planned) {
				lineID++
				const cents = unitCents(db, l.product, p.customerID)
				insert.run(
					p.cartSessionId,
					lineID,
					l.product.productID,
					l.prodQty,
					l.UOM,
					cents / 100,
					gstOf(cents) / 100,
					l.product.productShortDesc,
					l.product.productImage,
					l.product.isTally,
				)
				insertTallies(db, p.cartSessionId, lineID, l.tallies)
			}
		})
		const copied = `${t.transactionType} copied to cart`
		if (!skipped.length) return { msg: copied }
		const count = skipped.length === 1 ? '1 line was' : `${skipped.length} lines were`
		return { msg: `${copied}. ${count} not copied: ${skipped.join('; ')}.` }
	}),
]
