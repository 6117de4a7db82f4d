import { type Route } from './+types/index'
import { startCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { type ListColumn } from '#app/utils/list.ts'

const COLUMNS = [
	{ key: 'dateStatement', label: 'Statement Date', card: 'title' },
	{ key: 'currentBalance', label: 'Current', numeric: true },
	{ key: 'day30Balance', label: '30 Days', numeric: true },
	{ key: 'day60Balance', label: '60 Days', numeric: true },
	{ key: 'day90Balance', label: '90 Days', numeric: true },
	{ key: 'day120Balance', label: '120+ Days', numeric: true },
	{ key: 'dueBalance', label: 'Balance Due', numeric: true, card: 'title' },
] as const satisfies ReadonlyArray<ListColumn>

/** Statements: one row per monthly statement, newest first, each to its detail. */
export async function loader({ context }: Route.LoaderArgs) {
	const { presenter, ...customer } = startCustomer(context)
	const [statements, settings] = await Promise.all([
		presenter.statements.list(),
		customer.settings,
	]).catch(toRouteError)
	const { money, date } = displayFormat(settings)
	return {
		rows: statements.map((s) => ({
			id: s.dateStatement,
			href: `/statements/${s.dateStatement}`,
			cells: {
				dateStatement: date(s.dateStatement),
				currentBalance: money(s.currentBalance),
				day30Balance: money(s.day30Balance),
				day60Balance: money(s.day60Balance),
				day90Balance: money(s.day90Balance),
				day120Balance: money(s.day120Balance),
				dueBalance: money(s.dueBalance),
			},
		})),
	}
}

export default function StatementsRoute({ loaderData }: Route.ComponentProps) {
	const { rows } = loaderData
	return (
		<div className="list-page statements">
			<h1>Statements</h1>
			{rows.length === 0 ? (
				<p className="empty-state">No Results Found</p>
			) : (
				<DataTable caption="Statements, newest first" columns={COLUMNS} rows={rows} />
			)}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Statements | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
