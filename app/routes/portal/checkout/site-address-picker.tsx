import { Suspense, useRef } from 'react'
import { Await } from 'react-router'
import { CHECKOUT_INTENTS } from './intents.ts'

type Address = { key: string; address: string; suburb: string; state: string; postcode: string }

/** The checkout form's address fields, by name. */
const FIELDS = {
	'shipping.address': 'address',
	'shipping.suburb': 'suburb',
	'shipping.state': 'state',
	'shipping.zipCode': 'postcode',
} as const

/**
 * The customer's previous delivery addresses at checkout: a select and 'Use address'. Without JS
 * the button posts the checkout form, which comes back with the address filled in; with JS it
 * fills the form's fields in place (they are uncontrolled, docs/decisions/010). With JS the
 * addresses stream in after the page (docs/decisions/024).
 */
export function SiteAddressPicker({ addresses }: { addresses: Promise<Address[]> | Address[] }) {
	return addresses instanceof Promise ? (
		<Suspense fallback={<Loading />}>
			<Await resolve={addresses}>{(resolved) => <Picker addresses={resolved} />}</Await>
		</Suspense>
	) : (
		<Picker addresses={addresses} />
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

function Picker({ addresses }: { addresses: Address[] }) {
	const select = useRef<HTMLSelectElement>(null)
	if (!addresses.length) return null
	return (
		<div className="field site-address">
			<label htmlFor="site-address">Previous delivery site</label>
			<div className="site-address__row">
				<select id="site-address" name="siteAddress" ref={select}>
					{addresses.map((a) => (
						<option key={a.key} value={a.key}>
							{`${a.address}, ${a.suburb} ${a.state} ${a.postcode}`}
						</option>
					))}
				</select>
				<button
					type="submit"
					name="intent"
					value={CHECKOUT_INTENTS.useAddress}
					formNoValidate
					className="button"
					onClick={(event) => {
						const chosen = addresses.find((a) => a.key === select.current?.value)
						const form = event.currentTarget.form
						if (!chosen || !form) return
						event.preventDefault()
						for (const [name, part] of Object.entries(FIELDS)) {
							const field = form.elements.namedItem(name)
							if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
								field.value = chosen[part]
								field.dispatchEvent(new Event('input', { bubbles: true }))
							}
						}
					}}
				>
					Use address
				</button>
			</div>
		</div>
	)
}
