import { Link, useLocation } from 'react-router'
import { type Route } from './+types/invoices'
import { INVOICE_INTENTS } from './intents.ts'
import { invoicesAction, loadInvoices, readSelection } from './invoices.server.ts'
import { INVOICES_LIST } from './lists.ts'
import { applyList } from '#app/.server/catalogue/list.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog } from '#app/components/forms.tsx'
import { ListControls, ListFilter, ListPager } from '#app/components/list.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import {
	SelectedElsewhere,
	SelectionBar,
	SelectionForm,
	SelectionSkip,
} from '#app/components/list-selection.tsx'
import { LazyCommentDialog, LazyEmailDialog } from '#app/components/lazy-document-dialogs.tsx'
import { listHref, type ListState } from '#app/utils/list.ts'
import { withParams } from '#app/utils/url.ts'

/** The comment column previews 15 characters plus an ellipsis. */
const COMMENT_PREVIEW = 15
const SELECTION_FORM = 'invoice-selection'
const SELECTION_ACTIONS = 'selected-invoices'

/**
 * Invoices on the list kit: dates (from 3 months back), search, sort, columns,
 * paging and CSV; comments per row; row checkboxes whose selection (`sel`, in the URL) travels
 * through paging to the bulk email dialog. Every control is a GET form, link or POST form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = pageUrl(request)
	const { list, rows, pageSize, jobs } = await loadInvoices(context, url)
	const selected = readSelection(url)
	const commentRow = rows.find((r) => r.id === url.searchParams.get('comment'))
	return {
		...applyList(rows, list, pageSize),
		...(jobs.length ? { jobs } : {}),
		search: url.search,
		selected,
		// The email dialog needs a selection; without one the list says so.
		dialog:
			url.searchParams.get('dialog') === 'email' ? (selected.length ? 'email' : 'none') : null,
		comment: commentRow
			? {
					invoice: commentRow.id,
					number: commentRow.cells.transactionNumber,
					text: commentRow.cells.userComment,
				}
			: null,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	return invoicesAction(request, context)
}

export default function InvoicesRoute({ loaderData, actionData }: Route.ComponentProps) {
	const {
		state,
		rows,
		matched,
		total,
		pages,
		columnsError,
		search,
		selected,
		dialog,
		comment,
		jobs,
	} = loaderData
	const location = useLocation()
	const here = withParams(`/invoices${search}`, {})
	const columns = INVOICES_LIST.columns.filter((c) => state.columns.includes(c.key))
	// A dialog's own reply (field errors) goes back to it; form errors show in the 'Error' dialog.
	const dialogResult = (intent: string) =>
		actionData?.initialValue?.intent === intent ? actionData : undefined
	return (
		<div className="list-page invoices">
			<h1>Invoices</h1>
			{/* Without JS a dialog is a section at the top of the page. */}
			{dialog === 'email' ? (
				<LazyEmailDialog
					id="email-invoices"
					title="Email Invoices"
					kind="Invoice"
					numbers={selected}
					formats
					action={here}
					closeTo={withParams(here, { dialog: null })}
					intent={INVOICE_INTENTS.email}
					hidden={selected.map((ref) => ['sel', ref])}
					lastResult={dialogResult(INVOICE_INTENTS.email)}
					loadCheck={() => import('./invoices.forms.ts').then((m) => m.EmailInvoicesFields)}
				/>
			) : null}
			{comment ? (
				<LazyCommentDialog
					id="invoice-comment"
					subject={`Invoice ${comment.number ?? comment.invoice}`}
					comment={comment.text ?? ''}
					action={here}
					closeTo={withParams(here, { comment: null })}
					intent={INVOICE_INTENTS.comment}
					hidden={[['invoice', comment.invoice]]}
					lastResult={dialogResult(INVOICE_INTENTS.comment)}
					loadCheck={() => import('./invoices.forms.ts').then((m) => m.InvoiceCommentSchema)}
				/>
			) : null}
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo={here} />
			{jobs ? (
				<ListFilter
					name="job"
					label="Job"
					all="All jobs"
					options={jobs}
					state={state}
					pathname="/invoices"
				/>
			) : null}
			<ListControls
				spec={INVOICES_LIST}
				state={state}
				pathname="/invoices"
				searchLabel="Search invoices"
				columnsError={columnsError}
				exportHref={`/invoices/export${search}`}
			/>
			{rows.length === 0 ? (
				<p className="empty-state">No Results Found</p>
			) : (
				<InvoiceSelection
					key={location.key}
					state={state}
					pages={pages}
					selected={selected}
					pageIds={rows.map((r) => r.id)}
					noSelection={dialog === 'none'}
				>
					<p className="list-count">
						{matched === total ? `${total} invoices` : `${matched} of ${total} match`}
					</p>
					<DataTable
						caption={`Invoices, page ${state.page} of ${pages}`}
						columns={columns}
						rows={rows}
						select={{
							name: 'sel',
							label: (row) => `Select invoice ${row.id}`,
							checked: selected,
						}}
						cell={(key, row) =>
							key === 'userComment' ? (
								<CommentCell
									text={row.cells.userComment ?? ''}
									number={row.id}
									to={withParams(here, { comment: row.id, dialog: null })}
								/>
							) : undefined
						}
					/>
				</InvoiceSelection>
			)}
		</div>
	)
}

/** The comment's first 15 characters and an ellipsis, or 'Add comment'; either opens the dialog. */
function CommentCell({ text, number, to }: { text: string; number: string; to: string }) {
	const preview = text.length > COMMENT_PREVIEW ? `${text.slice(0, COMMENT_PREVIEW)}...` : text
	return (
		<Link to={to} preventScrollReset className="invoices__comment">
			{preview || 'Add comment'}
			<span className="visually-hidden">
				{preview ? ` (view comment on invoice ${number})` : ` to invoice ${number}`}
			</span>
		</Link>
	)
}

/**
 * The rows' checkboxes are one GET form with the list's state (SelectionForm): 'Email Selected
 * Invoices' opens the email dialog with the checked rows, and paging submits it too, so rows
 * checked on other pages stay selected. The bar shows only while something is checked.
 */
function InvoiceSelection({
	state,
	pages,
	selected,
	pageIds,
	noSelection,
	children,
}: {
	state: ListState
	pages: number
	selected: string[]
	pageIds: string[]
	noSelection: boolean
	children: React.ReactNode
}) {
	const listParams = new URLSearchParams(listHref('/invoices', state, { page: 1 }).split('?')[1])
	return (
		<SelectionForm name="sel" method="get" action="/invoices" id={SELECTION_FORM}>
			{[...listParams].map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<SelectionSkip to={SELECTION_ACTIONS}>
				Skip to the selected invoices&rsquo; actions
			</SelectionSkip>
			{children}
			{/* After this page's rows: the selection lists this page's first. */}
			<SelectedElsewhere name="sel" ids={selected.filter((ref) => !pageIds.includes(ref))} />
			{/* Below the rows and sticky at the foot of the screen while they are in view. */}
			<SelectionBar
				id={SELECTION_ACTIONS}
				label="Selected invoices"
				unselectTo={listHref('/invoices', state)}
				error={noSelection ? 'Select the invoices to email first.' : null}
			>
				<button type="submit" className="button button--primary" name="dialog" value="email">
					Email Selected Invoices
				</button>
			</SelectionBar>
			<ListPager state={state} pages={pages} pathname="/invoices" form={SELECTION_FORM} />
		</SelectionForm>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Invoices | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
