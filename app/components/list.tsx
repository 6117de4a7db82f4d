import { useRef } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import {
	listHref,
	SEARCH_DEBOUNCE_MS,
	type ListColumn,
	type ListSpec,
	type ListState,
} from '#app/utils/list.ts'

/**
 * The list kit's components (docs/decisions/013-list-kit.md). The controls are one GET form, so
 * without JavaScript every choice applies with 'Search' or 'Apply'; with JavaScript a change
 * applies at once and typing in the search box after 400 ms.
 */

/** The controls of a list: search, sort, dates (if any), column picker and CSV export. */
export function ListControls<K extends string>({
	spec,
	state,
	pathname,
	searchLabel,
	columnsError,
	exportHref,
}: {
	spec: ListSpec<K>
	state: ListState<K>
	pathname: string
	searchLabel: string
	columnsError?: string | null
	exportHref?: string
}) {
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	const apply = (form: HTMLFormElement) =>
		void submit(form, { replace: true, preventScrollReset: true })
	const id = (name: string) => `${spec.name}-${name}`
	const onlyColumn = state.columns.length === 1 ? state.columns[0] : undefined
	return (
		<Form
			method="get"
			action={pathname}
			className="list-controls"
			aria-label={`${searchLabel}: filters`}
			preventScrollReset
			onChange={(event) => {
				const form = event.currentTarget
				clearTimeout(timer.current)
				// Typed fields (search, dates) wait until typing stops; choices apply at once.
				const type = (event.target as HTMLElement).getAttribute('type')
				if (type !== 'search' && type !== 'date') return apply(form)
				timer.current = setTimeout(() => apply(form), SEARCH_DEBOUNCE_MS)
			}}
		>
			{Object.entries(state.filters).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<div className="list-controls__search">
				<label className="visually-hidden" htmlFor={id('q')}>
					{searchLabel}
				</label>
				<input
					id={id('q')}
					type="search"
					name="q"
					defaultValue={state.q}
					placeholder={searchLabel}
					maxLength={100}
				/>
				<button type="submit" className="button">
					Search
				</button>
			</div>
			<div className="list-controls__field">
				<label htmlFor={id('sort')}>Sort by</label>
				<select id={id('sort')} name="sort" defaultValue={state.sort}>
					<option value="">Default</option>
					{spec.columns.map((c) => (
						<option key={c.key} value={c.key}>
							{c.label}
						</option>
					))}
				</select>
			</div>
			<div className="list-controls__field">
				<label htmlFor={id('dir')}>Order</label>
				<select id={id('dir')} name="dir" defaultValue={state.dir}>
					<option value="asc">Ascending</option>
					<option value="desc">Descending</option>
				</select>
			</div>
			{state.dates ? (
				<>
					<div className="list-controls__field">
						<label htmlFor={id('from')}>Date from</label>
						{/* Keyed by value: 'Reset Dates' (a link) must show the new dates with JS too. */}
						<input
							key={state.dates.from}
							id={id('from')}
							type="date"
							name="from"
							defaultValue={state.dates.from}
						/>
					</div>
					<div className="list-controls__field">
						<label htmlFor={id('to')}>Date to</label>
						<input
							key={state.dates.to}
							id={id('to')}
							type="date"
							name="to"
							defaultValue={state.dates.to}
						/>
					</div>
					<Link
						className="button"
						to={listHref(pathname, { ...state, dates: null }, { page: 1 })}
						preventScrollReset
						replace
					>
						Reset Dates
					</Link>
				</>
			) : null}
			<details className="dropdown column-picker" open={Boolean(columnsError)}>
				<summary>Columns</summary>
				<div className="dropdown__panel">
					<input type="hidden" name="columns" value="1" />
					<fieldset>
						<legend>Show columns</legend>
						{spec.columns.map((c) => (
							<label key={c.key} className="checkbox">
								<input
									type="checkbox"
									name="cols"
									value={c.key}
									defaultChecked={state.columns.includes(c.key)}
									// The last visible column cannot be unchecked.
									disabled={c.key === onlyColumn}
								/>
								{c.label}
							</label>
						))}
					</fieldset>
					{onlyColumn ? <input type="hidden" name="cols" value={onlyColumn} /> : null}
					{columnsError ? (
						<p className="field-error" role="alert">
							{columnsError}
						</p>
					) : null}
				</div>
			</details>
			<button type="submit" className="button no-js-only">
				Apply
			</button>
			{exportHref ? (
				<a className="button" href={exportHref} download>
					Export CSV
				</a>
			) : null}
		</Form>
	)
}

type TableRow<K extends string> = { id: string; href?: string; cells: Partial<Record<K, string>> }

/**
 * A list's rows as a table of its visible columns. On a phone each row becomes a card: with
 * columns marked `card` (ListColumn), two or three lines of the title and summary columns, and a
 * 'More' disclosure (a <details>, so no JavaScript; CSS shows the row's other cells while it is
 * open; the table hides it); without, every column's label and value (CSS, from each cell's
 * data-label). The first cell links to the row's page. `cell` replaces a column's content;
 * `select` adds a leading column (checkboxes).
 */
export function DataTable<K extends string, R extends TableRow<K>>({
	caption,
	columns,
	rows,
	cell,
	select,
}: {
	caption: string
	columns: ReadonlyArray<ListColumn<K>>
	rows: R[]
	cell?: (key: K, row: R) => React.ReactNode | undefined
	select?: { label: string; cell: (row: R) => React.ReactNode }
}) {
	const pending = useNavigation().state === 'loading'
	// On a phone's card, 'More' follows the first title (or summary) column: the cells it opens
	// come after it when read.
	const cards = columns.some((c) => c.card)
	const moreIn =
		cards && columns.some((c) => !c.card)
			? (columns.find((c) => c.card === 'title') ?? columns.find((c) => c.card))
			: undefined
	return (
		<div className="table-wrap" data-pending={pending || undefined}>
			<table className={cards ? 'data-table data-table--cards' : 'data-table'}>
				<caption className="visually-hidden">{caption}</caption>
				<thead>
					<tr>
						{select ? (
							<th scope="col">
								<span className="visually-hidden">{select.label}</span>
							</th>
						) : null}
						{columns.map((c) => (
							<th key={c.key} scope="col" className={c.numeric ? 'numeric' : undefined}>
								{c.label}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.id}>
							{select ? <td className="data-table__select">{select.cell(row)}</td> : null}
							{columns.map((c, i) => (
								<td
									key={c.key}
									data-label={c.label}
									data-card={c.card}
									className={c.numeric ? 'numeric' : undefined}
								>
									{cell?.(c.key, row) ??
										(i === 0 && row.href ? (
											<Link to={row.href} prefetch="intent">
												{row.cells[c.key]}
											</Link>
										) : (
											row.cells[c.key]
										))}
									{c === moreIn ? (
										<details className="data-table__more">
											<summary>
												More
												<span className="visually-hidden">{` on ${row.cells[c.key] ?? ''}`}</span>
											</summary>
										</details>
									) : null}
								</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}

/**
 * The bar of a list's checked rows, inside the form (class `selectable`) that holds their
 * checkboxes. CSS shows it only while a checkbox is checked, so without JavaScript too, and there
 * the count is a CSS counter of them; with JavaScript it is `count`, announced as it changes.
 */
export function SelectionBar({
	label,
	count,
	children,
}: {
	label: string
	count: number
	children: React.ReactNode
}) {
	return (
		<div className="selection-bar" role="group" aria-label={label}>
			<p className="selection-bar__count">
				<span className="js-only" aria-live="polite">
					{count} selected
				</span>
			</p>
			{children}
		</div>
	)
}

/**
 * Previous / 'Page N of M' / Next, as links keeping the list's state. With `form` (a GET form of
 * the list page, e.g. row checkboxes) they are that form's submit buttons instead, so what was
 * checked on this page travels to the next one.
 */
export function ListPager({
	state,
	pages,
	pathname,
	form,
}: {
	state: ListState
	pages: number
	pathname: string
	form?: string
}) {
	if (pages <= 1) return null
	const { page } = state
	const go = (n: number, label: string) =>
		form ? (
			<button type="submit" className="button" form={form} name="page" value={n}>
				{label}
			</button>
		) : (
			<Link className="button" to={listHref(pathname, state, { page: n })}>
				{label}
			</Link>
		)
	return (
		<nav className="pager" aria-label="Pagination">
			{page > 1 ? (
				go(page - 1, 'Previous')
			) : (
				<span className="button" aria-disabled="true">
					Previous
				</span>
			)}
			<span className="pager__page">
				Page {page} of {pages}
			</span>
			{page < pages ? (
				go(page + 1, 'Next')
			) : (
				<span className="button" aria-disabled="true">
					Next
				</span>
			)}
		</nav>
	)
}
