import pLimit from 'p-limit'
import { addCartLines, LINE_CONCURRENCY, type NewCartLine } from './add-lines.ts'
import { type DisplayFormat } from '../display/format.ts'
import { type Cents } from '#app/utils/money.ts'
import { type TallyLine } from '../presenter/contract/cart.ts'
import { type Product } from '../presenter/contract/catalogue.ts'
import { type TransactionLine } from '../presenter/contract/transactions.ts'
import { type Presenter } from '../presenter/index.ts'
import { type PortalSession } from '../request/session.ts'

/** Delivery charges are the original delivery's: a reorder never copies them. */
export const isDeliveryCharge = (line: Pick<TransactionLine, 'productCode'>) =>
	line.productCode.toUpperCase().startsWith('DEL-')

/** Metres in whole centimetres, so stock lengths add up exactly. */
const centimetres = (metres: number) => Math.round(metres * 100)

/**
 * A tally product's metres as one stock length: the longest whose whole pieces make them up
 * exactly; null when none does (the transaction keeps only the metres, not the lengths).
 */
export function tallyFromMetres(lengths: number[], metres: number) {
	for (const length of [...lengths].sort((a, b) => b - a)) {
		const qty = Math.round(metres / length)
		if (qty >= 1 && Math.abs(qty * length - metres) < 1e-6) return [{ length, qty }]
	}
	return null
}

/** Above this the split below is not worked out (one array entry a centimetre). */
const MAX_SPLIT_METRES = 2000

/**
 * Stock lengths for metres no one stock length makes up, for the customer to confirm: the fewest
 * pieces that make them up exactly, or else the fewest that cover them with the least over.
 * Longest first. (A count of pieces a centimetre, up to the metres plus the longest length.)
 */
export function proposedTally(lengths: number[], metres: number): TallyLine[] {
	const sizes = [...new Set(lengths.map(centimetres))].filter((n) => n > 0).sort((a, b) => b - a)
	const target = centimetres(metres)
	if (!sizes.length || target <= 0) return []
	if (metres > MAX_SPLIT_METRES) {
		// The stock length whose whole pieces go least over.
		const [size] = [...sizes].sort(
			(a, b) => Math.ceil(target / a) * a - Math.ceil(target / b) * b || b - a,
		)
		return [{ length: size! / 100, qty: Math.ceil(target / size!) }]
	}
	const limit = target + sizes[0]!
	const pieces = new Int32Array(limit + 1).fill(-1)
	const last = new Int32Array(limit + 1)
	pieces[0] = 0
	for (let t = 1; t <= limit; t++) {
		for (const size of sizes) {
			const before = t - size
			if (before < 0 || pieces[before]! < 0) continue
			if (pieces[t]! < 0 || pieces[before]! + 1 < pieces[t]!) {
				pieces[t] = pieces[before]! + 1
				last[t] = size
			}
		}
	}
	let t = target
	while (pieces[t]! < 0) t++
	const counts = new Map<number, number>()
	for (; t > 0; t -= last[t]!) counts.set(last[t]!, (counts.get(last[t]!) ?? 0) + 1)
	return [...counts].sort(([a], [b]) => b - a).map(([size, qty]) => ({ length: size / 100, qty }))
}

/** Something the portal changed in a line it reordered, said beside the line. */
export type LineChange =
	| { kind: 'lengths'; tally: TallyLine[]; metres: number; uom: string }
	| { kind: 'uom'; was: string; now: string }
	| { kind: 'price'; was: Cents; now: Cents }

/**
 * What a reorder did with one line of the transaction, shown beside it: added (with what the
 * portal changed), failed, or a tally product whose lengths the customer is to confirm.
 */
export type ReorderOutcome =
	| { lineNum: number; status: 'added'; changes: LineChange[] }
	/** `quantity`: what was asked, shown again in the line's field to change and try again. */
	| { lineNum: number; status: 'failed'; message: string; quantity: number }
	| {
			lineNum: number
			status: 'lengths'
			productID: string
			uom: string
			metres: number
			/** The customer's price a metre now; the tally's running total uses it. */
			price: Cents
			stockLengths: number[]
			proposed: TallyLine[]
			changes: LineChange[]
	  }

type Looked = { product: Product | null; lengths: number[] }

/**
 * What to do with one chosen line, given the product as sold today: a cart line to add and what
 * changed, a failure, or a tally to confirm (its metres make up no one stock length).
 */
export function planLine(
	line: TransactionLine,
	quantity: number,
	{ product, lengths }: Looked,
	/** The lengths ordered, when the portal kept them (app/.server/orders/lengths.ts). */
	ordered?: TallyLine[],
):
	| { add: NewCartLine; changes: LineChange[] }
	| { outcome: Exclude<ReorderOutcome, { status: 'added' }> } {
	const failed = (message: string) => ({
		outcome: { lineNum: line.lineNum, status: 'failed' as const, message, quantity },
	})
	if (!product || product.customerPrice <= 0) return failed('no longer sold')
	const uoms = product.UOMList.map((u) => u.UOM)
	const uom = uoms.includes(line.unitOfMeasure) ? line.unitOfMeasure : uoms[0]
	if (!uom) return failed('no longer sold')
	const changes: LineChange[] = []
	if (uom !== line.unitOfMeasure) changes.push({ kind: 'uom', was: line.unitOfMeasure, now: uom })
	if (product.customerPrice !== line.unitPrice) {
		changes.push({ kind: 'price', was: line.unitPrice, now: product.customerPrice })
	}
	const add = { productID: product.productID, uom, quantity }
	if (!product.isTally) {
		if (!Number.isInteger(quantity)) return failed('enter a whole number')
		return { add, changes }
	}
	// The same metres as ordered: the lengths ordered, as they were cut.
	const asOrdered =
		ordered && Math.abs(ordered.reduce((sum, t) => sum + t.length * t.qty, 0) - quantity) < 0.001
			? ordered
			: null
	const tally = asOrdered ?? tallyFromMetres(lengths, quantity)
	if (tally) {
		return {
			add: { ...add, tally },
			changes: [{ kind: 'lengths', tally, metres: quantity, uom }, ...changes],
		}
	}
	return {
		outcome: {
			lineNum: line.lineNum,
			status: 'lengths',
			productID: product.productID,
			uom,
			metres: quantity,
			price: product.customerPrice,
			stockLengths: lengths,
			proposed: proposedTally(lengths, quantity),
			changes,
		},
	}
}

export type PriceChange = { productCode: string; productDesc: string; was: Cents; now: Cents }

/**
 * Adds chosen lines of a past transaction to the cart at today's prices, with their (possibly
 * changed) quantities: delivery charges left out, each product looked up once, at most
 * LINE_CONCURRENCY calls at a time. Says what became of each line and which prices changed.
 */
export async function reorderLines(
	presenter: Presenter,
	cartSessionId: string,
	chosen: Array<{ line: TransactionLine; quantity: number }>,
	/** The lengths the portal kept of the transaction's tally lines, by line number. */
	ordered = new Map<number, TallyLine[]>(),
) {
	const limit = pLimit(LINE_CONCURRENCY)
	const wanted = chosen.filter((c) => !isDeliveryCharge(c.line))
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
	const outcomes = new Map<number, ReorderOutcome>()
	const toAdd: Array<{ lineNum: number; add: NewCartLine; changes: LineChange[] }> = []
	wanted.forEach(({ line, quantity }, index) => {
		const plan = planLine(line, quantity, looked[index]!, ordered.get(line.lineNum))
		if ('outcome' in plan) outcomes.set(line.lineNum, plan.outcome)
		else toAdd.push({ lineNum: line.lineNum, ...plan })
	})
	const result = await addCartLines(
		presenter,
		cartSessionId,
		toAdd.map((a) => a.add),
	)
	toAdd.forEach(({ lineNum, add, changes }, index) => {
		const failure = result.failures.find((f) => f.index === index)
		outcomes.set(
			lineNum,
			failure
				? { lineNum, status: 'failed', message: failure.message, quantity: add.quantity }
				: { lineNum, status: 'added', changes },
		)
	})
	const byNum = new Map(wanted.map(({ line }) => [line.lineNum, line]))
	const notAdded = [...outcomes.values()].flatMap((o) =>
		o.status === 'added'
			? []
			: [
					{
						productID: byNum.get(o.lineNum)!.productCode,
						message: o.status === 'failed' ? o.message : 'confirm its lengths beside the line',
					},
				],
	)
	const priceChanges: PriceChange[] = [...outcomes.values()].flatMap((o) => {
		const line = byNum.get(o.lineNum)!
		if (o.status === 'failed') return []
		return o.changes.flatMap((c) =>
			c.kind === 'price'
				? [{ productCode: line.productCode, productDesc: line.productDesc, ...c }]
				: [],
		)
	})
	return {
		added: result.added,
		failures: notAdded,
		priceChanges,
		// In the transaction's order.
		outcomes: wanted.flatMap(({ line }) => outcomes.get(line.lineNum) ?? []),
	}
}

/** The reorder outcomes kept: those of the last few transactions reordered from. */
const KEPT_TRANSACTIONS = 10

/**
 * Keeps what a reorder did with each line for the transaction's page (`here`), replacing what an
 * earlier reorder from it left: shown beside the lines on the page after the reorder.
 */
/** The outcomes the session keeps, by transaction page: only this module writes them. */
const keptOutcomes = (session: PortalSession) =>
	(session.get('reorderOutcomes') ?? {}) as Record<string, ReorderOutcome[]>

/** The line of the last reorder from `here` that waits for its lengths, if it still does. */
export function waitingForLengths(session: PortalSession, here: string, lineNum: number) {
	const waiting = keptOutcomes(session)[here]?.find(
		(o) => o.lineNum === lineNum && o.status === 'lengths',
	)
	return waiting?.status === 'lengths' ? waiting : undefined
}

export function keepOutcomes(session: PortalSession, here: string, outcomes: ReorderOutcome[]) {
	const { [here]: _replaced, ...others } = keptOutcomes(session)
	const kept = Object.entries(others).slice(-(KEPT_TRANSACTIONS - 1))
	session.set('reorderOutcomes', Object.fromEntries([...kept, [here, outcomes]]))
}

/**
 * The outcomes to show on a transaction's page. A line added is said once (the page after the
 * reorder); a failure, or a tally to confirm, stays beside its line until the customer dismisses
 * it, adds it, or reorders again.
 */
export function shownOutcomes(session: PortalSession, here: string) {
	const all = keptOutcomes(session)
	const outcomes = all[here]
	if (!outcomes) return []
	const staying = outcomes.filter((o) => o.status !== 'added')
	if (staying.length !== outcomes.length) changeOutcomes(session, here, () => staying)
	return outcomes
}

/** A change as the page says it: a price change in money. */
export type ShownChange =
	Exclude<LineChange, { kind: 'price' }> | { kind: 'price'; was: string; now: string }
type WithShownChanges<O> = O extends { changes: LineChange[] }
	? Omit<O, 'changes'> & { changes: ShownChange[] }
	: O
export type ShownOutcome = WithShownChanges<ReorderOutcome>

/** The outcomes with their price changes written as money, for the page. */
export function outcomesInMoney(
	outcomes: ReorderOutcome[],
	money: DisplayFormat['money'],
): ShownOutcome[] {
	return outcomes.map((o) =>
		o.status === 'failed'
			? o
			: {
					...o,
					changes: o.changes.map((c) =>
						c.kind === 'price' ? { kind: c.kind, was: money(c.was), now: money(c.now) } : c,
					),
				},
	)
}

/** Changes a transaction's outcomes (one line dismissed, a tally added). */
export function changeOutcomes(
	session: PortalSession,
	here: string,
	change: (outcomes: ReorderOutcome[]) => ReorderOutcome[],
) {
	const { [here]: outcomes, ...others } = keptOutcomes(session)
	const changed = change(outcomes ?? [])
	session.set('reorderOutcomes', changed.length ? { ...others, [here]: changed } : others)
}
