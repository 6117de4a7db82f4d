import pLimit from 'p-limit'
import { addCartLines, LINE_CONCURRENCY, type NewCartLine } from './add-lines.ts'
import { type TransactionLine } from './presenter/contract/transactions.ts'
import { type Presenter } from './presenter/index.ts'

/** Delivery charges are the original delivery's: a reorder never copies them. */
export const isDeliveryCharge = (line: Pick<TransactionLine, 'productCode'>) =>
	line.productCode.toUpperCase().startsWith('DEL-')

const cents = (n: number) => Math.round(n * 100)

/**
 * A tally product's metres as stock lengths: the longest stock length that makes them up
 * exactly; null when none does (the transaction keeps only the metres, not the lengths).
 */
export function tallyFromMetres(lengths: number[], metres: number) {
	for (const length of [...lengths].sort((a, b) => b - a)) {
		const qty = Math.round(metres / length)
		if (qty >= 1 && Math.abs(qty * length - metres) < 1e-6) return [{ length, qty }]
	}
	return null
}

export type PriceChange = { productCode: string; productDesc: string; was: number; now: number }

/**
 * Adds chosen lines of a past transaction to the cart at today's prices, with their (possibly
 * changed) quantities: delivery charges left out, each product looked up once, at most
 * LINE_CONCURRENCY calls at a time. Says which prices changed since the original.
 */
export async function reorderLines(
	presenter: Presenter,
	cartSessionId: string,
	chosen: Array<{ line: TransactionLine; quantity: number }>,
) {
	const limit = pLimit(LINE_CONCURRENCY)
	const wanted = chosen.filter((c) => !isDeliveryCharge(c.line))
	const failures: Array<{ productID: string; message: string }> = []
	const priceChanges: PriceChange[] = []
	const lines: NewCartLine[] = []
	const looked = await Promise.all(
		wanted.map(({ line }) =>
			limit(async () => {
				const product = await presenter.catalogue.findProduct(line.productCode, false)
				const lengths = product?.isTally
					? await presenter.catalogue.getTallyLengths(line.productCode)
					: []
				return { product, lengths }
			}),
		),
	)
	wanted.forEach(({ line, quantity }, index) => {
		const { product, lengths } = looked[index]!
		const fail = (message: string) => failures.push({ productID: line.productCode, message })
		if (!product || product.customerPrice <= 0) return fail('no longer sold')
		const uoms = product.UOMList.map((u) => u.UOM)
		const uom = uoms.includes(line.unitOfMeasure) ? line.unitOfMeasure : uoms[0]!
		if (product.isTally) {
			const tally = tallyFromMetres(lengths, quantity)
			if (!tally) return fail('enter its lengths on the Quick Order page')
			lines.push({ productID: product.productID, uom, quantity, tally })
		} else {
			if (!Number.isInteger(quantity)) return fail('enter a whole number')
			lines.push({ productID: product.productID, uom, quantity })
		}
		if (cents(product.customerPrice) !== cents(line.unitPrice)) {
			priceChanges.push({
				productCode: line.productCode,
				productDesc: line.productDesc,
				was: line.unitPrice,
				now: product.customerPrice,
			})
		}
	})
	const result = await addCartLines(presenter, cartSessionId, lines)
	return { ...result, failures: [...failures, ...result.failures], priceChanges }
}
