import { type Flash } from '../request/flash.ts'
import { type CartLine, type TallyLine } from '../presenter/contract/cart.ts'
import { LOCKS, withLock } from '../store/locks.ts'
import { type Presenter } from '../presenter/index.ts'
import { displayFormat } from '../display/format.ts'
import { type Currency, type Locale } from '#app/utils/format.ts'
import { cartTotals, minus, sumCents, ZERO, type Cents } from '#app/utils/money.ts'

/**
 * A line copied to the cart as it was: its price, and for a transaction's line its quantity, unit
 * and extended price ex GST, with the lengths when they were kept (a tally line).
 */
export type CopiedLine = {
	productID: string
	productDesc: string
	unitPrice: Cents
	quantity?: number
	uom?: string
	linePrice?: Cents
	tally?: TallyLine[]
}
export type PriceChange = { productDesc: string; was: Cents; now: Cents }
/** A tally line whose lengths the copy chose (the original kept only its metres, or others). */
export type LengthsChosen = { productDesc: string; metres: number; uom: string; tally: TallyLine[] }
/** The copied lines' total in the cart beside the original's, on one basis (inc or ex GST). */
export type TotalsCompared = {
	cart: Cents
	original: Cents
	basis: 'inc' | 'ex'
	/** The original had a delivery charge, which is never copied. */
	deliveryLeftOut: boolean
}

/**
 * Pairs each original line with the cart line it became: in order, the first unmatched added cart
 * line of the same product. Originals the copy left out have no line.
 */
export function matchCopied<O extends Pick<CopiedLine, 'productID'>>(
	originals: O[],
	added: CartLine[],
) {
	const unmatched = [...added]
	return originals.map((original) => {
		const index = unmatched.findIndex((l) => l.productID === original.productID)
		return { original, line: index < 0 ? undefined : unmatched.splice(index, 1)[0] }
	})
}

/** Which copied lines the cart prices differently from the original. */
export function priceChanges(
	originals: CopiedLine[],
	added: CartLine[],
	priceOf: (line: CartLine) => Cents,
): PriceChange[] {
	return matchCopied(originals, added).flatMap(({ original, line }) => {
		if (!line) return []
		const now = priceOf(line)
		return now === original.unitPrice
			? []
			: [{ productDesc: original.productDesc, was: original.unitPrice, now }]
	})
}

const sameLengths = (a: TallyLine[], b: TallyLine[]) => {
	const key = (t: TallyLine[]) =>
		t
			.map((l) => `${Math.round(l.length * 1000)}×${l.qty}`)
			.sort()
			.join(' ')
	return key(a) === key(b)
}

/**
 * A copied tally line whose original's lengths are known (the portal kept them when it placed the
 * order) gets those lengths back, when its metres are the same: the copy only knows the metres.
 * True when a line was changed.
 */
async function keepOriginalLengths(
	presenter: Presenter,
	cartSessionId: string,
	originals: CopiedLine[],
	added: CartLine[],
) {
	const metres = (tally: TallyLine[]) => tally.reduce((sum, t) => sum + t.length * t.qty, 0)
	const fixes = matchCopied(originals, added).flatMap(({ original, line }) =>
		original.tally?.length &&
		line?.tallyLines.length &&
		!sameLengths(original.tally, line.tallyLines) &&
		Math.abs(metres(original.tally) - line.prodQty) < 0.001
			? [{ line, tally: original.tally }]
			: [],
	)
	// Each line is its own update: sent together.
	await Promise.all(
		fixes.map(({ line, tally }) =>
			presenter.cart.updateTally(cartSessionId, { lineID: line.lineID, uom: line.UOM, tally }),
		),
	)
	return fixes.length > 0
}

/** The tally lines whose lengths the copy chose: all but those that got the original's own. */
export function lengthsChosen(originals: CopiedLine[], added: CartLine[]): LengthsChosen[] {
	return matchCopied(originals, added).flatMap(({ original, line }) => {
		if (!line?.tallyLines.length) return []
		if (original.tally?.length && sameLengths(original.tally, line.tallyLines)) return []
		return [
			{
				productDesc: original.productDesc,
				metres: original.quantity ?? line.prodQty,
				uom: original.uom ?? line.UOM,
				tally: [...line.tallyLines].sort((a, b) => b.length - a.length),
			},
		]
	})
}

/**
 * A transaction copied: its total inc GST and whether it had delivery charges (the copy leaves
 * them out).
 */
export type CopiedTransaction = { totalIncGst: Cents; hasDeliveryCharge: boolean }

/**
 * The copied lines' total in the cart beside the transaction's. When every line came across, the
 * totals inc GST (what each page shows as its total); otherwise (a delivery charge, a line the copy
 * left out) the copied lines ex GST.
 */
export function compareTotals(
	originals: CopiedLine[],
	added: CartLine[],
	transaction: CopiedTransaction,
	taxInclusive: boolean,
): TotalsCompared {
	const pairs = matchCopied(originals, added)
	const cart = cartTotals(added, taxInclusive)
	const whole = !transaction.hasDeliveryCharge && pairs.every((p) => p.line)
	if (whole)
		return {
			cart: cart.total,
			original: transaction.totalIncGst,
			basis: 'inc',
			deliveryLeftOut: false,
		}
	const original = sumCents(pairs.map((p) => (p.line ? (p.original.linePrice ?? ZERO) : ZERO)))
	return {
		cart: cart.subtotal,
		original,
		basis: 'ex',
		deliveryLeftOut: transaction.hasDeliveryCharge,
	}
}

/**
 * Copy to Cart at today's prices (a transaction or a list): runs `copy`, then compares the lines
 * it added to the cart with the originals. `exGst` when the originals' prices exclude GST (a
 * transaction's lines) while the cart's may include it. With `transaction`, also what the copy
 * did with tally lines and the totals.
 */
export async function copyAndCompare(
	presenter: Presenter,
	cartSessionId: string,
	originals: CopiedLine[],
	copy: () => Promise<string>,
	options: { exGst: boolean; taxInclusive: boolean; transaction?: CopiedTransaction },
) {
	const before = new Set((await presenter.cart.get(cartSessionId)).map((l) => l.lineID))
	const read = async () =>
		(await presenter.cart.get(cartSessionId)).filter((l) => !before.has(l.lineID))
	// The copy and the lengths it is given back, under the cart's lock: one change of the cart.
	const { message, added } = await withLock(LOCKS.cart(cartSessionId), async () => {
		const message = await copy()
		const added = await read()
		const kept = await keepOriginalLengths(presenter, cartSessionId, originals, added)
		return { message, added: kept ? await read() : added }
	})
	const priceOf = (l: CartLine) =>
		options.exGst && options.taxInclusive ? minus(l.unitPrice, l.unitGST) : l.unitPrice
	const { transaction } = options
	return {
		message,
		changes: priceChanges(originals, added, priceOf),
		lengths: transaction ? lengthsChosen(originals, added) : [],
		totals: transaction
			? compareTotals(originals, added, transaction, options.taxInclusive)
			: undefined,
	}
}

/** The most changed lines a notice names; the rest are counted. */
const MAX_NAMED = 10

/** A tally's lengths in words: '5.40 m × 8, 2.40 m × 1'. */
const lengthsText = (tally: TallyLine[]) =>
	tally.map((t) => `${t.length.toFixed(2)} m × ${t.qty}`).join(', ')

/** The totals compared, in a sentence. */
function totalsText(t: TotalsCompared, kind: string, money: (n: Cents) => string) {
	const basis = t.basis === 'inc' ? 'inc GST' : 'ex GST'
	const lead = `The copied lines come to ${money(t.cart)} ${basis} in the cart`
	const difference = minus(t.cart, t.original)
	const compared = difference
		? `; on the ${kind} they were ${money(t.original)} (${money(Math.abs(difference) as Cents)} ${difference < 0 ? 'less' : 'more'})`
		: `, as on the ${kind}`
	const delivery = t.deliveryLeftOut
		? `. The ${kind}'s delivery charge is not copied: checkout works it out again`
		: ''
	return `${lead}${compared}${delivery}.`
}

/**
 * The notice after a copy: the presenter's message, which prices changed (old → new) or that
 * none did, the lengths chosen for tally lines, the totals (`kind`: 'order', 'quote' or
 * 'invoice'; left out when the cart hides its totals), and a link to the cart.
 */
export function copiedNotice(
	{
		message,
		changes,
		lengths = [],
		totals,
	}: {
		message: string
		changes: PriceChange[]
		lengths?: LengthsChosen[]
		totals?: TotalsCompared
	},
	format: { locale: Locale; currency: Currency },
	options: { kind?: string; showTotals?: boolean } = {},
): Flash {
	const { money } = displayFormat(format)
	const kind = options.kind ?? 'original'
	const named = changes
		.slice(0, MAX_NAMED)
		.map((c) => `${c.productDesc}: ${money(c.was)} → ${money(c.now)}`)
	const more = changes.length - named.length
	const chosen = lengths.length
		? [
				`The ${kind} kept only the metres of ${lengths.length === 1 ? 'this line' : 'these lines'}, so the lengths were chosen; change them in the cart if they are not the ones you want:`,
				...lengths.map((l) => `${l.productDesc}: ${l.metres} ${l.uom} as ${lengthsText(l.tally)}`),
			]
		: []
	const total = totals && options.showTotals !== false ? [totalsText(totals, kind, money)] : []
	const said = message.replace(/\.$/, '')
	return {
		type: 'success',
		message: changes.length
			? `${said}. Copied at today's prices; these have changed:`
			: `${said}. Prices are unchanged.`,
		details: [...named, ...(more > 0 ? [`and ${more} more`] : []), ...chosen, ...total],
		link: { href: '/cart', label: 'Review Cart' },
	}
}
