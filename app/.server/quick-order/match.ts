import { distance } from 'fastest-levenshtein'
import pLimit from 'p-limit'
import { LINE_CONCURRENCY, type NewCartLine } from '../cart/add-lines.ts'
import { type Product } from '../presenter/contract/catalogue.ts'
import { timesQuantity, type Cents } from '#app/utils/money.ts'
import { stockLabel, tallyTotal } from '#app/utils/product.ts'
import { type ParsedLine, type QuickOrderRequest } from './parse.ts'

/** How many close matches an unknown SKU offers. */
const SUGGESTIONS = 3
/**
 * How many unknown SKUs of one order get close matches, in the order typed. Each costs two
 * searches and an edit distance to every product found; beyond these an unknown SKU costs one
 * lookup, as a known one does, so a paste of junk costs no more than a real order.
 */
export const SUGGESTED_SKUS = 10
/** The most search results an unknown SKU is compared with (the searches' first ones). */
const CANDIDATES = 200

/** What the quick order needs from the presenter (the catalogue, for this customer's prices). */
export type QuickOrderLookup = {
	/** The product with this SKU, or null when there is none. */
	product(sku: string): Promise<Product | null>
	/** A tally product's stock lengths in metres. */
	lengths(sku: string): Promise<number[]>
	/** Products whose SKU or description contains the words. */
	search(term: string): Promise<Product[]>
}

export type Suggestion = { productID: string; description: string }

/** A line ready for the cart: what it is, what it costs. */
export type MatchedLine = {
	line: number
	text: string
	status: 'ok'
	productID: string
	description: string
	uom: string
	request: QuickOrderRequest
	/** Pieces, or for a tally product its total metres. */
	quantity: number
	price: Cents
	extended: Cents
	stock: string
}
/** A line that cannot go into the cart, and why. */
export type ProblemLine = {
	line: number
	text: string
	status: 'problem'
	message: string
	suggestions: Suggestion[]
}
export type QuickOrderLine = MatchedLine | ProblemLine

type Found = { product: Product; lengths: number[] } | { product: null; suggestions: Suggestion[] }

const sameLength = (a: number, b: number) => Math.abs(a - b) < 1e-6
const metres = (lengths: number[]) => lengths.map((l) => l.toFixed(1)).join(', ')

/**
 * Up to 3 products closest to an unknown SKU: the fewest edits from it to their SKU first, so a
 * mistyped SKU finds the intended one; a description word finds products that mention it.
 */
export function closeMatches(sku: string, candidates: Product[]): Suggestion[] {
	const unique = new Map(candidates.map((p) => [p.productID, p]))
	return [...unique.values()]
		.slice(0, CANDIDATES)
		.map((p) => ({ p, score: distance(sku, p.productID.toUpperCase()) }))
		.sort((a, b) => a.score - b.score || a.p.productID.localeCompare(b.p.productID))
		.slice(0, SUGGESTIONS)
		.map(({ p }) => ({ productID: p.productID, description: p.productShortDesc }))
}

/** The searches that find an unknown SKU's neighbours: the text itself, and its stem. */
export function suggestionTerms(sku: string) {
	const stem = sku.slice(0, Math.max(3, sku.length - 3))
	return [...new Set([sku, stem])].map((t) => t.toLowerCase())
}

/** One line's outcome, given what the presenter knows about its SKU. */
export function matchLine(parsed: ParsedLine, found: Found | undefined): QuickOrderLine {
	const { line, text } = parsed
	const problem = (message: string, suggestions: Suggestion[] = []): ProblemLine => ({
		line,
		text,
		status: 'problem',
		message,
		suggestions,
	})
	if (parsed.error !== undefined) return problem(parsed.error)
	if (!found?.product) return problem(`Unknown SKU ${parsed.sku}`, found?.suggestions ?? [])
	const { product, lengths } = found
	const request = parsed.request
	if (product.customerPrice <= 0) {
		return problem(`${product.productShortDesc} has no price: ask us for a quote`)
	}
	let quantity: number
	if (product.isTally) {
		if (request.kind === 'qty') {
			return problem(
				`${product.productShortDesc} is sold by length: enter lengths such as ${parsed.sku} ${lengths[0] ?? 4.8}x${request.qty} (stock lengths ${metres(lengths)} m)`,
			)
		}
		const wrong = request.tally.find((t) => !lengths.some((l) => sameLength(l, t.length)))
		if (wrong) {
			return problem(
				`${wrong.length} m is not a stock length of ${product.productShortDesc}: use ${metres(lengths)} m`,
			)
		}
		quantity = tallyTotal(request.tally)
	} else {
		if (request.kind === 'tally') {
			return problem(`${product.productShortDesc} is not sold by length: enter a quantity`)
		}
		quantity = request.qty
	}
	return {
		line,
		text,
		status: 'ok',
		productID: product.productID,
		description: product.productShortDesc,
		uom: product.UOMList[0]!.UOM,
		request,
		quantity,
		price: product.customerPrice,
		extended: timesQuantity(product.customerPrice, quantity),
		stock: stockLabel(product.stockStatus),
	}
}

/**
 * Checks a parsed quick order against the catalogue: each distinct SKU is looked up once (with its
 * stock lengths), all in parallel but at most LINE_CONCURRENCY presenter calls at a time, never
 * one line after another; then the first SUGGESTED_SKUS unknown ones get their close matches.
 */
export async function matchQuickOrder(
	lookup: QuickOrderLookup,
	parsed: ParsedLine[],
): Promise<QuickOrderLine[]> {
	const limit = pLimit(LINE_CONCURRENCY)
	const skus = [...new Set(parsed.filter((p) => !p.error).map((p) => p.sku))]
	const found = new Map<string, Found>()
	await Promise.all(
		skus.map(async (sku) => {
			const product = await limit(() => lookup.product(sku))
			if (!product) return
			const lengths = product.isTally ? await limit(() => lookup.lengths(sku)) : []
			found.set(sku, { product, lengths })
		}),
	)
	const unknown = skus.filter((sku) => !found.has(sku)).slice(0, SUGGESTED_SKUS)
	await Promise.all(
		unknown.map(async (sku) => {
			const results = await Promise.all(
				suggestionTerms(sku).map((term) => limit(() => lookup.search(term))),
			)
			found.set(sku, { product: null, suggestions: closeMatches(sku, results.flat()) })
		}),
	)
	return parsed.map((p) => matchLine(p, found.get(p.sku)))
}

/** The cart line a matched line adds. */
export function cartLineOf(line: MatchedLine): NewCartLine {
	const { productID, uom, quantity, request } = line
	return request.kind === 'tally'
		? { productID, uom, quantity, tally: request.tally }
		: { productID, uom, quantity }
}
