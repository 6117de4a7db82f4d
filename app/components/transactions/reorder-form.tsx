import { Form } from 'react-router'
import { ErrorList, StatusButton } from '#app/components/forms.tsx'
import { type TransactionDetail } from '#app/.server/presenter/contract/transactions.ts'

type Errors = Record<string, string[] | null | undefined> | null | undefined

/**
 * 'Reorder lines': every line but delivery charges, each with a checkbox (all checked, so without
 * JS the whole transaction is one click away) and its quantity to change, then 'Add selected to
 * cart'. The orders list's 'Reorder' links here (#reorder).
 */
export function ReorderForm({
	here,
	lines,
	intent,
	errors,
}: {
	here: string
	lines: TransactionDetail['LineDetailsTP']
	intent: string
	errors: Errors
}) {
	const copyable = lines.filter((l) => !l.productCode.toUpperCase().startsWith('DEL-'))
	if (!copyable.length) return null
	return (
		<section id="reorder" aria-labelledby="reorder-title" className="reorder">
			<h2 id="reorder-title">Reorder lines</h2>
			<Form method="post" action={here} preventScrollReset>
				<input type="hidden" name="intent" value={intent} />
				<ErrorList id="reorder-error" errors={errors?.lines} />
				<ul className="reorder__lines">
					{copyable.map((line, i) => {
						const qtyErrors = errors?.[`lines[${i}].quantity`]
						const id = `reorder-${line.lineNum}`
						return (
							<li key={line.lineNum} className="reorder__line">
								<input type="hidden" name={`lines[${i}].lineNum`} value={line.lineNum} />
								<input
									type="checkbox"
									id={`${id}-select`}
									name={`lines[${i}].selected`}
									defaultChecked
								/>
								<label htmlFor={`${id}-select`} className="reorder__product">
									{line.productDesc} <span className="quick-line__sku">SKU {line.productCode}</span>
								</label>
								<span className="reorder__qty">
									<label htmlFor={`${id}-qty`} className="visually-hidden">
										Quantity of {line.productDesc}
									</label>
									<input
										type="number"
										id={`${id}-qty`}
										name={`lines[${i}].quantity`}
										defaultValue={line.quantity}
										min="0"
										step="any"
										inputMode="decimal"
										aria-invalid={qtyErrors?.length ? true : undefined}
										aria-describedby={qtyErrors?.length ? `${id}-qty-error` : undefined}
									/>{' '}
									{line.unitOfMeasure}
								</span>
								<ErrorList id={`${id}-qty-error`} errors={qtyErrors} />
							</li>
						)
					})}
				</ul>
				<StatusButton className="button button--primary" intent={intent}>
					Add selected to cart
				</StatusButton>
			</Form>
		</section>
	)
}
