import { type TransactionDetail } from '#app/.server/presenter/contract/transactions.ts'
import { formatDisplayDate, formatMoney, type Currency, type Locale } from '#app/utils/format.ts'

type Format = { locale: Locale; currency: Currency }

/** A transaction's lines: description, SKU, quantity, unit, unit price and extended price. */
export function TransactionLines({
	lines,
	format,
}: {
	lines: TransactionDetail['LineDetailsTP']
	format: Format
}) {
	const money = (n: number) => formatMoney(n, format.locale, format.currency)
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
								</td>
								<td data-label="SKU">{line.productCode}</td>
								<td data-label="Qty" className="numeric">
									{line.quantity}
								</td>
								<td data-label="UOM">{line.unitOfMeasure}</td>
								<td data-label="Unit Price" className="numeric">
									{money(line.unitPrice)}
								</td>
								<td data-label="Extended" className="numeric">
									{money(line.linePrice)}
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
 * The summary panel (spec part 2 §2): the date, job, and for invoices the delivery address and
 * comment; the ex-tax and tax rows unless the region flag hides them; the total.
 */
export function TransactionSummary({
	detail,
	showTaxRows,
	taxLabel,
	format,
}: {
	detail: TransactionDetail
	showTaxRows: boolean
	taxLabel: string
	format: Format
}) {
	const money = (n: number) => formatMoney(n, format.locale, format.currency)
	const invoice = detail.transactionType === 'Invoice'
	const date = formatDisplayDate(invoice ? detail.invoiceDate : detail.deliveryDate, format.locale)
	const address = [detail.shipAddress1, detail.shipAddress2, detail.shipAddress3]
		.filter(Boolean)
		.join(', ')
	return (
		<aside className="order-summary" aria-labelledby="summary-title">
			<h2 id="summary-title">Summary</h2>
			<dl className="order-summary__totals">
				<div>
					<dt>{invoice ? 'Invoice Date' : 'Delivery Date'}</dt>
					<dd>{date || '-'}</dd>
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
							<dd>{money(detail.transactionTotalAmountExcGST)}</dd>
						</div>
						<div>
							<dt>{taxLabel}</dt>
							<dd>{money(detail.transactionTotalGST)}</dd>
						</div>
					</>
				) : null}
				<div className="order-summary__total">
					<dt>Total</dt>
					<dd>{money(detail.transactionTotalAmountIncGST)}</dd>
				</div>
			</dl>
		</aside>
	)
}
