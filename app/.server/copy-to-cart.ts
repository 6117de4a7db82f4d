import { type Flash } from './flash.ts'
import { type CartLine } from './presenter/contract/cart.ts'
import { type Presenter } from './presenter/index.ts'
import { displayFormat } from './format.ts'
import { type Currency, type Locale } from '#app/utils/format.ts'
import { minus, type Cents } from '#app/utils/money.ts'

export type CopiedLine = { productID: string; productDesc: string; unitPrice: Cents }
export type PriceChange = { productDesc: string; was: Cents; now: Cents }

/**
 * Which copied lines the cart prices differently from the original: each original line is
 * matched, in order, with the first unmatched added cart line of the same product.
 */
export function priceChanges(
	originals: CopiedLine[],
	added: CartLine[],
	priceOf: (line: CartLine) => Cents,
): PriceChange[] {
	const unmatched = [...added]
	return originals.flatMap((original) => {
		const index = unmatched.findIndex((l) => l.productID === original.productID)
		if (index < 0) return []
		const [line] = unmatched.splice(index, 1)
		const now = priceOf(line!)
		return now === original.unitPrice
			? []
			: [{ productDesc: original.productDesc, was: original.unitPrice, now }]
	})
}

/**
 * Copy to Cart at today's prices (a transaction or a list): runs `copy`, then compares the lines
 * it added to the cart with the originals. `exGst` when the originals' prices exclude GST (a
 * transaction's lines) while the cart's may include it.
 */
export async function copyAndCompare(
	presenter: Presenter,
	cartSessionId: string,
	originals: CopiedLine[],
	copy: () => Promise<string>,
	options: { exGst: boolean; taxInclusive: boolean },
) {
	const before = new Set((await presenter.cart.get(cartSessionId)).map((l) => l.lineID))
	const message = await copy()
	const added = (await presenter.cart.get(cartSessionId)).filter((l) => !before.has(l.lineID))
	const priceOf = (l: CartLine) =>
		options.exGst && options.taxInclusive ? minus(l.unitPrice, l.unitGST) : l.unitPrice
	return { message, changes: priceChanges(originals, added, priceOf) }
}

/** The most changed lines a notice names; the rest are counted. */
const MAX_NAMED = 10

/**
 * The notice after a copy: the presenter's message, which prices changed (old → new) or that
 * none did, and a link to the cart.
 */
export function copiedNotice(
	{ message, changes }: Awaited<ReturnType<typeof copyAndCompare>>,
	format: { locale: Locale; currency: Currency },
): Flash {
	const { money } = displayFormat(format)
	const named = changes
		.slice(0, MAX_NAMED)
		.map((c) => `${c.productDesc}: ${money(c.was)} → ${money(c.now)}`)
	const more = changes.length - named.length
	const said = message.replace(/\.$/, '')
	return {
		type: 'success',
		message: changes.length
			? `${said}. Copied at today's prices; these have changed:`
			: `${said}. Prices are unchanged.`,
		details: more > 0 ? [...named, `and ${more} more`] : named,
		link: { href: '/cart', label: 'Review Cart' },
	}
}
