import {
	getFormProps,
	getInputProps,
	parse,
	useForm,
	type SubmissionResult,
} from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { Form, useFormAction, useNavigation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { TrashIcon } from './confirm-dialog.tsx'
import { useDraft } from './draft.ts'
import { ErrorList, SubmissionKey } from './forms.tsx'
import { formatMoney, type Currency, type Locale } from '#app/utils/format.ts'
import { type Cents } from '#app/utils/money.ts'
import { TALLY_PICK, tallyTotals } from '#app/utils/product.ts'

type TallyRow = { length: string; qty: string }
const EMPTY_ROW: TallyRow = { length: '', qty: '' }

/**
 * Rows of length and qty for a length-sold product, with running
 * totals, a remove button per row and the product's stock lengths to pick from. The row buttons
 * ('Add new line', remove, a stock length) are conform's list intents: in the browser with JS, a
 * server round trip without, which re-renders the form with the rows typed. A row with only a
 * length or only a quantity is refused on that row by the action (app/.server/cart/tally.ts). Loaded
 * only when a tally form shows (product-detail.tsx, the cart, a reorder), so conform's client
 * stays out of the lists.
 */
export function TallyForm({
	id,
	action,
	tallyLengths,
	unitPrice,
	format,
	hidden,
	defaultLines = [EMPTY_ROW],
	submitLabel,
	lastResult,
	draft: draftName,
	children,
}: {
	id: string
	/** Where it posts, when not the page's own address. */
	action?: string
	/** The product's stock lengths (metres). */
	tallyLengths: number[]
	/** The price per metre the extended price is worked out at; null shows none. */
	unitPrice: Cents | null
	format: { locale: Locale; currency: Currency }
	/** The hidden fields the action needs: intent, product, line… */
	hidden: Record<string, string>
	defaultLines?: TallyRow[]
	submitLabel: string
	lastResult?: SubmissionResult<string[]> | null
	/**
	 * What the rows typed and not yet sent are kept as in this browser (per product, per cart
	 * line), with JS: none, none kept.
	 */
	draft?: string
	/** More actions beside the submit button (Cancel). */
	children?: React.ReactNode
}) {
	const [form, fields] = useForm<{ lines: TallyRow[] }>({
		id,
		lastResult,
		defaultValue: { lines: defaultLines },
		shouldRevalidate: 'onSubmit',
		// Without this conform sends every row button to the server, and a second tap while the
		// first was on its way cancelled it (a removed row came back). The rows are checked by the
		// action when the form is sent.
		onValidate: ({ formData }) =>
			parse(formData, { resolve: (value) => ({ value: value as { lines: TallyRow[] } }) }),
	})
	const hydrated = useHydrated()
	const lines = fields.lines.getFieldList()
	// Without JS each row button and a refusal come back as a new page, on a phone with the form
	// far below the top. A row button posts to the address with the form's fragment (a reply cannot
	// set one, but the browser keeps the form action's), so the page opens at the form. The submit
	// does not, or the page it is sent on to after adding would keep the fragment: a refused form
	// puts the focus on its first field in the wrong (autofocus), and the browser shows it there.
	const here = useFormAction()
	const rowAction = hydrated ? undefined : (action ?? `${here}#${form.id}`)
	// 'Add new line' puts the focus on the new row's length: with JS once conform has drawn it;
	// without, the page that comes back opens on it (autofocus, which scrolls to it: so its post
	// carries no fragment, which would stop the autofocus).
	const added = useRef(false)
	const inserted = !hydrated && lastResult?.intent?.type === 'insert'
	const newest = lines.at(-1)?.getFieldset().length.id
	useEffect(() => {
		if (!added.current || !newest) return
		added.current = false
		document.getElementById(newest)?.focus()
	}, [newest])
	const cellsInError = lines.flatMap((line) => {
		const cells = line.getFieldset()
		return [cells.length, cells.qty]
	})
	const refused =
		cellsInError.find((cell) => cell.errors?.length)?.name ??
		(fields.lines.errors?.length || form.errors?.length
			? lines[0]?.getFieldset().length.name
			: undefined)
	const rows = fields.lines.value
	const totals = tallyTotals(Array.isArray(rows) ? rows : undefined, unitPrice)
	useRowsDraft(draftName, {
		formId: form.id,
		rows,
		restore: (saved) => form.update({ name: fields.lines.name, value: saved }),
		refused: Boolean(lastResult),
		hidden,
	})
	const listId = `${id}-lengths`
	// A stock length fills the first row without a length, or adds a row when every row has one.
	// With JS conform does it in the browser from the rows' live values; without JS the page does
	// not know what was typed since it was rendered, so the server does it from the rows as posted
	// (applyTallyPick, app/.server/cart/tally.ts).
	const emptyRow = lines.find((line) => !line.getFieldset().length.value?.trim())
	const pick = (length: string) =>
		!hydrated
			? {
					type: 'submit' as const,
					name: TALLY_PICK,
					value: length,
					formNoValidate: true,
					formAction: rowAction,
				}
			: emptyRow
				? form.update.getButtonProps({ name: emptyRow.getFieldset().length.name, value: length })
				: form.insert.getButtonProps({
						name: fields.lines.name,
						defaultValue: { length, qty: '' },
					})
	return (
		// The dialog closes over the page as it was: no jump to the top after the lengths are sent.
		<Form
			method="post"
			action={action}
			{...getFormProps(form)}
			noValidate
			className="tally"
			preventScrollReset
		>
			<SubmissionKey />
			{Object.entries(hidden).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{/* Enter in a row's field sends the form: it presses the form's first submit button, which
			    would otherwise be the first stock length. Not seen, nor reached with Tab. */}
			<button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
				{submitLabel}
			</button>
			{tallyLengths.length ? (
				<div className="tally__picks" role="group" aria-labelledby={`${id}-picks`}>
					<span id={`${id}-picks`} className="tally__picks-label">
						Stock lengths
					</span>
					{tallyLengths.map((l) => (
						<button key={l} className="tally__pick" {...pick(l.toFixed(2))}>
							{l.toFixed(1)} m
						</button>
					))}
				</div>
			) : null}
			<table className="tally__table">
				<thead>
					<tr>
						<th scope="col">Length (m)</th>
						<th scope="col">Qty</th>
						<th scope="col">
							<span className="visually-hidden">Remove</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{lines.map((line, i) => {
						const cells = line.getFieldset()
						return (
							<tr key={line.key}>
								<td>
									<input
										{...getInputProps(cells.length, { type: 'number' })}
										// eslint-disable-next-line jsx-a11y/no-autofocus -- the refused field, or the new row
										autoFocus={
											cells.length.name === refused || (inserted && i === lines.length - 1)
										}
										step="0.01"
										min="0.01"
										list={listId}
										aria-label={`Length, line ${i + 1}`}
									/>
									<ErrorList id={cells.length.errorId} errors={cells.length.errors} />
								</td>
								<td>
									<input
										{...getInputProps(cells.qty, { type: 'number' })}
										// eslint-disable-next-line jsx-a11y/no-autofocus -- the refused field, see above
										autoFocus={cells.qty.name === refused}
										min="0"
										step="1"
										aria-label={`Qty, line ${i + 1}`}
									/>
									<ErrorList id={cells.qty.errorId} errors={cells.qty.errors} />
								</td>
								<td>
									<button
										className="icon-button"
										aria-label={`Remove line ${i + 1}`}
										{...form.remove.getButtonProps({ name: fields.lines.name, index: i })}
										formAction={rowAction}
									>
										<TrashIcon />
									</button>
								</td>
							</tr>
						)
					})}
				</tbody>
			</table>
			<datalist id={listId}>
				{tallyLengths.map((l) => (
					<option key={l} value={l.toFixed(2)} />
				))}
			</datalist>
			{/* Said as they change (politely: after what is being typed). */}
			<dl className="tally__totals" aria-label="Tally totals" aria-live="polite" aria-atomic="true">
				<div>
					<dt>Pieces</dt>
					<dd>{totals.pieces}</dd>
				</div>
				<div>
					<dt>Metres</dt>
					<dd>{totals.metres.toFixed(2)} m</dd>
				</div>
				{totals.price !== null ? (
					<div>
						<dt>Extended</dt>
						<dd>{formatMoney(totals.price, format.locale, format.currency)}</dd>
					</div>
				) : null}
			</dl>
			<ErrorList id={fields.lines.errorId} errors={fields.lines.errors} />
			{/* The presenter's refusal when it names no row. */}
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="tally__actions">
				<button
					className="button"
					{...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_ROW })}
					formAction={hydrated ? undefined : (action ?? here)}
					onClick={() => {
						added.current = true
					}}
				>
					Add new line
				</button>
				<button type="submit" className="button button--primary">
					{submitLabel}
				</button>
				{children}
			</div>
		</Form>
	)
}

/**
 * The rows typed and not yet sent, kept in this browser (app/components/draft.ts) so a reload or a
 * dropped page does not lose a long list of lengths. Once hydrated they fill the form again if it
 * is as the server rendered it (not a refusal's rows, nor rows typed before the page hydrated).
 * They go when the form's post was taken: the dialog then closes on the way back from it, while a
 * refused post or one the network lost keeps the form open.
 */
function useRowsDraft(
	name: string | undefined,
	{
		formId,
		rows,
		restore,
		refused,
		hidden,
	}: {
		formId: string
		rows: unknown
		restore: (saved: TallyRow[]) => void
		refused: boolean
		hidden: Record<string, string>
	},
) {
	const draft = useDraft(name && `tally:${name}`)
	const typed = JSON.stringify(rows ?? [])
	const [opened] = useState(typed)
	useEffect(() => {
		const saved = parseRows(draft.saved())
		const form = document.forms.namedItem(formId)
		const asRendered = [...(form?.elements ?? [])].every(
			(field) => !(field instanceof HTMLInputElement) || field.value === field.defaultValue,
		)
		if (saved && !refused && asRendered) restore(saved)
		// Once, when the form opens: what the page brings later is the customer's own typing.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [draft])
	// What differs from the rows the form opened with; back to those, no draft.
	const changed = useRef(false)
	useEffect(() => {
		if (typed !== opened) changed.current = true
		if (changed.current) draft.save(typed === opened ? '' : typed)
	}, [draft, typed, opened])
	const navigation = useNavigation()
	// This form's post: the navigation's fields are its hidden ones (product, cart line…).
	const posting =
		navigation.formData !== undefined &&
		Object.entries(hidden).every(([field, value]) => navigation.formData?.get(field) === value)
	const postingRef = useRef(posting)
	useEffect(() => {
		postingRef.current = posting
	}, [posting])
	useEffect(
		() => () => {
			// Taken when the page after the post is the portal's: not the sign-in page a lapsed session
			// goes to, nor the error screen (the page's markup is already in place here).
			const taken =
				window.location.pathname !== '/login' && !document.querySelector('.error-screen')
			if (postingRef.current && taken) draft.clear()
		},
		[draft],
	)
}

function parseRows(saved: string | null) {
	try {
		const rows: unknown = saved ? JSON.parse(saved) : null
		return Array.isArray(rows) ? (rows as TallyRow[]) : null
	} catch {
		return null
	}
}
