import { Link, useNavigation } from 'react-router'
import { type ListColumn } from '#app/utils/list.ts'

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
