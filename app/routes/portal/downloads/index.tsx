import { type Route } from './+types/index'
import { DOWNLOADS_LIST } from './lists.ts'
import { requireArea } from '#app/.server/guard/access.ts'
import { startCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { applyList, readListState, type ListRow } from '#app/.server/catalogue/list.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ListControls, ListPager } from '#app/components/list.tsx'
import { DataTable } from '#app/components/list-table.tsx'

type DownloadColumn = (typeof DOWNLOADS_LIST)['columns'][number]['key']

/** The file's URL on this portal. */
const fileHref = (fileName: string) => `/downloads/file/${encodeURIComponent(fileName)}`

/**
 * Downloads on the list kit: search over every field, sort, columns saved per
 * user, paging on the server; each file name downloads the file.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, identity, ...customer } = startCustomer(context)
	const [, files, settings] = await Promise.all([
		requireArea(context, 'downloads'),
		presenter.content.listDownloads(),
		customer.settings,
	]).catch(toRouteError)
	const list = await readListState(DOWNLOADS_LIST, pageUrl(request), identity.username)
	const { date } = displayFormat(settings)
	const rows: Array<ListRow<DownloadColumn>> = files.map((f) => ({
		id: f.FileName,
		href: fileHref(f.FileName),
		cells: {
			FileName: f.FileName,
			Description: f.Description,
			Category: f.Category,
			Date: date(f.Date),
		},
		sortKeys: { Date: f.Date },
	}))
	return applyList(rows, list, settings.pagesize)
}

export default function DownloadsRoute({ loaderData }: Route.ComponentProps) {
	const { state, rows, matched, total, pages, columnsError } = loaderData
	const columns = DOWNLOADS_LIST.columns.filter((c) => state.columns.includes(c.key))
	return (
		<div className="account-area list-page">
			<h1>Downloads</h1>
			<ListControls
				spec={DOWNLOADS_LIST}
				state={state}
				pathname="/downloads"
				searchLabel="Search downloads"
				columnsError={columnsError}
			/>
			{rows.length === 0 ? (
				<p className="empty-state">No Results Found</p>
			) : (
				<>
					<p className="list-count">
						{matched === total ? `${total} files` : `${matched} of ${total} match`}
					</p>
					<DataTable
						caption={`Downloads, page ${state.page} of ${pages}`}
						columns={columns}
						rows={rows}
						cell={(key, row) =>
							key === 'FileName' ? (
								<a href={row.href} download>
									{row.cells.FileName}
								</a>
							) : undefined
						}
					/>
					<ListPager state={state} pages={pages} pathname="/downloads" />
				</>
			)}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Downloads | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
