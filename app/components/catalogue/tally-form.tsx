import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { type Product } from '#app/.server/presenter/contract/catalogue.ts'
import { CATALOGUE_INTENTS } from '#app/routes/portal/products/intents.ts'
import { ErrorList } from '../forms.tsx'

type TallyValues = {
	intent: string
	productID: string
	uom: string
	closeTo: string
	lines: Array<{ length: string; qty: string }>
}

/**
 * Rows of length and qty for a length-sold product (spec part 1 §2 Tally modal). 'Add new line'
 * is conform's list intent: in the browser with JS, a server round trip without.
 */
export function TallyForm({
	product,
	tallyLengths,
	closeTo,
	lastResult,
}: {
	product: Pick<Product, 'productID' | 'UOMList' | 'productShortDesc'>
	tallyLengths: number[]
	closeTo: string
	lastResult?: SubmissionResult<string[]> | null
}) {
	const [form, fields] = useForm<TallyValues>({
		id: `tally-${product.productID}`,
		lastResult,
		defaultValue: { lines: [{ length: '', qty: '' }] },
		shouldRevalidate: 'onSubmit',
	})
	const lines = fields.lines.getFieldList()
	const listId = `tally-lengths-${product.productID}`
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="tally">
			<input type="hidden" name="intent" value={CATALOGUE_INTENTS.tallyAdd} />
			<input type="hidden" name="productID" value={product.productID} />
			<input type="hidden" name="uom" value={product.UOMList[0]?.UOM} />
			<input type="hidden" name="closeTo" value={closeTo} />
			<table className="tally__table">
				<thead>
					<tr>
						<th scope="col">Length (m)</th>
						<th scope="col">Qty</th>
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
										min="0"
										step="1"
										aria-label={`Qty, line ${i + 1}`}
									/>
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
			{tallyLengths.length ? (
				<p className="tally__hint">
					Stock lengths: {tallyLengths.map((l) => `${l.toFixed(1)} m`).join(', ')}
				</p>
			) : null}
			<ErrorList id={fields.lines.errorId} errors={fields.lines.errors} />
			{/* The presenter's refusal, e.g. a length that is not a stock length. */}
			<ErrorList id={form.errorId} errors={form.errors} />
			<div className="tally__actions">
				<button
					className="button"
					{...form.insert.getButtonProps({
						name: fields.lines.name,
						defaultValue: { length: '', qty: '' },
					})}
				>
					Add new line
				</button>
				<button type="submit" className="button button--primary">
					Add to Cart
				</button>
			</div>
		</Form>
	)
}
