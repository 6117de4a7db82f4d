import { useRef } from 'react'
import { data, Form, Link, useSubmit } from 'react-router'
import { type Route } from './+types/orders'
import { requireCustomer } from '#app/.server/auth.ts'
import {
	displayRows,
	listState,
	readListPrefs,
	saveListPrefs,
	searchRows,
	sortRows,
} from '#app/.server/orders-list.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { ListSearch } from '#app/components/catalogue/product-list.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ORDER_COLUMNS } from '#app/utils/order-columns.ts'

const TABS = [
	['', 'All'],
	['Order', 'Orders'],
	['Quote', 'Quotes'],
] as const

/** Orders & Quotes (spec part 1 §2): every control is a GET form; sort and columns persist per user. */
export async function loader({ request }: Route.LoaderArgs) {
	const { presenter, settings } = await requireCustomer(request)
	const [rows, branches, user] = await Promise.all([
		presenter.transactions.listOrders(),
		presenter.transactions.getBranches(),
		presenter.users.getDetails(),
	]).catch(toRouteError)
	const url = pageUrl(request)
	const state = listState(url.searchParams, await readListPrefs(request, user.id_user))
	const all = displayRows(rows, branches, { locale: settings.locale, currency: settings.currency })
	const byType = state.type ? all.filter((r) => r.row.transactionType === state.type) : all
	const shown = sortRows(searchRows(byType, state.q, state.prefs.columns), state.prefs.sort)
	return data(
		{
			rows: shown.map((r) => ({ href: r.href, key: r.href, values: r.values })),
			total: byType.length,
			type: state.type,
			q: state.q,
			sort: state.prefs.sort,
			columns: state.prefs.columns,
			columnsError: state.columnsError,
		},
		{
			headers: state.changed
				? { 'Set-Cookie': await saveListPrefs(request, user.id_user, state.prefs) }
				: undefined,
		},
	)
}

/** With JS a change applies at once; the Apply button stays for everyone else. */
function useAutoSubmit() {
	const submit = useSubmit()
	return (event: React.FormEvent<HTMLFormElement>) =>
		void submit(event.currentTarget, { replace: true, preventScrollReset: true })
}

function SortForm({ sort, type, q }: { sort: string; type: string; q: string }) {
	const autoSubmit = useAutoSubmit()
	return (
		<Form method="get" className="inline-form" onChange={autoSubmit}>
			<input type="hidden" name="type" value={type} />
			<input type="hidden" name="q" value={q} />
			<label htmlFor="orders-sort">Sort by</label>
			<select id="orders-sort" name="sort" defaultValue={sort}>
				<option value="">Default</option>
				{ORDER_COLUMNS.flatMap(([key, label]) => [
					<option key={`${key}:asc`} value={`${key}:asc`}>
						{label} (ascending)
					</option>,
					<option key={`${key}:desc`} value={`${key}:desc`}>
						{label} (descending)
					</option>,
				])}
			</select>
			<button type="submit" className="button no-js-only">
				Apply
			</button>
		</Form>
	)
}

function ColumnPicker({
	columns,
	type,
	q,
	error,
}: {
	columns: string[]
	type: string
	q: string
	error: string | null
}) {
	const autoSubmit = useAutoSubmit()
	const form = useRef<HTMLFormElement>(null)
	return (
		<details className="dropdown column-picker" open={Boolean(error)}>
			<summary>Columns</summary>
			<div className="dropdown__panel">
				<Form method="get" ref={form} onChange={autoSubmit}>
					<input type="hidden" name="type" value={type} />
					<input type="hidden" name="q" value={q} />
					<input type="hidden" name="columns" value="1" />
					<fieldset>
						<legend>Show columns</legend>
						{ORDER_COLUMNS.map(([key, label]) => {
							const checked = columns.includes(key)
							return (
								<label key={key} className="checkbox">
									<input
										type="checkbox"
										name="cols"
										value={key}
										defaultChecked={checked}
										// The last visible column cannot be unchecked.
										disabled={checked && columns.length === 1}
									/>
									{label}
								</label>
							)
						})}
					</fieldset>
					{columns.length === 1 ? <input type="hidden" name="cols" value={columns[0]} /> : null}
					{error ? (
						<p className="field-error" role="alert">
							{error}
						</p>
					) : null}
					<button type="submit" className="button no-js-only">
						Apply
					</button>
				</Form>
			</div>
		</details>
	)
}

export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
	const { rows, type, q, sort, columns, columnsError, total } = loaderData
	const visible = ORDER_COLUMNS.filter(([key]) => columns.includes(key))
	const tabLink = (t: string) => {
		const params = new URLSearchParams()
		if (t) params.set('type', t)
		if (q) params.set('q', q)
		const search = params.toString()
		return search ? `/orders?${search}` : '/orders'
	}
	return (
		<div className="orders-page">
			<h1>Orders &amp; Quotes</h1>
			<nav aria-label="Transaction type" className="tabs">
				{TABS.map(([value, label]) => (
					<Link
						key={label}
						to={tabLink(value)}
						aria-current={type === value ? 'page' : undefined}
						className="tabs__tab"
					>
						{label}
					</Link>
				))}
			</nav>
			<div className="list-header">
				<ListSearch
					name="q"
					value={q}
					placeholder="Search orders and quotes"
					hidden={type ? { type } : {}}
				/>
				<SortForm sort={sort} type={type} q={q} />
				<ColumnPicker columns={columns} type={type} q={q} error={columnsError} />
			</div>
			{rows.length === 0 ? (
				<p className="empty-state">No Results Found</p>
			) : (
				<div className="table-scroll">
					<table className="data-table">
						<caption className="visually-hidden">
							Orders and quotes, {rows.length} of {total}
						</caption>
						<thead>
							<tr>
								{visible.map(([key, label]) => (
									<th
										key={key}
										scope="col"
										className={key === 'transactionAmount' ? 'numeric' : undefined}
									>
										{label}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{rows.map((r) => (
								<tr key={r.key}>
									{visible.map(([key], i) => (
										<td key={key} className={key === 'transactionAmount' ? 'numeric' : undefined}>
											{i === 0 ? <Link to={r.href}>{r.values[key]}</Link> : r.values[key]}
										</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Orders & Quotes | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
