/**
 * What a page shows when something it needs is unavailable: the ordering system (the presenter,
 * docs/decisions/064) or the portal's own configuration. Pages take these from
 * lazy-unavailable.tsx, which loads this module when one shows.
 */

/**
 * The one banner of a page served while the ordering system is down: what it shows is the last
 * good copy, read at `at` (the branches' clock), prices included.
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

/** A page with nothing read before to show while the ordering system is down. */
export function NeedsTheSystem() {
	return (
		<section className="error-screen unavailable-screen" aria-labelledby="error-title">
			<h1 id="error-title">This page needs our ordering system</h1>
			<p>
				Our ordering system is unavailable, and this page has not been read before, so there is
				nothing to show yet. It will show again when the system is back. Pages you have opened
				before still show what we had.
			</p>
			<a className="button" href="/">
				Back to Home
			</a>
		</section>
	)
}

/** The portal's configuration is missing or incomplete (a 503 from requireConfiguration). */
export function ConfigurationUnavailable() {
	return (
		<section className="error-screen unavailable-screen" aria-labelledby="error-title">
			<h1 id="error-title">Configuration Unavailable</h1>
			<p>The portal cannot reach its configuration. Please try again shortly.</p>
		</section>
	)
}
