import { Link } from 'react-router'
import { type Route } from './+types/detail'
import { notFoundOr, statementAction, statementDate } from './statements.server.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog } from '#app/components/forms.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { LazyEmailDialog } from '#app/components/lazy-document-dialogs.tsx'
import { type ListColumn } from '#app/utils/list.ts'
import { STATEMENT_INTENTS } from './intents.ts'

const LINE_COLUMNS = [
	{ key: 'transactionNumber', label: 'Number', card: 'title' },
	{ key: 'transactionDate', label: 'Date', card: 'summary' },
	{ key: 'displayType', label: 'Type', card: 'summary' },
	{ key: 'transactionRef', label: 'Reference' },
	{ key: 'custOrdNo', label: 'Order Ref' },
	{ key: 'jobName', label: 'Job Name' },
	{ key: 'displayAmount', label: 'Amount', numeric: true, card: 'title' },
	{ key: 'balanceAmount', label: 'Balance', numeric: true },
] as const satisfies ReadonlyArray<ListColumn>

/**
 * One statement: its lines, the aging buckets, 'Download Statement' and 'Email
 * Statement' (both disabled for the latest statement) and 'Pay Balance' while something is due.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { presenter, settings } = await getCustomer(context)
	const date = statementDate(params.date)
	// The statement and the list (is it the latest?) in one parallel round.
	const [{ statement, lines }, list] = await Promise.all([
		presenter.statements.get(date),
		presenter.statements.list(),
	]).catch(notFoundOr)
	const { money, date: display } = displayFormat(settings)
	return {
		date,
		shownDate: display(date),
		title: `Statement ${display(date)}`,
		latest: list[0]?.dateStatement === date,
		payBalance: statement.dueBalance > 0 && !settings.pay_account_button_disabled,
		dialog: pageUrl(request).searchParams.get('dialog') === 'email' ? 'email' : null,
		aging: (
			[
				['Current', statement.currentBalance],
				['30 Days', statement.day30Balance],
				['60 Days', statement.day60Balance],
				['90 Days', statement.day90Balance],
				['120+ Days', statement.day120Balance],
			] as const
		).map(([label, amount]) => ({ label, amount: money(amount) })),
		due: money(statement.dueBalance),
		rows: lines.map((l) => {
			const ref = `${l.transactionNumber}-${l.transactionSuffix}`
			return {
				id: `${l.displayType}-${ref}`,
				href: l.displayType === 'Invoice' ? `/invoices/${ref}` : undefined,
				cells: {
					transactionDate: display(l.transactionDate),
					displayType: l.displayType,
					transactionNumber: ref,
					transactionRef: l.transactionRef,
					custOrdNo: l.custOrdNo || '-',
					jobName: l.jobName || '-',
					displayAmount: money(l.displayAmount),
					balanceAmount: money(l.balanceAmount),
				},
			}
		}),
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	return statementAction(request, context, statementDate(params.date))
}

export default function StatementRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { date, shownDate, title, latest, payBalance, dialog, aging, due, rows } = loaderData
	const here = `/statements/${date}`
	return (
		<div className="statement">
			<Breadcrumbs
				crumbs={[
					{ label: 'Statements', to: '/statements' },
					{ label: title, to: here },
				]}
			/>
			<h1>{title}</h1>
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo={here} />
			<div className="transaction__actions">
				{latest ? (
					<>
						<button type="button" className="button" disabled>
							Download Statement
						</button>
						<button type="button" className="button" disabled>
							Email Statement
						</button>
					</>
				) : (
					<>
						<a className="button" href={`${here}/document`} download>
							Download Statement
						</a>
						<Link className="button" to={`${here}?dialog=email`} preventScrollReset>
							Email Statement
						</Link>
					</>
				)}
				{payBalance ? (
					<Link
						className="button button--primary"
						to={`/pay-account?${new URLSearchParams({ statementId: date })}`}
					>
						Pay Balance
					</Link>
				) : null}
			</div>
			{/* Without JS the dialog is a section under the buttons that open it. */}
			{dialog === 'email' && !latest ? (
				<LazyEmailDialog
					id="email"
					title="Email Statement"
					kind="Statement"
					numbers={[shownDate]}
					formats={false}
					action={`${here}?dialog=email`}
					closeTo={here}
					intent={STATEMENT_INTENTS.email}
					lastResult={
						actionData?.initialValue?.intent === STATEMENT_INTENTS.email ? actionData : undefined
					}
					loadCheck={() => import('./statements.forms.ts').then((m) => m.EmailStatementSchema)}
				/>
			) : null}
			{latest ? (
				<p className="statement__note">
					This is the latest statement: it can be downloaded and emailed once the next one is
					issued.
				</p>
			) : null}
			<div className="table-wrap statement__aging">
				<table className="data-table">
					<caption>Aging</caption>
					<thead>
						<tr>
							{aging.map((a) => (
								<th key={a.label} scope="col" className="numeric">
									{a.label}
								</th>
							))}
							<th scope="col" className="numeric">
								Balance Due
							</th>
						</tr>
					</thead>
					<tbody>
						<tr>
							{aging.map((a) => (
								<td key={a.label} data-label={a.label} className="numeric">
									{a.amount}
								</td>
							))}
							<td data-label="Balance Due" className="numeric">
								<strong>{due}</strong>
							</td>
						</tr>
					</tbody>
				</table>
			</div>
			<h2>Transactions</h2>
			{rows.length === 0 ? (
				<p className="empty-state">No Results Found</p>
			) : (
				<DataTable caption="Statement lines" columns={LINE_COLUMNS} rows={rows} />
			)}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.title ?? 'Statement'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
