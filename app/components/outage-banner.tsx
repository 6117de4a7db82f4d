/**
 * The one banner of a page served while the ordering system (the presenter) is down: what it shows
 * is the last good copy, read at `at` (the branches' clock), prices included.
 */
export function OutageBanner({ at }: { at: string }) {
	return (
		<section className="outage-banner" role="status" aria-label="Ordering system unavailable">
			<p>
				<strong>Our ordering system is unavailable — showing what we had at {at}.</strong>
			</p>
			<p>Prices are as of {at}. Changes and orders are checked again when the system is back.</p>
		</section>
	)
}
