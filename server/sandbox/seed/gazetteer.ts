/**
 * The sandbox's geocoder: real Australian suburbs with their postcodes and (approximate centre)
 * coordinates. Weighted to Sydney and NSW, where the branches are, plus the other capital cities
 * and a few large towns. Some postcodes hold two suburbs (2750 Penrith and Emu Plains, 2250 Gosford
 * and Erina) and some names occur in two states (Richmond NSW and VIC), so that a postcode or a name
 * alone can be ambiguous.
 */
export type Suburb = {
	suburb: string
	state: 'ACT' | 'NSW' | 'NT' | 'QLD' | 'SA' | 'TAS' | 'VIC' | 'WA'
	postcode: string
	latitude: number
	longitude: number
}

type Row = [string, Suburb['state'], string, number, number]

const ROWS: Row[] = [
	// Sydney: city, inner and eastern suburbs
	['Sydney', 'NSW', '2000', -33.8688, 151.2093],
	['Surry Hills', 'NSW', '2010', -33.884, 151.212],
	['Alexandria', 'NSW', '2015', -33.9047, 151.194],
	['Redfern', 'NSW', '2016', -33.893, 151.204],
	['Zetland', 'NSW', '2017', -33.9067, 151.2085],
	['Botany', 'NSW', '2019', -33.946, 151.196],
	['Mascot', 'NSW', '2020', -33.926, 151.193],
	['Paddington', 'NSW', '2021', -33.8847, 151.2265],
	['Bondi Junction', 'NSW', '2022', -33.893, 151.25],
	['Bondi Beach', 'NSW', '2026', -33.891, 151.277],
	['Randwick', 'NSW', '2031', -33.914, 151.241],
	['Maroubra', 'NSW', '2035', -33.95, 151.243],
	['Leichhardt', 'NSW', '2040', -33.883, 151.157],
	['Balmain', 'NSW', '2041', -33.859, 151.179],
	['Newtown', 'NSW', '2042', -33.897, 151.179],
	['Marrickville', 'NSW', '2204', -33.911, 151.155],
	// Lower North Shore, North Shore and Northern Beaches
	['North Sydney', 'NSW', '2060', -33.839, 151.207],
	['St Leonards', 'NSW', '2065', -33.823, 151.194],
	['Lane Cove', 'NSW', '2066', -33.815, 151.169],
	['Chatswood', 'NSW', '2067', -33.796, 151.183],
	['Hornsby', 'NSW', '2077', -33.704, 151.099],
	['Mosman', 'NSW', '2088', -33.829, 151.244],
	['Manly', 'NSW', '2095', -33.797, 151.285],
	['Dee Why', 'NSW', '2099', -33.751, 151.288],
	['Brookvale', 'NSW', '2100', -33.767, 151.268],
	['Mona Vale', 'NSW', '2103', -33.677, 151.303],
	['Ryde', 'NSW', '2112', -33.815, 151.103],
	['Macquarie Park', 'NSW', '2113', -33.78, 151.125],
	['Epping', 'NSW', '2121', -33.773, 151.082],
	// Inner West, West and South-West
	['Burwood', 'NSW', '2134', -33.877, 151.104],
	['Strathfield', 'NSW', '2135', -33.873, 151.083],
	['Lidcombe', 'NSW', '2141', -33.864, 151.047],
	['Granville', 'NSW', '2142', -33.832, 151.012],
	['Auburn', 'NSW', '2144', -33.849, 151.033],
	['Seven Hills', 'NSW', '2147', -33.774, 150.936],
	['Blacktown', 'NSW', '2148', -33.771, 150.906],
	['Parramatta', 'NSW', '2150', -33.815, 151.001],
	['Baulkham Hills', 'NSW', '2153', -33.758, 150.992],
	['Castle Hill', 'NSW', '2154', -33.73, 151.004],
	['Rouse Hill', 'NSW', '2155', -33.682, 150.916],
	['Merrylands', 'NSW', '2160', -33.836, 150.992],
	['Fairfield', 'NSW', '2165', -33.872, 150.956],
	['Liverpool', 'NSW', '2170', -33.92, 150.923],
	['Bankstown', 'NSW', '2200', -33.917, 151.035],
	['Rockdale', 'NSW', '2216', -33.952, 151.137],
	['Kogarah', 'NSW', '2217', -33.963, 151.133],
	['Hurstville', 'NSW', '2220', -33.967, 151.102],
	['Miranda', 'NSW', '2228', -34.034, 151.101],
	['Cronulla', 'NSW', '2230', -34.058, 151.152],
	['Sutherland', 'NSW', '2232', -34.031, 151.058],
	// Macarthur, Hawkesbury, Penrith and the Blue Mountains
	['Campbelltown', 'NSW', '2560', -34.065, 150.814],
	['Ingleburn', 'NSW', '2565', -33.999, 150.864],
	['Narellan', 'NSW', '2567', -34.042, 150.736],
	['Camden', 'NSW', '2570', -34.054, 150.696],
	['Penrith', 'NSW', '2750', -33.751, 150.694],
	['Emu Plains', 'NSW', '2750', -33.75, 150.667],
	['Richmond', 'NSW', '2753', -33.599, 150.751],
	['Windsor', 'NSW', '2756', -33.613, 150.817],
	['St Marys', 'NSW', '2760', -33.762, 150.774],
	['Mount Druitt', 'NSW', '2770', -33.767, 150.82],
	['Katoomba', 'NSW', '2780', -33.714, 150.311],
	// Central Coast, Hunter, Illawarra and regional NSW
	['Gosford', 'NSW', '2250', -33.424, 151.342],
	['Erina', 'NSW', '2250', -33.437, 151.391],
	['Wyong', 'NSW', '2259', -33.283, 151.423],
	['Charlestown', 'NSW', '2290', -32.965, 151.693],
	['Newcastle', 'NSW', '2300', -32.928, 151.782],
	['Mayfield', 'NSW', '2304', -32.898, 151.736],
	['Maitland', 'NSW', '2320', -32.733, 151.557],
	['Cessnock', 'NSW', '2325', -32.834, 151.355],
	['Tamworth', 'NSW', '2340', -31.09, 150.929],
	['Port Macquarie', 'NSW', '2444', -31.431, 152.908],
	['Coffs Harbour', 'NSW', '2450', -30.296, 153.114],
	['Wollongong', 'NSW', '2500', -34.425, 150.893],
	['Unanderra', 'NSW', '2526', -34.453, 150.845],
	['Shellharbour', 'NSW', '2529', -34.578, 150.867],
	['Kiama', 'NSW', '2533', -34.671, 150.854],
	['Nowra', 'NSW', '2541', -34.884, 150.6],
	['Bowral', 'NSW', '2576', -34.478, 150.418],
	['Goulburn', 'NSW', '2580', -34.754, 149.718],
	['Albury', 'NSW', '2640', -36.074, 146.924],
	['Wagga Wagga', 'NSW', '2650', -35.118, 147.369],
	['Bathurst', 'NSW', '2795', -33.419, 149.578],
	['Orange', 'NSW', '2800', -33.284, 149.1],
	['Dubbo', 'NSW', '2830', -32.243, 148.601],
	// Other states and territories
	['Canberra', 'ACT', '2601', -35.2809, 149.13],
	['Queanbeyan', 'NSW', '2620', -35.354, 149.232],
	['Melbourne', 'VIC', '3000', -37.8136, 144.9631],
	['Richmond', 'VIC', '3121', -37.823, 144.998],
	['Geelong', 'VIC', '3220', -38.149, 144.361],
	['Brisbane', 'QLD', '4000', -27.4698, 153.0251],
	['Southport', 'QLD', '4215', -27.967, 153.4],
	['Adelaide', 'SA', '5000', -34.9285, 138.6007],
	['Perth', 'WA', '6000', -31.9505, 115.8605],
	['Hobart', 'TAS', '7000', -42.8821, 147.3272],
	['Darwin', 'NT', '0800', -12.4634, 130.8456],
]

export const SUBURBS: readonly Suburb[] = ROWS.map(
	([suburb, state, postcode, latitude, longitude]) => ({
		suburb,
		state,
		postcode,
		latitude,
		longitude,
	}),
)

const STATE_NAMES: Record<string, Suburb['state']> = {
	'australian capital territory': 'ACT',
	'new south wales': 'NSW',
	'northern territory': 'NT',
	queensland: 'QLD',
	'south australia': 'SA',
	tasmania: 'TAS',
	victoria: 'VIC',
	'western australia': 'WA',
}
const STATE_CODES = new Set<string>(Object.values(STATE_NAMES))

/** Lower case, punctuation to spaces, single spaces, padded so ' word ' finds whole words. */
const normalise = (text: string) =>
	` ${text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, ' ')
		.trim()} `

/** The suburbs named in a text: whole-word matches, a longer name hiding one it contains. */
function namedIn(text: string): Suburb[] {
	const hits = SUBURBS.map((s) => ({ s, at: text.lastIndexOf(normalise(s.suburb)) })).filter(
		(h) => h.at >= 0,
	)
	const spans = hits.map((h) => ({ ...h, end: h.at + normalise(h.s.suburb).length }))
	const kept = spans.filter(
		(h) =>
			!spans.some((o) => o !== h && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at),
	)
	if (!kept.length) return []
	// With several names (a street named after a suburb), the one written last is the suburb.
	const last = Math.max(...kept.map((h) => h.at))
	const name = kept.find((h) => h.at === last)!.s.suburb
	return SUBURBS.filter((s) => s.suburb === name)
}

/**
 * Places an address: the suburb (addressLine2 or 3; the street line only when addressLine2 is
 * empty), the state and the postcode (usually addressLine3 'NSW 2015'). Case and punctuation do
 * not matter, and a suburb or a postcode alone is enough when only one place fits. Returns
 * undefined when nothing fits, more than one place does, or suburb and postcode disagree.
 */
export function geocode(lines: [string, string, string]): Suburb | undefined {
	const [street, suburbLine, stateLine] = lines.map(normalise) as [string, string, string]
	// A postcode is a four-digit word of the suburb or state line, or the last word of the street
	// line ('14 Bourke Road Alexandria NSW 2015'), never a street number.
	const postcode = [...stateLine.trim().split(' '), ...suburbLine.trim().split(' ')]
		.concat(street.trim().split(' ').slice(1).slice(-1))
		.find((w) => /^\d{4}$/.test(w))
	let state: string | undefined
	for (const text of [`${suburbLine}${stateLine}`, street]) {
		state ??= text
			.trim()
			.split(' ')
			.map((w) => w.toUpperCase())
			.find((w) => STATE_CODES.has(w))
		for (const [name, code] of Object.entries(STATE_NAMES))
			if (text.includes(` ${name} `)) state ??= code
	}

	let candidates = namedIn(`${suburbLine}${stateLine}`)
	// The whole address on the street line ('14 Bourke Road, Alexandria NSW 2015'), but never a
	// street named after a suburb when the suburb line names another place.
	if (!candidates.length && !suburbLine.trim()) candidates = namedIn(street)
	if (!candidates.length) {
		if (!postcode) return undefined
		candidates = SUBURBS.filter((s) => s.postcode === postcode)
	} else if (postcode) {
		candidates = candidates.filter((s) => s.postcode === postcode)
	}
	if (state) candidates = candidates.filter((s) => s.state === state)
	return candidates.length === 1 ? candidates[0] : undefined
}
