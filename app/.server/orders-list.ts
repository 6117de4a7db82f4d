import { createCookie } from 'react-router'
import { z } from 'zod'
import { type Branch } from './presenter/contract/checkout.ts'
import { type OrderRow } from './presenter/contract/transactions.ts'
import { cookieSecure } from './session.ts'
import { formatDisplayDate, formatMoney, type Currency, type Locale } from '#app/utils/format.ts'
import { ORDER_COLUMNS, type OrderColumn } from '#app/utils/order-columns.ts'

export { ORDER_COLUMNS, type OrderColumn }
const COLUMN_KEYS = ORDER_COLUMNS.map(([key]) => key) as [OrderColumn, ...OrderColumn[]]

export const SortSchema = z.union([
	z.literal(''),
	z.templateLiteral([z.enum(COLUMN_KEYS), ':', z.enum(['asc', 'desc'])]),
])
export type Sort = z.infer<typeof SortSchema>

export type ListPrefs = { sort: Sort; columns: OrderColumn[] }
export const DEFAULT_PREFS: ListPrefs = { sort: '', columns: [...COLUMN_KEYS] }

const PrefsSchema = z.object({
	sort: SortSchema.catch(''),
	columns: z.array(z.enum(COLUMN_KEYS)).min(1).catch(DEFAULT_PREFS.columns),
})

/**
 * Sort and column choices of the list 'orders-filterList', kept per id_user in a long-lived
 * cookie (the spec's local storage per user).
 */
const prefsCookie = createCookie('orders-filterList', {
	httpOnly: true,
	sameSite: 'lax',
	path: '/',
	secure: cookieSecure,
	maxAge: 60 * 60 * 24 * 365,
})

export async function readListPrefs(request: Request, userId: number): Promise<ListPrefs> {
	const all = (await prefsCookie.parse(request.headers.get('Cookie'))) as Record<
		string,
		unknown
	> | null
	const mine = PrefsSchema.safeParse(all?.[String(userId)])
	return mine.success ? mine.data : DEFAULT_PREFS
}

export async function saveListPrefs(request: Request, userId: number, prefs: ListPrefs) {
	const all =
		((await prefsCookie.parse(request.headers.get('Cookie'))) as Record<string, unknown> | null) ??
		{}
	return prefsCookie.serialize({ ...all, [String(userId)]: prefs })
}

/**
 * The list state from the URL, over the saved preferences: tabs and search are URL-only; sort and
 * columns, when the URL has them, replace (and are saved as) the preferences. An empty column
 * choice keeps the previous one: at least one column stays visible.
 */
export function listState(params: URLSearchParams, saved: ListPrefs) {
	const type = z
		.enum(['', 'Order', 'Quote'])
		.catch('')
		.parse(params.get('type') ?? '')
	const q = (params.get('q') ?? '').trim().slice(0, 100)
	const sort = params.has('sort')
		? SortSchema.catch(saved.sort).parse(params.get('sort'))
		: saved.sort
	let columns = saved.columns
	let columnsError: string | null = null
	if (params.has('columns')) {
		const chosen = COLUMN_KEYS.filter((k) => params.getAll('cols').includes(k))
		if (chosen.length) columns = chosen
		else columnsError = 'At least one column must stay visible'
	}
	const changed = sort !== saved.sort || columns.join() !== saved.columns.join()
	return { type, q, prefs: { sort, columns }, changed, columnsError }
}

export type DisplayRow = { href: string; values: Record<OrderColumn, string>; row: OrderRow }

/** What each cell shows: formatted dates and money, branch names (falling back to the id), '-' for no job. */
export function displayRows(
	rows: OrderRow[],
	branches: Branch[],
	format: { locale: Locale; currency: Currency },
): DisplayRow[] {
	const branchName = new Map(branches.map((b) => [b.branchID, b.branchName]))
	return rows.map((row) => ({
		href: `/${row.transactionType === 'Quote' ? 'quotes' : 'orders'}/${row.transactionNumber}-${row.transactionSuffix}`,
		row,
		values: {
			transactionNumber: row.transactionSuffix
				? `${row.transactionNumber}-${row.transactionSuffix}`
				: String(row.transactionNumber),
			transactionType: row.transactionType,
			deliveryDate: formatDisplayDate(row.deliveryDate, format.locale),
			branchID: branchName.get(row.branchID) ?? String(row.branchID),
			customerOrderNumber: row.customerOrderNumber,
			shipAddress1: row.shipAddress1,
			jobName: row.jobName || '-',
			transactionAmount: formatMoney(row.transactionAmount, format.locale, format.currency),
		},
	}))
}

/** Case-insensitive search across the visible values of a row; dates match their formatted text. */
export function searchRows(rows: DisplayRow[], q: string, columns: OrderColumn[]) {
	const needle = q.trim().toLowerCase()
	if (!needle) return rows
	return rows.filter((r) => columns.some((c) => r.values[c].toLowerCase().includes(needle)))
}

/** Sorts by the field's own value (numbers, ISO dates, branch names as shown). */
export function sortRows(rows: DisplayRow[], sort: Sort) {
	if (!sort) return rows
	const [field, direction] = sort.split(':') as [OrderColumn, 'asc' | 'desc']
	const key = (r: DisplayRow): string | number => {
		if (field === 'transactionNumber')
			return r.row.transactionNumber * 1000 + r.row.transactionSuffix
		if (field === 'transactionAmount') return r.row.transactionAmount
		if (field === 'deliveryDate') return r.row.deliveryDate
		return r.values[field].toLowerCase()
	}
	const sorted = [...rows].sort((a, b) => {
		const x = key(a)
		const y = key(b)
		return x < y ? -1 : x > y ? 1 : 0
	})
	return direction === 'desc' ? sorted.reverse() : sorted
}
