import type { DeliveryPreview } from '#app/.server/orders/index.ts'
import { formatMoney, type Currency, type Locale } from '#app/utils/format.ts'

/** Where the checkout posts; 'Calculate delivery' adds the result's fragment. */
export const CHECKOUT = '/checkout'
export const RESULT_ID = 'delivery-result'

/**
 * The preview if it was calculated for the despatch method, address and vehicle the form has now;
 * null once any of them changed.
 */
export function currentPreview(
	preview: DeliveryPreview | undefined,
	current: Record<keyof DeliveryPreview['for'], string | undefined>,
) {
	if (!preview) return null
	const stale = Object.entries(preview.for).some(
		([key, value]) => String(value) !== (current[key as keyof typeof current] ?? '').trim(),
	)
	return stale ? null : preview
}

/**
 * What 'Calculate delivery' found: charge, branch and distance, for the address it names; or
 * what stopped it, each linked to its field. With JS it goes away as soon as the despatch method,
 * address or vehicle type is changed, so it is never shown stale.
 */
export function DeliveryPreviewPanel({
	preview,
	errors,
	branches,
	format,
}: {
	preview: DeliveryPreview | null
	errors: Array<{ id: string; message: string }>
	branches: Array<{ branchID: number; branchName: string }>
	format: { locale: Locale; currency: Currency }
}) {
	const branch = preview && branches.find((b) => b.branchID === preview.branchID)
	return (
		<div id={RESULT_ID} aria-live="polite">
			{preview ? (
				<section aria-label="Delivery charge" className="delivery-preview">
					<p className="delivery-preview__to">
						To{' '}
						{[
							preview.for.address,
							preview.for.suburb,
							`${preview.for.state} ${preview.for.zipCode}`,
						]
							.map((part) => part.trim())
							.filter(Boolean)
							.join(', ')}
					</p>
					<dl className="order-summary__totals">
						{preview.charge !== null ? (
							<div>
								<dt>Delivery charge</dt>
								<dd>{formatMoney(preview.charge, format.locale, format.currency)}</dd>
							</div>
						) : null}
						<div>
							<dt>From branch</dt>
							<dd>{branch?.branchName ?? preview.branchID}</dd>
						</div>
						<div>
							<dt>Distance</dt>
							<dd>{preview.distanceKm} km</dd>
						</div>
					</dl>
				</section>
			) : errors.length ? (
				<ul className="delivery-preview__errors">
					{errors.map((e) => (
						<li key={e.id}>
							<a href={`#${e.id}`}>{e.message}</a>
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
