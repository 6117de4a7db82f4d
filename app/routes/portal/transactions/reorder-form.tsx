import { type SubmissionResult } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { LazyTallyForm } from '#app/components/lazy-tally-form.tsx'
import { ErrorList, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { type TransactionDetail } from '#app/.server/presenter/contract/transactions.ts'
import { type ShownChange, type ShownOutcome } from '#app/.server/cart/reorder.ts'
import { type Currency, type Locale } from '#app/utils/format.ts'
import { visiblePrice } from '#app/utils/product.ts'

type Errors = Record<string, string[] | null | undefined> | null | undefined
type Line = TransactionDetail['LineDetailsTP'][number]
type Format = { locale: Locale; currency: Currency }

/** The one form the lines' checkboxes and quantities belong to (`form=`): each line can hold its own. */
const REORDER_FORM = 'reorder-form'

/**
 * 'Reorder lines': every line but delivery charges, each with a checkbox (all checked, so without
 * JS the whole transaction is one click away) and its quantity to change, then 'Add selected to
 * cart'. The orders list's 'Reorder' links here (#reorder). After a reorder each line says what
 * became of it (app/.server/cart/reorder.ts): added, with anything the portal changed; a failure, until
 * dismissed; or a tally product's lengths to confirm, in its own tally form.
 */
export function ReorderForm({
	here,
	kind,
	lines,
	intents,
	errors,
	outcomes,
	format,
	tallyResult,
}: {
	here: string
	/** 'order', 'invoice' or 'quote': what the lines are from. */
	kind: string
	lines: TransactionDetail['LineDetailsTP']
	intents: { reorder: string; tally: string; dismiss: string }
	errors: Errors
	outcomes: ShownOutcome[]
	/** The tally form's (its running total is worked out in the browser). */
	format: Format
	/** The reply of a reordered tally's form, for the line it names. */
	tallyResult: SubmissionResult<string[]> | undefined
}) {
	const copyable = lines.filter((l) => !l.productCode.toUpperCase().startsWith('DEL-'))
	if (!copyable.length) return null
	const byLine = new Map(outcomes.map((o) => [o.lineNum, o]))
	return (
		<section id="reorder" aria-labelledby="reorder-title" className="reorder">
			<h2 id="reorder-title">Reorder lines</h2>
			<ErrorList id="reorder-error" errors={errors?.lines} />
			<ul className="reorder__lines">
				{copyable.map((line, i) => {
					const qtyErrors = errors?.[`lines[${i}].quantity`]
					const id = `reorder-${line.lineNum}`
					const outcome = byLine.get(line.lineNum)
					return (
						<li key={line.lineNum} id={id} className="reorder__line">
							<input
								type="hidden"
								form={REORDER_FORM}
								name={`lines[${i}].lineNum`}
								value={line.lineNum}
							/>
							<input
								type="checkbox"
								form={REORDER_FORM}
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
									form={REORDER_FORM}
									id={`${id}-qty`}
									name={`lines[${i}].quantity`}
									defaultValue={asked(outcome) ?? line.quantity}
									min="0"
									step="any"
									inputMode="decimal"
									aria-invalid={qtyErrors?.length ? true : undefined}
									aria-describedby={qtyErrors?.length ? `${id}-qty-error` : undefined}
								/>{' '}
								{line.unitOfMeasure}
							</span>
							<ErrorList id={`${id}-qty-error`} errors={qtyErrors} />
							{outcome ? (
								<LineOutcome
									line={line}
									outcome={outcome}
									here={here}
									kind={kind}
									intents={intents}
									format={format}
									tallyResult={
										tallyResult?.initialValue?.lineNum === String(line.lineNum)
											? tallyResult
											: undefined
									}
								/>
							) : null}
						</li>
					)
				})}
			</ul>
			<Form id={REORDER_FORM} method="post" action={`${here}#reorder`} preventScrollReset>
				<SubmissionKey />
				<input type="hidden" name="intent" value={intents.reorder} />
				<StatusButton className="button button--primary" intent={intents.reorder}>
					Add selected to cart
				</StatusButton>
			</Form>
		</section>
	)
}

/** The quantity a line still to act on was asked with, kept in its field (not the original). */
function asked(outcome: ShownOutcome | undefined) {
	if (outcome?.status === 'failed') return outcome.quantity
	if (outcome?.status === 'lengths') return outcome.metres
	return undefined
}

/** What became of a line, beside it. */
function LineOutcome({
	line,
	outcome,
	here,
	kind,
	intents,
	format,
	tallyResult,
}: {
	line: Line
	outcome: ShownOutcome
	here: string
	kind: string
	intents: { tally: string; dismiss: string }
	format: Format
	tallyResult: SubmissionResult<string[]> | undefined
}) {
	const action = `${here}#reorder-${line.lineNum}`
	const dismiss = (
		<Form method="post" action={action} preventScrollReset className="reorder__dismiss">
			<SubmissionKey />
			<input type="hidden" name="intent" value={intents.dismiss} />
			<input type="hidden" name="lineNum" value={line.lineNum} />
			<button
				type="submit"
				className="button"
				aria-label={`Dismiss the message about ${line.productDesc}`}
			>
				Dismiss
			</button>
		</Form>
	)
	if (outcome.status === 'failed') {
		return (
			<div className="reorder__outcome reorder__outcome--failed">
				<p className="field-error">Not added: {outcome.message}</p>
				{dismiss}
			</div>
		)
	}
	const changes = outcome.changes.length ? (
		<ul className="reorder__changes">
			{outcome.changes.map((change) => (
				<li key={change.kind}>{changeText(change, kind)}</li>
			))}
		</ul>
	) : null
	if (outcome.status === 'added') {
		return (
			<div className="reorder__outcome">
				<p className="reorder__added">Added to cart</p>
				{changes}
			</div>
		)
	}
	return (
		<div className="reorder__outcome reorder__outcome--lengths">
			<p className="field-error">
				Not added yet. No one stock length makes up {outcome.metres} {outcome.uom} (the {kind} kept
				only the metres): check these lengths, then add them.
			</p>
			{changes}
			<LazyTallyForm
				id={`reorder-tally-${line.lineNum}`}
				action={action}
				tallyLengths={outcome.stockLengths}
				unitPrice={visiblePrice(outcome.price)}
				format={format}
				hidden={{ intent: intents.tally, lineNum: String(line.lineNum) }}
				defaultLines={outcome.proposed.map((t) => ({
					length: t.length.toFixed(2),
					qty: String(t.qty),
				}))}
				submitLabel="Add to Cart"
				lastResult={tallyResult}
			/>
			{dismiss}
		</div>
	)
}

/** A change the portal made, in words. */
function changeText(change: ShownChange, kind: string) {
	switch (change.kind) {
		case 'lengths':
			return (
				<>
					Added as {change.tally.map((t) => `${t.length.toFixed(2)} m × ${t.qty}`).join(', ')}: the{' '}
					{kind} kept only the metres ({change.metres} {change.uom}), so the portal chose the
					lengths. <Link to="/cart">Change them in the cart</Link>.
				</>
			)
		case 'uom':
			return `Sold by ${change.now} now, not ${change.was}: added in ${change.now}`
		case 'price':
			return `Price now ${change.now} (was ${change.was})`
	}
}
