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

export function seedPlaces(db: Db) {
	const branch = db.prepare('INSERT INTO branches VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
	for (const b of BRANCHES) branch.run(...b)
	const state = db.prepare('INSERT INTO states VALUES (?, ?)')
	for (const s of STATES) state.run(...s)
}
