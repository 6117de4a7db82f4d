import { useRef } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import { listHref, SEARCH_DEBOUNCE_MS, type ListSpec, type ListState } from '#app/utils/list.ts'

/**
 * The list kit's components (docs/decisions/013-list-kit.md; a guide: docs/guides/lists.md). The
 * controls are one GET form, so without JavaScript every choice applies with 'Search' or 'Apply';
 * with JavaScript a change applies at once and typing in the search box after 400 ms. The table
 * is in list-table.tsx, rows selected with checkboxes in list-selection.tsx.
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

/**
 * A list filter with values known only to the page (a customer's jobs): a GET form of its own with
 * one select, keeping the list's other state (search, sort, dates, other filters) and starting
 * again at page 1. Without JavaScript 'Show' applies it; with it a choice applies at once.
 */
export function ListFilter({
	name,
	label,
	all,
	options,
	state,
	pathname,
}: {
	name: string
	label: string
	/** The choice of no filter ('All jobs'). */
	all: string
	options: ReadonlyArray<{ value: string; label: string }>
	state: ListState
	pathname: string
}) {
	const apply = useApplyForm()
	const kept = new URL(
		listHref(pathname, state, { page: 1, filters: { [name]: '' } }),
		'http://list',
	).searchParams
	const id = `list-filter-${name}`
	return (
		<Form
			method="get"
			action={pathname}
			className="list-controls list-filter"
			aria-label={label}
			preventScrollReset
			onChange={(event) => apply(event.currentTarget, false)}
		>
			{[...kept].map(([key, value]) => (
				<input key={key} type="hidden" name={key} value={value} />
			))}
			<div className="list-controls__field">
				<label htmlFor={id}>{label}</label>
				<select
					id={id}
					name={name}
					defaultValue={state.filters[name] ?? ''}
					key={state.filters[name]}
				>
					<option value="">{all}</option>
					{options.map((o) => (
						<option key={o.value} value={o.value}>
							{o.label}
						</option>
					))}
				</select>
			</div>
			<button type="submit" className="button no-js-only">
				Show
			</button>
		</Form>
	)
}
