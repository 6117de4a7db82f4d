import { useLocation } from 'react-router'
import { PRICEBOOK_INTENTS, PRICEBOOK_PATH } from './intents.ts'
import { type PriceBookData } from './pricebook.server.ts'
import { StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { SelectionBar, SelectionForm } from '#app/components/list-selection.tsx'
import { type ListColumn } from '#app/utils/list.ts'

const HISTORY_COLUMNS = [
	{ key: 'dateGenerated', label: 'Date', card: 'title' },
	{ key: 'typeGenerated', label: 'Type', card: 'summary' },
	{ key: 'formatGenerated', label: 'Format', card: 'summary' },
	{ key: 'sentRecipient', label: 'Sent to' },
	{ key: 'newCodesGenerated', label: 'New Codes' },
	{ key: 'coreProductsGenerated', label: 'Core Codes' },
] as const satisfies ReadonlyArray<ListColumn>

/**
 * The history with a checkbox per row. The 'Resend Selected' / 'Unselect All' bar shows while a
 * row is selected (SelectionBar). 'Unselect All' is a reset button, so it works without JS too.
 * Checkboxes keep their state in the DOM (ADR 010); each new page (e.g. after a resend) starts a
 * fresh form with none selected.
 */
export function History({ rows }: { rows: PriceBookData['history'] }) {
	const location = useLocation()
	return (
		<SelectionForm
			key={location.key}
			name="historyID"
			method="post"
			action={PRICEBOOK_PATH}
			className="pricebook__history"
		>
			<SubmissionKey />
			<DataTable
				caption="Price book history"
				columns={HISTORY_COLUMNS}
				rows={rows}
				select={{
					name: 'historyID',
					label: (row) => `Select the price book of ${row.cells.dateGenerated}`,
				}}
			/>
			<SelectionBar label="Selected price books">
				<StatusButton
					className="button button--primary"
					name="intent"
					value={PRICEBOOK_INTENTS.resend}
				>
					Resend Selected
				</StatusButton>
			</SelectionBar>
		</SelectionForm>
	)
}
