import { type TransactionDetail } from '#app/.server/presenter/contract/transactions.ts'

type Line = TransactionDetail['LineDetailsTP'][number]

/** What the page shows of a transaction, its amounts and date already written out by the server. */
export type ShownTransaction = {
	lines: Array<
		Pick<Line, 'lineNum' | 'productDesc' | 'productCode' | 'quantity' | 'unitOfMeasure'> & {
			unitPrice: string
			linePrice: string
			/** The cut list ordered ('5.40 m × 3'), when the portal placed the line and kept it. */
			lengths: string[]
		}
	>
	date: string
	exTax: string
	tax: string
	total: string
}

/** A transaction's lines: description, SKU, quantity, unit, unit price and extended price. */
export function TransactionLines({ lines }: { lines: ShownTransaction['lines'] }) {
	return (
		<section aria-labelledby="lines-title" className="transaction__lines">
			<h2 id="lines-title" className="visually-hidden">
				Lines
			</h2>
			<div className="table-wrap">
				<table className="data-table">
					<thead>
						<tr>
							<th scope="col">Description</th>
							<th scope="col">SKU</th>
							<th scope="col" className="numeric">
								Qty
							</th>
							<th scope="col">UOM</th>
							<th scope="col" className="numeric">
								Unit Price
							</th>
							<th scope="col" className="numeric">
								Extended
							</th>
						</tr>
					</thead>
					<tbody>
						{lines.map((line) => (
							<tr key={line.lineNum}>
								<td data-label="Description" className="data-table__wrap">
									{line.productDesc}
									{line.lengths.length ? (
										<ul className="cart-line__tally" aria-label={`Lengths of ${line.productDesc}`}>
											{line.lengths.map((length) => (
												<li key={length}>{length}</li>
											))}
										</ul>
									) : null}
								</td>
								<td data-label="SKU">{line.productCode}</td>
								<td data-label="Qty" className="numeric">
									{line.quantity}
								</td>
								<td data-label="UOM">{line.unitOfMeasure}</td>
								<td data-label="Unit Price" className="numeric">
									{line.unitPrice}
								</td>
								<td data-label="Extended" className="numeric">
									{line.linePrice}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	)
}

/**
 * The summary panel: the date, job, and for invoices the delivery address and
 * comment; the ex-tax and tax rows unless the region flag hides them; the total.
 */
export function TransactionSummary({
	detail,
	shown,
	showTaxRows,
	taxLabel,
}: {
	detail: TransactionDetail
	shown: ShownTransaction
	showTaxRows: boolean
	taxLabel: string
}) {
	const invoice = detail.transactionType === 'Invoice'
	const address = [detail.shipAddress1, detail.shipAddress2, detail.shipAddress3]
		.filter(Boolean)
		.join(', ')
	return (
		<aside className="order-summary" aria-labelledby="summary-title">
			<h2 id="summary-title">Summary</h2>
			<dl className="order-summary__totals">
				<div>
					<dt>{invoice ? 'Invoice Date' : 'Delivery Date'}</dt>
					<dd>{shown.date || '-'}</dd>
				</div>
				{detail.jobName ? (
					<div>
						<dt>Job Name</dt>
						<dd>{detail.jobName}</dd>
					</div>
				) : null}
				{invoice ? (
					<>
						<div>
							<dt>Delivery Address</dt>
							<dd>{address || '-'}</dd>
						</div>
						<div>
							<dt>Comment</dt>
							<dd>{detail.comment_tportal || '-'}</dd>
						</div>
					</>
				) : null}
				{showTaxRows ? (
					<>
						<div>
							<dt>Subtotal (ex {taxLabel})</dt>
							<dd>{shown.exTax}</dd>
						</div>
						<div>
							<dt>{taxLabel}</dt>
							<dd>{shown.tax}</dd>
						</div>
					</>
				) : null}
				<div className="order-summary__total">
					<dt>Total</dt>
					<dd>{shown.total}</dd>
				</div>
			</dl>
		</aside>
	)
}
