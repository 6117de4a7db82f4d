import { format, subMonths } from 'date-fns'
import Papa from 'papaparse'
import { z } from 'zod'
import { oncePer } from '../request/once.ts'
import { readPreference, savePreference } from '../store/index.ts'
import { type ListSpec, type ListState } from '#app/utils/list.ts'
import { centsToDollars, storedCents } from '#app/utils/money.ts'

/**
 * The list kit's server part (docs/decisions/013-list-kit.md): state from the URL over the user's
 * saved choices, search over every field of a row, sort, paging and CSV export, all on the server.
 */

/** One row as the list shows it; the route maps presenter rows to these. */
export type ListRow<K extends string> = {
	id: string
	href?: string
	/** What each column shows: formatted dates and money, names rather than ids. */
	cells: Record<K, string>
	/**
	 * What a column sorts by where its text would sort wrongly: numbers, ISO dates. A numeric
	 * column's number is an amount in cents (the CSV writes it in dollars).
	 */
	sortKeys?: Partial<Record<K, string | number>>
	/** Text the search also matches: fields no column shows. */
	searchText?: string
}

export type ListResult<K extends string> = {
	state: ListState<K>
	/** 'At least one column must stay visible' when the picker was sent with none. */
	columnsError: string | null
	/** The rows of this page, with their visible cells only. */
	rows: Array<Pick<ListRow<K>, 'id' | 'href'> & { cells: Partial<Record<K, string>> }>
	/** Rows matching the search, and all rows. */
	matched: number
	total: number
	page: number
	pages: number
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const isoDate = z
	.string()
	.regex(ISO_DATE)
	// A real day: 2026-02-31 would roll over to March.
	.refine((d) => {
		const day = new Date(`${d}T00:00:00Z`)
		return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(d)
	})

/** The page number a URL asks for; anything else is page 1. */
const Page = z.coerce.number().int().min(1).max(100_000).catch(1)

const prefKey = (spec: ListSpec) => `${spec.name}-filterList`

/** Each list's saved-choices schema, made once (a zod schema is costly to build per request). */
const prefsSchema = oncePer((spec: ListSpec) => {
	const keys = spec.columns.map((c) => c.key) as [string, ...string[]]
	return z.object({
		sort: z.union([z.enum(keys), z.literal('')]).catch(''),
		dir: z.enum(['asc', 'desc']).catch('asc'),
		columns: z.array(z.enum(keys)).min(1).catch(keys),
	})
})

async function savedPrefs<K extends string>(spec: ListSpec<K>, username: string) {
	const Prefs = prefsSchema(spec) as unknown as z.ZodType<{
		sort: K | ''
		dir: 'asc' | 'desc'
		columns: K[]
	}>
	const saved = Prefs.safeParse((await readPreference(username, prefKey(spec))) ?? {})
	const keys = spec.columns.map((c) => c.key)
	return saved.success ? saved.data : { sort: '' as const, dir: 'asc' as const, columns: keys }
}

/**
 * Rows made from the same cached replies (the list's and the branch names) with the same settings
 * are the same: they are built once per pair of replies, not on every request (the replies are the
 * cache's objects, kept for their TTL; docs/decisions/030-page-throughput.md). Rows are read-only.
 */
const builtRows = oncePer((_list: object) =>
	oncePer((_names: object) => new Map<string, unknown>()),
)
export function rowsOnce<T>(replies: readonly [object, object], key: string, build: () => T): T {
	const [list, names] = replies
	const byKey = builtRows(list)(names)
	let rows = byKey.get(key) as T | undefined
	if (rows === undefined) byKey.set(key, (rows = build()))
	return rows
}

/**
 * The list's state from the URL over `username`'s saved sort and columns (saved as
 * `{list}-filterList` per user). Sort and columns sent in the URL replace the saved ones and are saved.
 * `choices` are filters whose values only this request knows (the customer's jobs), each with its
 * allowed values, the first the default, as the spec's own filters are.
 */
export async function readListState<K extends string>(
	spec: ListSpec<K>,
	url: URL,
	username: string,
	today = new Date(),
	choices: Readonly<Record<string, readonly string[]>> = {},
): Promise<{ state: ListState<K>; columnsError: string | null }> {
	const params = url.searchParams
	const keys = spec.columns.map((c) => c.key)
	const saved = await savedPrefs(spec, username)

	const filters = Object.fromEntries(
		Object.entries({ ...spec.filters, ...choices }).map(([name, allowed]) => {
			const value = params.get(name) ?? ''
			return [name, allowed.includes(value) ? value : (allowed[0] ?? '')]
		}),
	)
	const sortParam = params.get('sort')
	const sort =
		sortParam === null ? saved.sort : keys.includes(sortParam as K) ? (sortParam as K) : ''
	const dir = params.has('dir') ? (params.get('dir') === 'desc' ? 'desc' : 'asc') : saved.dir
	let columns = saved.columns
	let columnsError: string | null = null
	if (params.has('columns')) {
		const chosen = keys.filter((k) => params.getAll('cols').includes(k))
		if (chosen.length) columns = chosen
		else columnsError = 'At least one column must stay visible'
	}
	if (sort !== saved.sort || dir !== saved.dir || columns.join() !== saved.columns.join()) {
		await savePreference(username, prefKey(spec), { sort, dir, columns })
	}

	let dates: ListState['dates'] = null
	if (spec.dateRange) {
		const defaultFrom = format(subMonths(today, spec.dateRange.defaultFromMonths), 'yyyy-MM-dd')
		const from = params.get('from')
		const to = params.get('to') ?? ''
		dates = {
			from: from === null ? defaultFrom : isoDate.safeParse(from).success ? from : '',
			to: isoDate.safeParse(to).success ? to : '',
		}
	}
	const page = Page.parse(params.get('page') ?? 1)
	const q = (params.get('q') ?? '').trim().slice(0, 100)
	return { state: { q, sort, dir, columns, page, dates, filters }, columnsError }
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Rows matching the search (any field of the row, whatever columns show), in the chosen order. */
export function filterAndSort<K extends string>(rows: ListRow<K>[], state: ListState<K>) {
	const needle = state.q.toLowerCase()
	const matched = needle
		? rows.filter((r) =>
				[...Object.values<string>(r.cells), r.searchText ?? '']
					.join('\n')
					.toLowerCase()
					.includes(needle),
			)
		: rows
	const { sort } = state
	if (!sort) return matched
	const key = (r: ListRow<K>) => r.sortKeys?.[sort] ?? r.cells[sort]
	const sign = state.dir === 'desc' ? -1 : 1
	return [...matched].sort((a, b) => {
		const x = key(a)
		const y = key(b)
		const order =
			typeof x === 'number' && typeof y === 'number'
				? x - y
				: collator.compare(String(x), String(y))
		return sign * order
	})
}

/** Search, sort and one page of `rows` (page size from the `pagesize` setting). */
export function applyList<K extends string>(
	rows: ListRow<K>[],
	{ state, columnsError }: { state: ListState<K>; columnsError: string | null },
	pageSize: number,
): ListResult<K> {
	const sorted = filterAndSort(rows, state)
	const pages = Math.max(1, Math.ceil(sorted.length / pageSize))
	const page = Math.min(state.page, pages)
	const shown = sorted.slice((page - 1) * pageSize, page * pageSize).map((r) => ({
		id: r.id,
		href: r.href,
		cells: Object.fromEntries(state.columns.map((k) => [k, r.cells[k]])) as Partial<
			Record<K, string>
		>,
	}))
	return {
		state: { ...state, page },
		columnsError,
		rows: shown,
		matched: sorted.length,
		total: rows.length,
		page,
		pages,
	}
}

/**
 * The rows matching the list's search, in its order, as a CSV download of the visible columns
 * (amounts as plain numbers; cells that would start a spreadsheet formula are escaped).
 */
export function listCsv<K extends string>(
	spec: ListSpec<K>,
	rows: ListRow<K>[],
	state: ListState<K>,
	/** The export's day in its file name, as the customer writes dates (app/.server/display/format.ts). */
	fileDate: (day: Date) => string,
	today = new Date(),
) {
	const columns = spec.columns.filter((c) => state.columns.includes(c.key))
	const csv = Papa.unparse(
		{
			fields: columns.map((c) => c.label),
			data: filterAndSort(rows, state).map((r) =>
				columns.map((c) => {
					const sortKey = r.sortKeys?.[c.key]
					return c.numeric && typeof sortKey === 'number'
						? centsToDollars(storedCents(sortKey))
						: r.cells[c.key]
				}),
			),
		},
		// Numbers are written as numbers; text that a spreadsheet would run as a formula is escaped.
		{ escapeFormulae: true },
	)
	const filename = `${spec.name}-${fileDate(today)}.csv`
	return new Response(`\uFEFF${csv}`, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${filename}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
