import { type useForm } from '@conform-to/react'
import { type z } from 'zod'
import type { checkoutSchema } from './checkout.forms.ts'
import { CHECKOUT_INTENTS } from './intents.ts'
import { SiteAddressPicker } from './site-address-picker.tsx'
import { type Address } from './site-address-choice.tsx'
import { type State } from '#app/.server/presenter/contract/auth.ts'
import { type DespatchMethod } from '#app/.server/presenter/contract/checkout.ts'
import { DateField, SelectField, TextareaField, TextField } from '#app/components/form-fields.tsx'
import { type Locale } from '#app/utils/format.ts'

/** The checkout form's sections that are plain fields: shipping details and the contact. */

type CheckoutSchema = ReturnType<typeof checkoutSchema>
type CheckoutFields = ReturnType<
	typeof useForm<z.input<CheckoutSchema>, z.output<CheckoutSchema>>
>[1]

/**
 * Shipping Details: the despatch type ('Update' applies it without JS), who it goes to and, unless
 * picked up, the address (or one used before), then the reference and notes.
 */
export function ShippingFields({
	shipping,
	mode,
	wording,
	methods,
	states,
	siteAddresses,
	zipRequired,
}: {
	shipping: ReturnType<CheckoutFields['shipping']['getFieldset']>
	mode: 'delivery' | 'pickup' | null
	wording: { despatch: string; zipCode: string }
	methods: Array<Pick<DespatchMethod, 'methodName' | 'methodDesc'>>
	states: Array<Pick<State, 'stateID' | 'stateName'>>
	siteAddresses: Promise<Address[]> | Address[]
	zipRequired: boolean
}) {
	return (
		<fieldset>
			<legend>Shipping Details</legend>
			<SelectField
				meta={shipping.despatchType}
				label={`${wording.despatch} type`}
				options={methods.map((m) => ({ value: m.methodName, label: m.methodDesc }))}
				placeholder={`Select a ${wording.despatch.toLowerCase()} type`}
				required
			/>
			<button
				type="submit"
				name="intent"
				value={CHECKOUT_INTENTS.refresh}
				formNoValidate
				className="button no-js-only"
			>
				Update
			</button>
			<TextField meta={shipping.deliveryTo} label="Delivery To" autoComplete="name" required />
			{mode !== 'pickup' ? (
				<>
					<SiteAddressPicker addresses={siteAddresses} />
					<TextField
						meta={shipping.address}
						label="Address"
						autoComplete="street-address"
						required
					/>
					<TextField meta={shipping.suburb} label="Suburb" autoComplete="address-level2" required />
					<SelectField
						meta={shipping.state}
						label="State"
						options={states.map((s) => ({ value: s.stateID, label: s.stateName }))}
						placeholder="Select a state"
						required
					/>
					<TextField
						meta={shipping.zipCode}
						label={wording.zipCode}
						autoComplete="postal-code"
						inputMode="numeric"
						required={zipRequired}
					/>
				</>
			) : null}
			<TextField meta={shipping.reference} label="Reference" />
			<TextareaField meta={shipping.notes} label="Notes" rows={3} />
		</fieldset>
	)
}

/** Contact: who to call about the order, and when it is required (from `today` on). */
export function ContactFields({
	delivery,
	locale,
	today,
}: {
	delivery: ReturnType<CheckoutFields['delivery']['getFieldset']>
	locale: Locale
	today: string | undefined
}) {
	return (
		<fieldset>
			<legend>Contact</legend>
			<TextField meta={delivery.contactName} label="Contact name" autoComplete="name" required />
			<TextField
				meta={delivery.contactPhone}
				label="Contact phone"
				type="tel"
				autoComplete="tel"
				required
			/>
			<TextField
				meta={delivery.contactMobile}
				label="Contact mobile"
				type="tel"
				autoComplete="tel"
			/>
			<TextField meta={delivery.clientEmail} label="Email" type="email" autoComplete="email" />
			<DateField
				meta={delivery.requiredDate}
				label="Required date"
				locale={locale}
				min={today}
				required
			/>
			<TextField
				meta={delivery.requiredTime}
				label="Required time (24-hour, e.g. 7:30)"
				placeholder="H:mm"
				inputMode="numeric"
				required
			/>
		</fieldset>
	)
}
