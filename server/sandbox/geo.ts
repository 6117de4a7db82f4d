/** A point on the Earth in decimal degrees, as branches, suburbs and delivery sites are stored. */
export type LatLng = { latitude: number; longitude: number }

/** Great-circle distance in km (haversine, mean Earth radius): how the ERP prices delivery. */
export function distanceKm(a: LatLng, b: LatLng) {
	const rad = (deg: number) => (deg * Math.PI) / 180
	const dLat = rad(b.latitude - a.latitude)
	const dLon = rad(b.longitude - a.longitude)
	const h =
		Math.sin(dLat / 2) ** 2 +
		Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2
	return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
}
