import { type DeliveryResultProps } from './delivery-preview.tsx'
import { formatMoney } from '#app/utils/format.ts'

/**
 * What 'Calculate delivery' found: charge, branch and distance, for the address it names; or
 * what stopped it, each linked to its field.
 */
export function DeliveryResult({ preview, errors, branches, format }: DeliveryResultProps) {
	const branch = preview && branches.find((b) => b.branchID === preview.branchID)
	return preview ? (
		<section aria-label="Delivery charge" className="delivery-preview">
			<p className="delivery-preview__to">
				To{' '}
				{[preview.for.address, preview.for.suburb, `${preview.for.state} ${preview.for.zipCode}`]
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
	) : (
		<ul className="delivery-preview__errors">
			{errors.map((e) => (
				<li key={e.id}>
					<a href={`#${e.id}`}>{e.message}</a>
				</li>
			))}
		</ul>
	)
}
