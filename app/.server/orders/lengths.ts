import { type CartLine, type TallyLine } from '../presenter/contract/cart.ts'
import { type TransactionDetail } from '../presenter/contract/transactions.ts'
import { getStore } from '../store/index.ts'
import { logFailure } from '../config/log.ts'

/**
 * The cut list of what the portal placed: the presenter keeps only each tally line's metres, so
 * the portal keeps the lengths ordered, by line number (the order lists the cart's lines in
 * order), for the order page, the confirmation, and a reorder or Copy to Cart of it.
 */

/** Keeps the tally lengths of a placed order's lines. The order stands whatever the store says. */
export function keepLengths(customerId: number, number: number, lines: CartLine[]) {
	const tallies = lines.flatMap((l, i) =>
		l.tallyLines.length
			? [{ lineNum: i + 1, productID: l.productID, uom: l.UOM, tally: l.tallyLines }]
			: [],
	)
	if (!tallies.length) return Promise.resolve()
	return getStore()
		.orders.setLengths(customerId, number, tallies)
		.catch((error: unknown) => logFailure('Keeping the order lengths', error))
}

/**
 * The lengths kept for a transaction's lines, by line number: only lines that are still the same
 * product and unit, and come to the same metres. None for an invoice, or for what the portal did
 * not place (or could not read: a page shows the transaction without them).
 */
export async function keptLengths(
	customerId: number,
	transaction: Pick<TransactionDetail, 'transactionNumber' | 'transactionType' | 'LineDetailsTP'>,
): Promise<Map<number, TallyLine[]>> {
	if (transaction.transactionType === 'Invoice') return new Map()
	const kept = await getStore()
		.orders.lengths(customerId, transaction.transactionNumber)
		.catch((error: unknown) => {
			logFailure('Reading the order lengths', error)
			return []
		})
	const lines = new Map(transaction.LineDetailsTP.map((l) => [l.lineNum, l]))
	return new Map(
		kept.flatMap((k) => {
			const line = lines.get(k.lineNum)
			const metres = k.tally.reduce((sum, t) => sum + t.length * t.qty, 0)
			const same =
				line?.productCode === k.productID &&
				line.unitOfMeasure === k.uom &&
				Math.abs(line.quantity - metres) < 0.001
			return same ? [[k.lineNum, k.tally] as const] : []
		}),
	)
}

/** A cut list as people write it: '5.40 m × 3', longest first as ordered. */
export function describeLengths(tally: TallyLine[]) {
	return tally.map((t) => `${t.length.toFixed(2)} m × ${t.qty}`)
}
