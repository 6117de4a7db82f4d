import { type Db } from '../db.ts'
import { VEHICLE_TYPES } from './places.ts'

/** Distance bands of the delivery charges: up to 10, 25 and 50 km, then anything further. */
export const DISTANCE_BANDS = [10, 25, 50, null] as const

/** Per vehicle type: its SKU part and the charge (ex GST, dollars) of each band. */
const RATES: Record<number, { code: string; prices: readonly number[]; unload: string }> = {
	1: { code: 'UTE', prices: [45, 65, 95, 160], unload: 'hand unload at the kerb' },
	2: { code: 'TRAY', prices: [75, 99, 140, 230], unload: 'tray unload at the kerb' },
	3: { code: 'CRANE', prices: [180, 230, 310, 460], unload: 'crane unload onto site or roof' },
	4: { code: 'SEMI', prices: [290, 350, 440, 680], unload: 'forklift unload by the site' },
}

function bandLabel(i: number) {
	const upper = DISTANCE_BANDS[i]
	const lower = i === 0 ? 0 : DISTANCE_BANDS[i - 1]
	return upper === null ? `${lower}+ km` : `${lower}–${upper} km`
}

function bandCode(i: number) {
	const upper = DISTANCE_BANDS[i]
	const lower = i === 0 ? 0 : DISTANCE_BANDS[i - 1]
	return upper === null ? `${lower}-PLUS` : `${lower}-${upper}`
}

export type ChargeProduct = {
	productID: string
	description: string
	price: number
	vehicleTypeID: number
	maxKm: number | null
}

/** The delivery charge products: one per vehicle type and distance band, e.g. DEL-TRAY-10-25. */
export const CHARGE_PRODUCTS: readonly ChargeProduct[] = VEHICLE_TYPES.flatMap(
	([vehicleTypeID, vehicle]) => {
		const rate = RATES[vehicleTypeID]!
		return DISTANCE_BANDS.map((maxKm, i) => ({
			productID: `DEL-${rate.code}-${bandCode(i)}`,
			description: `Delivery – ${vehicle} ${bandLabel(i)}`,
			price: rate.prices[i]!,
			vehicleTypeID,
			maxKm,
		}))
	},
)

/** The charge product of a delivery: the vehicle's first band that reaches the distance. */
export function chargeFor(vehicleTypeID: number, km: number) {
	return CHARGE_PRODUCTS.find(
		(c) => c.vehicleTypeID === vehicleTypeID && (c.maxKm === null || km <= c.maxKm),
	)
}

/**
 * Seeds the charge products into products with no category, type or class (so no listing or
 * search shows them), unit EA, and the band table getDeliveryCharge reads.
 */
export function seedCharges(db: Db) {
	const product = db.prepare(
		`INSERT INTO products (productID, productShortDesc, productLongDesc, prodCategory, prodType, prodClass,
		 stockStatus, RRP, TradePrice, BestPrice, uoms, isTally, searchText)
		 VALUES (?, ?, ?, NULL, NULL, NULL, 'InStock', ?, ?, ?, 'EA', 0, ?)`,
	)
	const band = db.prepare('INSERT INTO delivery_charges VALUES (?, ?, ?)')
	for (const c of CHARGE_PRODUCTS) {
		const long = `${c.description} – one delivery from the supplying branch, ${RATES[c.vehicleTypeID]!.unload}`
		product.run(
			c.productID,
			c.description,
			long,
			c.price,
			c.price,
			c.price,
			`${c.productID} ${c.description} ${long}`.toLowerCase(),
		)
		band.run(c.vehicleTypeID, c.maxKm, c.productID)
	}
}
