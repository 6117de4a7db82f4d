import Papa from 'papaparse'
import { data, type RouterContextProvider } from 'react-router'
import { requireArea } from '#app/.server/guard/access.ts'
import { startCustomer } from '#app/.server/request/context.ts'
import { type CustomList, type ListLine } from '#app/.server/presenter/contract/lists.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { decimalDollars, timesQuantity } from '#app/utils/money.ts'

/** A list id in a URL: the presenter's cartSessionId (a UUID). */
const LIST_ID = /^[A-Za-z0-9-]{1,64}$/

/** The customer's lists, once the Custom Lists area is allowed (one parallel round). */
export async function loadLists(context: Readonly<RouterContextProvider>) {
	const { presenter } = startCustomer(context)
	const [, lists] = await Promise.all([
		requireArea(context, 'customLists'),
		presenter.lists.getAll(),
	]).catch(toRouteError)
	return lists
}

/** One list of the customer's, or 404. */
export async function loadList(context: Readonly<RouterContextProvider>, id: string | undefined) {
	if (!id || !LIST_ID.test(id)) throw data('Not Found', { status: 404 })
	const list = (await loadLists(context)).find((l) => l.cartSessionId === id)
	if (!list) throw data('Not Found', { status: 404 })
	return list
}

/** A line's extended price: quantity times unit price, to the cent. */
export const extendedPrice = (line: ListLine) => timesQuantity(line.unitPrice, line.prodQty)

/** '4.80 m × 12, 6.00 m × 4': a tally line's lengths. */
export const tallyText = (line: ListLine) =>
	line.tallyLines.map((t) => `${t.length.toFixed(2)} m × ${t.qty}`).join(', ')

/**
 * The list as CSV: SKU, Description, Qty, UOM, Unit Price, Extended Price with
 * 2 decimals; a tally line's lengths follow its description. Cells a spreadsheet would run as a
 * formula are escaped.
 */
export function listCsv(list: CustomList) {
	const csv = Papa.unparse(
		{
			fields: ['SKU', 'Description', 'Qty', 'UOM', 'Unit Price', 'Extended Price'],
			data: list.contents.map((line) => [
				line.productID,
				line.tallyLines.length ? `${line.prodDesc} (${tallyText(line)})` : line.prodDesc,
				line.prodQty,
				line.UOM,
				decimalDollars(line.unitPrice),
				decimalDollars(extendedPrice(line)),
			]),
		},
		{ escapeFormulae: true },
	)
	return `\uFEFF${csv}`
}
