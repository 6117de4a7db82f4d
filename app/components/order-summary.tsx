import { formatMoney, type Currency, type Locale } from '#app/utils/format.ts'
import { NO_PRICE } from '#app/utils/product.ts'

export type SummaryProps = {
	totals: { subtotal: number; gst: number; total: number; unpriced?: number } | null
	wording: { tax: string; allPrices: string; note: string | null }
	format: { locale: Locale; currency: Currency }
	lineCount: number
	children?: React.ReactNode
}

/** The Order Summary panel; totals are null when hide_review_price / hide_finalise_price hide them. */
export function OrderSummary({ totals, wording, format, lineCount, children }: SummaryProps) {
	const money = (n: number) => formatMoney(n, format.locale, format.currency)
	return (
		<aside className="order-summary" aria-labelledby="order-summary-title">
			<h2 id="order-summary-title">Order Summary</h2>
			<p className="order-summary__lines">
				{lineCount} {lineCount === 1 ? 'line' : 'lines'}
			</p>
			{totals ? (
				<dl className="order-summary__totals">
					<div>
						<dt>Subtotal (ex {wording.tax})</dt>
						<dd>{money(totals.subtotal)}</dd>
					</div>
					<div>
						<dt>{wording.tax}</dt>
						<dd>{money(totals.gst)}</dd>
					</div>
					<div className="order-summary__total">
						<dt>Total</dt>
						<dd>{money(totals.total)}</dd>
					</div>
				</dl>
			) : null}
			{totals?.unpriced ? (
				<p className="order-summary__note">
					The total leaves out {totals.unpriced === 1 ? '1 line' : `${totals.unpriced} lines`}{' '}
					without a price ({NO_PRICE}).
				</p>
			) : null}
			<p className="order-summary__note">{wording.allPrices}</p>
			{wording.note ? <p className="order-summary__note">{wording.note}</p> : null}
			{children}
		</aside>
	)
}
