import { Suspense } from 'react'
import { Await } from 'react-router'
import { CHECKOUT_INTENTS } from './intents.ts'
import { type Address } from './site-address-choice.tsx'
import { loadedWhenShown } from '#app/components/lazy.tsx'

/**
 * The customer's previous delivery addresses at checkout: a select and 'Use address'. With JS the
 * addresses stream in after the page (docs/decisions/024).
 */
export function SiteAddressPicker({ addresses }: { addresses: Promise<Address[]> | Address[] }) {
	return addresses instanceof Promise ? (
		<Suspense fallback={<Loading />}>
			<Await resolve={addresses}>{(resolved) => <Choice addresses={resolved} />}</Await>
		</Suspense>
	) : (
		<Choice addresses={addresses} />
	)
}

/** The picker's place kept while the addresses stream in, so the form below does not move. */
function Loading() {
	return (
		<div className="field site-address">
			<label htmlFor="site-address">Previous delivery site</label>
			<div className="site-address__row">
				<select id="site-address" disabled>
					<option>Loading…</option>
				</select>
				<button type="button" className="button" disabled>
					Use address
				</button>
			</div>
		</div>
	)
}

/**
 * The select and its button, loaded when they first show (only for a delivery, with previous
 * addresses): their code leaves the checkout's first load. A page that arrives with them loads
 * them before hydrating.
 */
const LazyChoice = loadedWhenShown(
	() => import('./site-address-choice.tsx').then((m) => m.SiteAddressChoice),
	'select#site-address:enabled',
	<Loading />,
)

function Choice({ addresses }: { addresses: Address[] }) {
	return <LazyChoice addresses={addresses} intent={CHECKOUT_INTENTS.useAddress} />
}
