import { useRef } from 'react'

export type Address = {
	key: string
	address: string
	suburb: string
	state: string
	postcode: string
}

/** The checkout form's address fields, by name. */
const FIELDS = {
	'shipping.address': 'address',
	'shipping.suburb': 'suburb',
	'shipping.state': 'state',
	'shipping.zipCode': 'postcode',
} as const

/**
 * The select and 'Use address' (site-address-picker.tsx). Without JS the button posts the
 * checkout form, which comes back with the address filled in; with JS it fills the form's fields
 * in place (they are uncontrolled, docs/decisions/010). The intent is given, so that this module,
 * loaded when it first shows, imports nothing of the page's.
 */
export function SiteAddressChoice({ addresses, intent }: { addresses: Address[]; intent: string }) {
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
					value={intent}
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
