/** A point on the Earth in decimal degrees, as the presenter sends branches and geocodes. */
export type LatLng = { latitude: number; longitude: number }

/** Great-circle distance in km (haversine, mean Earth radius). */
export function distanceKm(a: LatLng, b: LatLng) {
	const rad = (deg: number) => (deg * Math.PI) / 180
	const dLat = rad(b.latitude - a.latitude)
	const dLon = rad(b.longitude - a.longitude)
	const h =
		Math.sin(dLat / 2) ** 2 +
		Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2
	return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * A distance as people say it: a tenth of a km when close ('3.4 km'), whole km from 10 on ('29 km',
 * '3,290 km'). Written out by hand, not with Intl (docs/decisions/035-no-intl-while-hydrating.md);
 * both of the portal's locales group thousands with commas.
 */
export function formatKm(km: number) {
	if (km < 9.95) return `${km.toFixed(1)} km`
	return `${String(Math.round(km)).replace(/\B(?=(\d{3})+$)/g, ',')} km`
}
