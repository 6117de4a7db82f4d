import { type Db } from '../db.ts'

export const BRANCHES = [
	[
		1,
		'Alexandria',
		'120 Bourke Road',
		'Alexandria NSW 2015',
		'',
		'(02) 9550 1200',
		-33.9055,
		151.1952,
	],
	[
		2,
		'Parramatta',
		'45 Church Street',
		'Parramatta NSW 2150',
		'',
		'(02) 9891 4400',
		-33.8151,
		151.0011,
	],
	[3, 'Penrith', '88 Mulgoa Road', 'Penrith NSW 2750', '', '(02) 4732 1800', -33.7511, 150.6942],
	[4, 'Brookvale', '12 Powells Road', 'Brookvale NSW 2100', '', '(02) 9938 2500', -33.766, 151.27],
	[
		5,
		'Campbelltown',
		'3 Blaxland Road',
		'Campbelltown NSW 2560',
		'',
		'(02) 4625 7300',
		-34.065,
		150.8142,
	],
	[
		6,
		'Mayfield',
		'210 Industrial Drive',
		'Mayfield NSW 2304',
		'Newcastle',
		'(02) 4968 3300',
		-32.898,
		151.736,
	],
	[
		7,
		'Unanderra',
		'19 Five Islands Road',
		'Unanderra NSW 2526',
		'Wollongong',
		'(02) 4271 6600',
		-34.454,
		150.845,
	],
] as const

const STATES = [
	['ACT', 'Australian Capital Territory'],
	['NSW', 'New South Wales'],
	['NT', 'Northern Territory'],
	['QLD', 'Queensland'],
	['SA', 'South Australia'],
	['TAS', 'Tasmania'],
	['VIC', 'Victoria'],
	['WA', 'Western Australia'],
] as const

/** Unanderra is the truss and frame plant: it supplies the other branches and takes no orders. */
export const NON_ORDER_BRANCHES: readonly number[] = [7]
/** Campbelltown is the trade-only drive-through yard: it is not listed online. */
export const HIDDEN_BRANCHES: readonly number[] = [5]

export const VEHICLE_TYPES = [
	[1, 'Ute'],
	[2, 'Tray Truck'],
	[3, 'Crane Truck'],
	[4, 'Semi-trailer'],
] as const

/** The vehicles each order branch delivers with: crane trucks and semis run from a few yards only. */
export const BRANCH_VEHICLES: Record<number, readonly number[]> = {
	1: [1, 2, 3, 4],
	2: [1, 2, 4],
	3: [1, 2, 3, 4],
	4: [1, 2],
	5: [1, 2],
	6: [1, 2, 3],
}

export const DESPATCH_METHODS = [
	['DEL', 'Delivery', 1],
	['CRANE', 'Crane Truck Delivery', 1],
	['PICKUP', 'Pickup from branch', 0],
	['COURIER', 'Courier', 1],
] as const

export function seedPlaces(db: Db) {
	const branch = db.prepare(
		`INSERT INTO branches (branchID, branchName, address1, address2, address3, phone, latitude, longitude, takes_orders, web)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	for (const b of BRANCHES)
		branch.run(
			...b,
			NON_ORDER_BRANCHES.includes(b[0]) ? 0 : 1,
			HIDDEN_BRANCHES.includes(b[0]) ? 0 : 1,
		)
	const vehicle = db.prepare('INSERT INTO vehicle_types VALUES (?, ?)')
	for (const v of VEHICLE_TYPES) vehicle.run(...v)
	const delivers = db.prepare('INSERT INTO branch_vehicles VALUES (?, ?)')
	for (const [id, vehicles] of Object.entries(BRANCH_VEHICLES))
		for (const v of vehicles) delivers.run(Number(id), v)
	const method = db.prepare('INSERT INTO despatch_methods VALUES (?, ?, ?, ?)')
	DESPATCH_METHODS.forEach((m, i) => method.run(...m, i))
	const state = db.prepare('INSERT INTO states VALUES (?, ?)')
	for (const s of STATES) state.run(...s)
}
