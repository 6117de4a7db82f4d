/**
 * The ERP's catalogue search: which products a search finds and the order it lists them in. The
 * portal sorts what it is sent the same way (it does not rely on a presenter's order), but with its
 * own code: the sandbox stands in for the supplier's system and shares nothing with the portal
 * except the presenter contract.
 */

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

type Named = { productShortDesc: string; productID: string }

/** Products in name order, sizes by value (45x45 before 120x35), then by SKU. */
function byName(a: Named, b: Named) {
	return (
		collator.compare(a.productShortDesc, b.productShortDesc) ||
		collator.compare(a.productID, b.productID)
	)
}

/** The words of a search: each must occur in the SKU or a description (any case). */
export function searchWords(term: string) {
	return term.toLowerCase().split(/\s+/).filter(Boolean)
}

/**
 * Products as a search lists them: names holding more of the words as whole words first (90x45
 * before 190x45, where '90x45' is only part of a size), then in name order. Without words, name
 * order.
 */
export function inSearchOrder<P extends Named>(products: readonly P[], term: string): P[] {
	const words = searchWords(term)
	if (!words.length) return products.toSorted(byName)
	const wholeWords = (name: string) => {
		// Sizes keep their 'x' and decimal point: '90x45', '2.4m' are one word each.
		const tokens = new Set(name.toLowerCase().split(/[^\p{L}\p{N}.]+/u))
		return words.filter((w) => tokens.has(w)).length
	}
	return products
		.map((product) => ({ product, rank: wholeWords(product.productShortDesc) }))
		.sort((a, b) => b.rank - a.rank || byName(a.product, b.product))
		.map((r) => r.product)
}
