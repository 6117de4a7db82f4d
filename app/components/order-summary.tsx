import { formatMoney, type Currency, type Locale } from '#app/utils/format.ts'
import { minus, ZERO, type Cents } from '#app/utils/money.ts'
import { NO_PRICE } from '#app/utils/product.ts'

export type SummaryProps = {
	totals: { subtotal: Cents; gst: Cents; total: Cents; unpriced?: number } | null
	wording: { tax: string; allPrices: string; note: string | null }
	format: { locale: Locale; currency: Currency }
	lineCount: number
	/**
	 * A delivery's charge ex tax, which `totals` include ('pending': not calculated yet, so not
	 * in the totals; null: the charge has no price).
	 */
	deliveryCharge?: Cents | null | 'pending'
	children?: React.ReactNode
}

/** The Order Summary panel; totals are null when hide_review_price / hide_finalise_price hide them. */
export function OrderSummary({
	totals,
	wording,
	format,
	lineCount,
	deliveryCharge,
	children,
}: SummaryProps) {
	const money = (n: Cents) => formatMoney(n, format.locale, format.currency)
	const charge = typeof deliveryCharge === 'number' ? deliveryCharge : ZERO
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
						<dd>{money(minus(totals.subtotal, charge))}</dd>
					</div>
					{deliveryCharge !== undefined ? (
						<div>
							<dt>Delivery (ex {wording.tax})</dt>
							<dd>
								{deliveryCharge === 'pending'
									? 'Not calculated yet'
									: deliveryCharge === null
										? NO_PRICE
										: money(deliveryCharge)}
							</dd>
						</div>
					) : null}
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
			{deliveryCharge === 'pending' ? (
				<p className="order-summary__note">
					A delivery charge is added to this total: press Calculate delivery to see it before you
					confirm.
				</p>
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
