import { type Settings } from '../presenter/config.ts'
import { type Presenter } from '../presenter/index.ts'
import {
	cartTotals,
	lineCents,
	minus,
	type Cents,
	type PricedLine,
	type Totals,
} from '#app/utils/money.ts'

/** Said beside the address when the presenter cannot place it. */
export const ADDRESS_NOT_FOUND = 'We could not find this address'

/** The address and despatch method a delivery is quoted for, as the checkout form has them. */
export type Address = {
	despatchType?: string
	address?: string
	suburb?: string
	state?: string
	zipCode?: string
}

/**
 * A delivery: the address geocoded, the closest branch that sends the vehicle type, and the
 * charge product for that vehicle and distance. The one path for the 'Calculate delivery' preview and the order, so
 * both name the same charge. Null when the presenter cannot place the address.
 */
export async function quoteDelivery(presenter: Presenter, address: Address, vehicleType: number) {
	const { address: street = '', suburb = '', state = '', zipCode = '' } = address
	const point = await presenter.checkout.geocode([street, suburb, `${state} ${zipCode}`.trim()])
	if (!point) return null
	const closest = await presenter.checkout.getClosestBranch(point, vehicleType)
	const productID = await presenter.checkout.getDeliveryCharge(closest, vehicleType)
	return { productID, branchID: closest.branchID, distanceKm: closest.distanceKm, point }
}
export type DeliveryQuote = NonNullable<Awaited<ReturnType<typeof quoteDelivery>>>

/** What 'Calculate delivery' shows: the charge (null when prices are hidden), branch and distance. */
export type DeliveryPreview = {
	branchID: number
	distanceKm: number
	/** The charge as the cart will price its line: ex GST, or inc GST with tax_inclusive. */
	charge: Cents | null
	/** The charge ex GST, as the Order Summary lists it above the GST. */
	chargeExTax: Cents | null
	/** The Order Summary with the charge added: what Confirm Order places (null: prices hidden). */
	totals: Totals | null
	/** The despatch method, address and vehicle it was calculated for: a change makes it stale. */
	for: {
		despatchType: string
		address: string
		suburb: string
		state: string
		zipCode: string
		vehicleType: number
	}
}

/**
 * The charge product as a cart line, priced as the cart prices it: unit price ex GST, or inc GST
 * with tax_inclusive, and its unit GST (the difference between the two). Null when unpriced.
 */
export async function chargeLine(presenter: Presenter, productID: string, taxInclusive: boolean) {
	const [ex, inc] = await Promise.all([
		presenter.catalogue.findProduct(productID, false),
		presenter.catalogue.findProduct(productID, true),
	])
	if (!ex || !inc) return null
	return {
		prodQty: 1,
		unitPrice: taxInclusive ? inc.customerPrice : ex.customerPrice,
		unitGST: minus(inc.customerPrice, ex.customerPrice),
	}
}

/** The preview of a quoted delivery: its charge and the cart's totals with it. */
export function toPreview(
	quote: { branchID: number; distanceKm: number },
	charge: PricedLine | null,
	lines: PricedLine[],
	{ settings, address, vehicleType }: { settings: Settings; address: Address; vehicleType: number },
): DeliveryPreview {
	const hidden = settings.hide_finalise_price
	return {
		branchID: quote.branchID,
		distanceKm: quote.distanceKm,
		charge: hidden || !charge ? null : charge.unitPrice,
		chargeExTax: hidden || !charge ? null : lineCents(charge, settings.tax_inclusive).ex,
		totals: hidden ? null : cartTotals(charge ? [...lines, charge] : lines, settings.tax_inclusive),
		for: {
			despatchType: address.despatchType ?? '',
			address: address.address ?? '',
			suburb: address.suburb ?? '',
			state: address.state ?? '',
			zipCode: address.zipCode ?? '',
			vehicleType,
		},
	}
}

/**
 * The delivery preview: the quote, the charge product's price for this customer as the cart will
 * price its line, and the Order Summary with it, for `lines` (the cart's). Null when the address
 * is unknown.
 */
export async function previewDelivery(
	presenter: Presenter,
	settings: Settings,
	lines: PricedLine[] | Promise<PricedLine[]>,
	address: Address,
	vehicleType: number,
): Promise<DeliveryPreview | null> {
	const [quote, cartLines] = await Promise.all([
		quoteDelivery(presenter, address, vehicleType),
		lines,
	])
	if (!quote) return null
	const charge = await chargeLine(presenter, quote.productID, settings.tax_inclusive)
	return toPreview(quote, charge, cartLines, { settings, address, vehicleType })
}
