import Papa from 'papaparse'
import { type TallyLine } from '../presenter/contract/cart.ts'

/** The most lines one quick order checks (the form's own maximum). */
export const MAX_QUICK_ORDER_LINES = 500
/** The most pieces one line or tally length may ask for. */
const MAX_QTY = 100_000
/** The longest SKU the portal looks up. */
const MAX_SKU = 40
/** The longest stock length the portal takes, in metres. */
const MAX_LENGTH = 100

/** What one line asks for: a quantity, or for a tally product its lengths. */
export type QuickOrderRequest = { kind: 'qty'; qty: number } | { kind: 'tally'; tally: TallyLine[] }

/** One line of a quick order as typed: what it asks for, or why it cannot be read. */
export type ParsedLine = { line: number; text: string; sku: string } & (
	{ request: QuickOrderRequest; error?: undefined } | { request?: undefined; error: string }
)

const WHOLE = /^\d+$/
const LENGTH = /^\d+(?:\.\d{1,3})?$/
/** `4.8x20`, `4.8X20`, `4.8*20`, `4.8×20`: length × pieces. */
const LENGTH_BY_QTY = /^([^x*×@]+)[x*×]([^x*×@]+)$/i
/** `20@4.8`: pieces at a length. */
const QTY_AT_LENGTH = /^([^x*×@]+)@([^x*×@]+)$/

const QTY_ERROR = 'Enter a quantity that is a positive whole number'

function pieces(text: string) {
	if (!WHOLE.test(text)) return null
	const qty = Number(text)
	return qty >= 1 && qty <= MAX_QTY ? qty : null
}

function metres(text: string) {
	if (!LENGTH.test(text)) return null
	const length = Number(text)
	return length > 0 && length <= MAX_LENGTH ? length : null
}

/** One `length×qty` or `qty@length` value, or the reason it is not one. */
function tallyValue(token: string): TallyLine | string {
	const byQty = LENGTH_BY_QTY.exec(token)
	const atLength = QTY_AT_LENGTH.exec(token)
	const [lengthText, qtyText] = byQty ? [byQty[1]!, byQty[2]!] : [atLength![2]!, atLength![1]!]
	const length = metres(lengthText)
	if (length === null) return `Enter a length in metres such as 4.8, not '${lengthText}'`
	const qty = pieces(qtyText)
	if (qty === null) return `${QTY_ERROR}, not '${qtyText}'`
	return { length, qty }
}

/** Sums the pieces of repeated lengths, keeping the order they first appear in. */
function mergeLengths(tally: TallyLine[]) {
	const merged = new Map<number, number>()
	for (const t of tally) merged.set(t.length, (merged.get(t.length) ?? 0) + t.qty)
	return [...merged].map(([length, qty]) => ({ length, qty }))
}

/**
 * Reads what follows the SKU: one quantity (`20`), or lengths (`4.8x20 6.0x10`, `4.8*20`,
 * `20 @ 4.8`) separated by spaces, tabs or commas.
 */
function parseRequest(rest: string): QuickOrderRequest | string {
	// A comma between digits is a decimal comma (4,8) or lengths run together (20,6): say which is meant.
	if (/\d,\d/.test(rest)) {
		return 'Write decimals with a point (4.8, not 4,8) and put a space after each comma'
	}
	const tokens = rest
		.replace(/\s*([x*×@])\s*/gi, '$1')
		.split(/[\s,;]+/)
		.filter(Boolean)
	if (!tokens.length) return 'Enter a quantity after the SKU'
	const tallyTokens = tokens.filter((t) => LENGTH_BY_QTY.test(t) || QTY_AT_LENGTH.test(t))
	if (!tallyTokens.length) {
		if (tokens.length > 1) return `Enter one quantity, not '${tokens.join(' ')}'`
		const qty = pieces(tokens[0]!)
		return qty === null ? `${QTY_ERROR}, not '${tokens[0]}'` : { kind: 'qty', qty }
	}
	const stray = tokens.find((t) => !tallyTokens.includes(t))
	if (stray) return `Enter lengths as length x pieces (4.8x20), not '${stray}'`
	const tally: TallyLine[] = []
	for (const token of tallyTokens) {
		const value = tallyValue(token)
		if (typeof value === 'string') return value
		tally.push(value)
	}
	return { kind: 'tally', tally: mergeLengths(tally) }
}

/**
 * Reads a pasted quick order: one product a line, its SKU first, then a quantity or its lengths.
 * Blank lines are skipped; SKUs are matched in upper case. Every line gets either what it asks
 * for or a message saying what is wrong with it.
 */
export function parseQuickOrder(text: string): ParsedLine[] {
	const parsed: ParsedLine[] = []
	text.split(/\r?\n/).forEach((raw, index) => {
		const trimmed = raw.trim()
		if (!trimmed) return
		const [, skuText = '', rest = ''] = /^([^\s,;]+)[\s,;]*(.*)$/.exec(trimmed) ?? []
		const sku = skuText.toUpperCase()
		const line = index + 1
		const request =
			sku.length > MAX_SKU ? `'${sku.slice(0, 20)}…' is too long for a SKU` : parseRequest(rest)
		parsed.push(
			typeof request === 'string'
				? { line, text: trimmed, sku, error: request }
				: { line, text: trimmed, sku, request },
		)
	})
	return parsed
}

/** A line's request written back in the quick order syntax (`SKU 20`, `SKU 4.8x20 6x10`). */
export function formatLine(sku: string, request: QuickOrderRequest) {
	return request.kind === 'qty'
		? `${sku} ${request.qty}`
		: `${sku} ${request.tally.map((t) => `${t.length}x${t.qty}`).join(' ')}`
}

const HEADER = /^(sku|product|product ?id|product ?code|code|item)$/i

/**
 * A CSV of SKU, Qty and an optional Length (a header row is optional) as quick order text: one
 * line a row, except that consecutive rows of one SKU with lengths make one tally line. Cells are
 * written as they are, so the line parser judges them.
 */
export function csvToQuickOrder(csv: string): string {
	const { data } = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
	const rows = data.map((row) => row.map((cell) => cell.trim()))
	if (rows[0] && HEADER.test(rows[0][0] ?? '')) rows.shift()
	const lines: Array<{ sku: string; values: string[]; tally: boolean }> = []
	for (const [sku = '', qty = '', length = ''] of rows) {
		const last = lines.at(-1)
		if (length && last?.tally && last.sku.toUpperCase() === sku.toUpperCase()) {
			last.values.push(`${length}x${qty}`)
		} else {
			lines.push({ sku, values: [length ? `${length}x${qty}` : qty], tally: Boolean(length) })
		}
	}
	return lines.map((l) => [l.sku, ...l.values].filter(Boolean).join(' ')).join('\n')
}
