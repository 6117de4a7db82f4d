/**
 * The list kit's shared part (server and browser; docs/decisions/013-list-kit.md): what a list is
 * (its columns and filters) and its state in the URL. Every list control is a GET form or a link
 * carrying this state, so lists work without JavaScript.
 */

export type ListColumn<K extends string = string> = {
	key: K
	label: string
	/** Right-aligned (amounts). */
	numeric?: boolean
	/**
	 * On a phone a row is a card: the 'title' columns on its first line, the 'summary' columns on
	 * the next, the others behind the row's 'More' disclosure. A table without either keeps a
	 * card of every column's label and value. Hidden columns show in neither.
	 */
	card?: 'title' | 'summary'
}

export type ListSpec<K extends string = string> = {
	/** Its name: preferences are saved as `{name}-filterList` per user. */
	name: string
	/** Every column, in order; all visible by default. */
	columns: ReadonlyArray<ListColumn<K>>
	/** URL filters with their allowed values, the first being the default (e.g. type tabs). */
	filters?: Readonly<Record<string, readonly string[]>>
	/** A date range (from/to, yyyy-mm-dd); `from` defaults to this many months before today. */
	dateRange?: { defaultFromMonths: number }
}

/** Declares a list (infers its column keys). */
export function defineList<K extends string>(spec: ListSpec<K>) {
	return spec
}

export type SortDirection = 'asc' | 'desc'

/** A list's state: what the URL says, over the user's saved sort and columns. */
export type ListState<K extends string = string> = {
	q: string
	/** A column key, or '' for the presenter's own order. */
	sort: K | ''
	dir: SortDirection
	/** The visible columns, in the list's order. */
	columns: K[]
	page: number
	/** yyyy-mm-dd or '' (open-ended); null for lists without a date range. */
	dates: { from: string; to: string } | null
	filters: Record<string, string>
}

/** List searches are debounced 400 ms. */
export const SEARCH_DEBOUNCE_MS = 400

/**
 * The URL of a list page with `state` (and `changes`): search, sort, dates, filters and page.
 * Columns are not in links: they are saved per user when the column picker is submitted.
 */
export function listHref(
	pathname: string,
	state: ListState,
	changes: Partial<Omit<ListState, 'columns'>> = {},
) {
	const next = { ...state, ...changes, filters: { ...state.filters, ...changes.filters } }
	const params = new URLSearchParams()
	for (const [name, value] of Object.entries(next.filters)) if (value) params.set(name, value)
	if (next.q) params.set('q', next.q)
	if (next.sort) {
		params.set('sort', next.sort)
		params.set('dir', next.dir)
	}
	// An empty `from` is kept: it means "no lower bound", where a missing one means the default.
	if (next.dates) params.set('from', next.dates.from)
	if (next.dates?.to) params.set('to', next.dates.to)
	if (next.page > 1) params.set('page', String(next.page))
	const search = params.toString()
	return search ? `${pathname}?${search}` : pathname
}
