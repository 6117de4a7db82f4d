import { createContext, use, useEffect, useRef, useState, type ComponentProps } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import {
	listHref,
	SEARCH_DEBOUNCE_MS,
	type ListColumn,
	type ListSpec,
	type ListState,
} from '#app/utils/list.ts'

/**
 * The list kit's components (docs/decisions/013-list-kit.md; a guide: docs/guides/lists.md). The
 * controls are one GET form, so without JavaScript every choice applies with 'Search' or 'Apply';
 * with JavaScript a change applies at once and typing in the search box after 400 ms.
 */

/**
 * Submits a list's GET form in place (the history entry replaced, the scroll kept): at once, or
 * `SEARCH_DEBOUNCE_MS` after the last call with `debounce` (typing).
 */
function useApplyForm() {
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	return (form: HTMLFormElement, debounce: boolean) => {
		clearTimeout(timer.current)
		const apply = () => void submit(form, { replace: true, preventScrollReset: true })
		if (debounce) timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS)
		else apply()
	}
}

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
	const apply = useApplyForm()
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
				// Typed fields (search, dates) wait until typing stops; choices apply at once.
				const type = (event.target as HTMLElement).getAttribute('type')
				apply(event.currentTarget, type === 'search' || type === 'date')
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
				<summary>
					Columns
					<span className="dropdown__marker" aria-hidden="true" />
				</summary>
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

/**
 * A server-paged list's search box (the product listing: the presenter pages and searches): a
 * GET form of its own, keeping the page's other parameters (`hidden`), that with JavaScript
 * submits `SEARCH_DEBOUNCE_MS` after typing stops. Lists filtered in the portal have theirs in
 * ListControls.
 */
export function ListSearch({
	name,
	value,
	placeholder,
	label = placeholder,
	hidden = {},
}: {
	/** The query parameter it sets ('search', 'value'). */
	name: string
	value: string
	placeholder: string
	/** What is searched, naming the search landmark ('MGP12 Pine'); the box is 'Search {label}'. */
	label?: string
	hidden?: Record<string, string>
}) {
	const apply = useApplyForm()
	return (
		<Form method="get" role="search" aria-label={label} className="list-search" preventScrollReset>
			{Object.entries(hidden).map(([k, v]) => (
				<input key={k} type="hidden" name={k} value={v} />
			))}
			<label className="visually-hidden" htmlFor={`list-search-${name}`}>
				{`Search ${label}`}
			</label>
			<input
				id={`list-search-${name}`}
				type="search"
				name={name}
				defaultValue={value}
				placeholder={placeholder}
				onChange={(event) => {
					const form = event.currentTarget.form
					if (form) apply(form, true)
				}}
			/>
			<button type="submit" className="button">
				Search
			</button>
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
 * `select` adds a leading column of checkboxes named `select.name` whose values are the rows' ids,
 * for a SelectionForm around the table.
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
	select?: {
		name: string
		/** Each checkbox's own label ('Select invoice 1001-00'). */
		label: (row: R) => string
		/** The ids of rows checked as the page loads (a selection kept in the URL). */
		checked?: readonly string[]
	}
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
								<span className="visually-hidden">Select</span>
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
							{select ? (
								<td className="data-table__select">
									<input
										type="checkbox"
										name={select.name}
										value={row.id}
										defaultChecked={select.checked?.includes(row.id)}
										aria-label={select.label(row)}
									/>
								</td>
							) : null}
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

/** How many rows of the SelectionForm around are checked, as far as JavaScript knows. */
const SelectedCount = createContext(0)
const checkedIn = (form: HTMLFormElement, name: string) =>
	form.querySelectorAll(`input[type="checkbox"][name="${CSS.escape(name)}"]:checked`).length

/**
 * The form around a list whose rows are selected with checkboxes (DataTable `select`), for the
 * actions of its SelectionBar: plain checkboxes in a form, so selecting works without
 * JavaScript (`selectable`: CSS shows the bar and counts what is checked). With JavaScript it
 * counts the checked boxes named `name` for the bar, including boxes of rows on other pages that
 * the page renders checked and out of sight (SelectedElsewhere). Each new page (e.g. after the
 * action) should key it by `location.key`, so it starts from what the server rendered.
 */
export function SelectionForm({
	name,
	className,
	children,
	...props
}: ComponentProps<typeof Form> & { name: string }) {
	const ref = useRef<HTMLFormElement>(null)
	const [count, setCount] = useState(0)
	const recount = (form: HTMLFormElement) => setCount(checkedIn(form, name))
	// What the server rendered checked, or the browser restored (back and forward).
	useEffect(() => {
		if (ref.current) setCount(checkedIn(ref.current, name))
	}, [name])
	return (
		<Form
			ref={ref}
			{...props}
			className={className ? `selectable ${className}` : 'selectable'}
			// The native input event: React's onChange skips a box checked again after a reset.
			onInput={(event) => recount(event.currentTarget)}
			onReset={(event) => {
				const form = event.currentTarget
				// The event comes before the boxes are reset.
				setTimeout(() => recount(form))
			}}
		>
			<SelectedCount value={count}>{children}</SelectedCount>
		</Form>
	)
}

/**
 * Rows selected on other pages (a selection kept in the URL, `ids` less this page's rows), inside
 * a SelectionForm: checked boxes nobody sees or reaches, rather than hidden fields, so they are
 * submitted with the page's and the bar's CSS finds and counts them without JavaScript.
 */
export function SelectedElsewhere({ name, ids }: { name: string; ids: readonly string[] }) {
	return (
		<div className="visually-hidden" inert>
			{ids.map((id) => (
				<input key={id} type="checkbox" name={name} value={id} defaultChecked />
			))}
		</div>
	)
}

/**
 * The bar of a list's checked rows, inside its SelectionForm: the actions (`children`), then
 * 'Unselect All' and `error`. CSS shows it only while a checkbox is checked (or it shows an
 * error), so without JavaScript too, and there the count is a CSS counter of them; with
 * JavaScript it is text, announced as it changes. 'Unselect All' resets the form, or, where rows
 * of other pages are selected too, is a link to `unselectTo` (the list with none).
 */
export function SelectionBar({
	id,
	label,
	unselectTo,
	error,
	children,
}: {
	/** What a SelectionSkip links to. */
	id?: string
	label: string
	unselectTo?: string
	error?: string | null
	children: React.ReactNode
}) {
	const count = use(SelectedCount)
	return (
		<div
			id={id}
			// A fragment's target (SelectionSkip without JS): the next Tab is its first action.
			tabIndex={id ? -1 : undefined}
			className="selection-bar"
			role="group"
			aria-label={label}
		>
			<p className="selection-bar__count">
				<span className="js-only" aria-live="polite">
					{count} selected
				</span>
			</p>
			{children}
			{unselectTo ? (
				<Link className="button" to={unselectTo} preventScrollReset replace>
					Unselect All
				</Link>
			) : (
				<button type="reset" className="button">
					Unselect All
				</button>
			)}
			{error ? (
				<p className="field-error" role="alert">
					{error}
				</p>
			) : null}
		</div>
	)
}

/**
 * A link to a SelectionBar's actions (`to`, the bar's id), placed before the rows inside the
 * SelectionForm: the keyboard goes back to it from the rows it has checked (Shift+Tab), rather
 * than on past every row after them. Shown only while a row is checked, and like the page's skip
 * link only while it has the focus. With JS it focuses the bar's first action in place (a
 * fragment navigation would draw the list again, unchecking the boxes).
 */
export function SelectionSkip({ to, children }: { to: string; children: React.ReactNode }) {
	return (
		<a
			className="selection-skip"
			href={`#${to}`}
			onClick={(event) => {
				const action = document.getElementById(to)?.querySelector<HTMLElement>('button, a[href]')
				if (!action) return
				event.preventDefault()
				action.focus()
			}}
		>
			{children}
		</a>
	)
}

/**
 * Previous / 'Page N of M' / Next, as links keeping the list's state. With `form` (a GET form of
 * the list page, e.g. row checkboxes) they are that form's submit buttons instead, so what was
 * checked on this page travels to the next one.
 *
 * A server-paged list (the presenter pages, the total unknown: the product listing) gives `page`,
 * `hasNext` and `href` instead, and shows 'Page N'.
 */
export function ListPager(
	props: { form?: string } & (
		| { state: ListState; pages: number; pathname: string }
		| { page: number; hasNext: boolean; href: (page: number) => string }
	),
) {
	const paged = 'state' in props
	const page = paged ? props.state.page : props.page
	const hasNext = paged ? page < props.pages : props.hasNext
	if (paged && props.pages <= 1) return null
	const href = (n: number) =>
		paged ? listHref(props.pathname, props.state, { page: n }) : props.href(n)
	const go = (n: number, label: string) =>
		props.form ? (
			<button type="submit" className="button" form={props.form} name="page" value={n}>
				{label}
			</button>
		) : (
			<Link className="button" to={href(n)}>
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
				{paged ? `Page ${page} of ${props.pages}` : `Page ${page}`}
			</span>
			{hasNext ? (
				go(page + 1, 'Next')
			) : (
				<span className="button" aria-disabled="true">
					Next
				</span>
			)}
		</nav>
	)
}
