import { format } from 'date-fns'
import { TIME_PATTERN } from '#app/utils/input-date.ts'
import { type OrderPayload } from '../presenter/contract/checkout.ts'
import { type CustomerDetails, type UserDetails } from '../presenter/contract/users.ts'

/** The time_deliv_required every order payload carries. */
export const DELIVERY_TIME_REQUIRED = 800

/** Date and time joined as a seconds-precision timestamp: 2026-11-24T07:30:00. */
export function joinDateTime(date: Date, time: string) {
	const match = TIME_PATTERN.exec(time.trim())
	if (!match) throw new Error(`Not a 24-hour time: ${time}`)
	return `${format(date, 'yyyy-MM-dd')}T${match[1]!.padStart(2, '0')}:${match[2]}:00`
}

export type CheckoutValues = {
	transactionType: 'Order' | 'Quote'
	shipping: {
		despatchType: string
		deliveryTo: string
		address?: string
		suburb?: string
		state?: string
		notes?: string
		reference?: string
		zipCode?: string
	}
	delivery: {
		onsite: boolean
		contactName: string
		contactPhone: string
		contactMobile?: string
		clientEmail?: string
		requiredDate: Date
		requiredTime: string
		vehicleType?: number
	}
}

/**
 * The createOrder payload from the checkout form: the customer's
 * account details, the delivery address and contact, one saleDeliveryDetails entry with its
 * defaults (time 800, zeros and empties). The contact email defaults to the user's own.
 */
export function buildOrderPayload({
	values,
	branchID,
	user,
	customer,
	place,
}: {
	values: CheckoutValues
	branchID: number
	user: Pick<UserDetails, 'userEmailAddress'>
	customer: Pick<
		CustomerDetails,
		'customerName' | 'streetAddress' | 'streetState' | 'streetPostCode' | 'customerEmail'
	>
	place?: { latitude: number; longitude: number; distanceKm: number }
}): OrderPayload {
	const { shipping, delivery } = values
	const email = delivery.clientEmail || user.userEmailAddress
	return {
		transactionType: values.transactionType,
		branchID,
		customerName: customer.customerName,
		customerAddress: customer.streetAddress,
		customerState: customer.streetState,
		customerPostcode: customer.streetPostCode,
		customerEmail: customer.customerEmail,
		clientName: shipping.deliveryTo,
		clientAddress: shipping.address ?? '',
		clientSuburb: shipping.suburb ?? '',
		clientState: shipping.state ?? '',
		clientPostcode: shipping.zipCode ?? '',
		clientEmail: email,
		buildersRef: shipping.reference ?? '',
		buildersContact: delivery.contactName,
		salesRepID: 0,
		dateRequired: joinDateTime(delivery.requiredDate, delivery.requiredTime),
		despatchMethod: shipping.despatchType,
		shippingInstructions: shipping.notes ?? '',
		quoteOutput: '',
		specOutput: '',
		brochureOutput: '',
		saleDeliveryDetails: [
			{
				id_branch: branchID,
				date_deliv: format(delivery.requiredDate, 'yyyy-MM-dd'),
				is_contact_on_site: delivery.onsite,
				type_vehicle: delivery.vehicleType ?? 0,
				name_contact: delivery.contactName,
				phone_contact: delivery.contactPhone,
				phone_mobile: delivery.contactMobile ?? '',
				email_contact: email,
				time_deliv_required: DELIVERY_TIME_REQUIRED,
				latitude: place?.latitude ?? 0,
				longitude: place?.longitude ?? 0,
				distance_km: place?.distanceKm ?? 0,
				id_run: 0,
				instructions: '',
			},
		],
	}
}
