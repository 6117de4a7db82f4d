/** Shared by server and browser: the catalogue's display and input rules. */
import { timesQuantity, type Cents } from './money.ts'

const STOCK_LABELS: Record<string, string> = {
	SpecialOrder: 'Special Order',
	InStock: 'In Stock',
	LowStock: 'Low Stock',
}

/** The availability label (Special Order, In Stock, Low Stock); any other status is shown as sent. */
export function stockLabel(status: string) {
	return STOCK_LABELS[status] ?? status
}

/** The pipe-separated file list of a product, as URLs (empty entries dropped). */
export function parseFileList(list: string | null | undefined): string[] {
	return (list ?? '')
		.split('|')
		.map((f) => f.trim())
		.filter(Boolean)
}

/** A URL's file extension, lower case, without query or fragment. */
export function fileExtension(url: string) {
	const path = url.split(/[?#]/)[0] ?? ''
	const dot = path.lastIndexOf('.')
	return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : ''
}

/** The datasheet: the first pdf in the file list ('View Datasheet'). */
export function firstPdf(list: string | null | undefined) {
	return parseFileList(list).find((f) => fileExtension(f) === 'pdf')
}

const GALLERY_TYPES = new Set(['jpg', 'jpeg', 'png'])

/** Gallery images: only jpg, jpeg and png files are used. */
export function galleryImages(...lists: Array<string | null | undefined>) {
	const images = lists.flatMap(parseFileList).filter((f) => GALLERY_TYPES.has(fileExtension(f)))
	return [...new Set(images)]
}

/** Prices of 0 or less are hidden: null means "do not show". */
export function visiblePrice(price: Cents | null | undefined) {
	return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : null
}

/** The quantity stepper's ceiling: it increments up to below the maximum safe integer. */
export const MAX_QUANTITY = Number.MAX_SAFE_INTEGER - 1
export const DEFAULT_QUANTITY = 1

export function incrementQuantity(quantity: number) {
	return quantity < MAX_QUANTITY ? quantity + 1 : quantity
}

export function decrementQuantity(quantity: number) {
	return quantity > 1 ? quantity - 1 : 1
}

/**
 * Typed input is accepted only as a positive integer below the maximum; anything else (text,
 * decimals, zero, negatives, too large) is ignored and the previous quantity kept.
 */
export function typedQuantity(input: string, previous: number) {
	const text = input.trim()
	if (!/^\d+$/.test(text)) return previous
	const value = Number(text)
	return value >= 1 && value <= MAX_QUANTITY ? value : previous
}

/** The most rows a tally may have: the form's own maximum, enforced when it is read. */
export const MAX_TALLY_LINES = 200
/** The name of a tally form's stock-length buttons without JS (app/.server/cart/tally.ts applies them). */
export const TALLY_PICK = 'pick'

/** A typed length in metres; anything that is not a positive number counts as none (0). */
export function parseTallyLength(value: unknown) {
	const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN)
	return Number.isFinite(n) && n > 0 ? n : 0
}

/** Tally quantities are coerced to whole non-negative numbers: negatives and non-numbers become 0. */
export function coerceTallyQty(value: unknown) {
	return Math.floor(parseTallyLength(value))
}

/** Total metres of a tally: sum of length × qty, rounded to millimetres. */
export function tallyTotal(lines: Array<{ length: number; qty: number }>) {
	const total = lines.reduce(
		(sum, l) => sum + (l.length > 0 && l.qty > 0 ? l.length * l.qty : 0),
		0,
	)
	return Math.round(total * 1000) / 1000
}

/** Made on first use: browsers load this module but never sort, and Intl is slow to start there. */
let naturalCollator: Intl.Collator | undefined

/** Text compared as people read sizes: numbers by value, so 45x45 comes before 120x35. */
export function compareNatural(a: string, b: string) {
	naturalCollator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
	return naturalCollator.compare(a, b)
}

/** Products in name order (numbers by value), then by SKU. */
export function byProductName(
	a: { productShortDesc: string; productID: string },
	b: { productShortDesc: string; productID: string },
) {
	return (
		compareNatural(a.productShortDesc, b.productShortDesc) ||
		compareNatural(a.productID, b.productID)
	)
}

/** The id of a product's card in a list: the fragment that brings a page loaded anew back to it. */
export const productAnchor = (productID: string) => `product-${productID}`

/** The words of a catalogue search: each must occur in the SKU or a description (any case). */
export function searchWords(term: string) {
	return term.toLowerCase().split(/\s+/).filter(Boolean)
}

/**
 * Products in the order a search should list them: those whose name has more of the typed words
 * as whole words first ('90x45 pine' puts 90x45 before 190x45, where '90x45' is only part of a
 * size), then in name order. Without words, name order.
 */
export function inSearchOrder<P extends { productShortDesc: string; productID: string }>(
	products: readonly P[],
	term: string,
): P[] {
	const words = searchWords(term)
	if (!words.length) return products.toSorted(byProductName)
	const wholeWords = (name: string) => {
		// Sizes keep their 'x' and decimal point: '90x45', '2.4m' are one word each.
		const tokens = new Set(name.toLowerCase().split(/[^\p{L}\p{N}.]+/u))
		return words.filter((w) => tokens.has(w)).length
	}
	return products
		.map((product) => ({ product, rank: wholeWords(product.productShortDesc) }))
		.sort((a, b) => b.rank - a.rank || byProductName(a.product, b.product))
		.map((r) => r.product)
}

const UNIT_WORDS: Record<string, string> = {
	EA: 'each',
	M: 'per metre',
	LM: 'per metre',
	LEN: 'per length',
	BAG: 'per bag',
	BOX: 'per box',
	PK: 'per pack',
	PR: 'per pair',
	ROLL: 'per roll',
	SHT: 'per sheet',
	TIN: 'per tin',
}

/** What a price is for, from its unit of measure: 'each', 'per metre'; others 'per {unit}'. */
export function unitLabel(uom: string | null | undefined) {
	const code = (uom ?? '').trim()
	if (!code) return ''
	return UNIT_WORDS[code.toUpperCase()] ?? `per ${code.toLowerCase()}`
}

/** What shows instead of a price of 0 or less (they are hidden): the product has no price. */
export const NO_PRICE = 'Price on request'

/** A tally row as typed: strings from the form (or numbers), possibly missing. */
export type TallyRowInput = { length?: unknown; qty?: unknown } | undefined

/**
 * The running totals of a tally as typed: pieces and metres of the rows that count (a length
 * above 0 and a quantity above 0, as the presenter keeps them), and their price at `unitPrice`
 * per metre, rounded as the cart will round the line (null when there is no price to show).
 */
export function tallyTotals(rows: TallyRowInput[] | undefined, unitPrice: Cents | null) {
	const counted = (rows ?? [])
		.map((r) => ({ length: parseTallyLength(r?.length), qty: coerceTallyQty(r?.qty) }))
		.filter((r) => r.length > 0 && r.qty > 0)
	const metres = tallyTotal(counted)
	return {
		pieces: counted.reduce((sum, r) => sum + r.qty, 0),
		metres,
		price: unitPrice === null ? null : timesQuantity(unitPrice, metres),
	}
}
