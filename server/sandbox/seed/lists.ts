import { type Db } from '../db.ts'
import { customerCents, gstOf } from '../pricing.ts'
import { CUSTOMERS } from './company.ts'
import { mulberry32, productSeed } from './products.ts'

/** A list line: the product's class (its first priced product is used) and a quantity, or tally lengths. */
type ListItem = [cls: string, qty: number | Array<[length: number, qty: number]>]

type ListSpec = { name: string; type: 'Generic' | 'Custom'; items: ListItem[] }

/** Lists the supplier set up for every customer (not editable, not deletable). */
const GENERIC: ListSpec[] = [
	{
		name: 'Frame Package – Single Storey House',
		type: 'Generic',
		items: [
			[
				'MGP10',
				[
					[0, 40],
					[1, 24],
				],
			],
			['H2F', [[0, 12]]],
			['LVL', [[1, 2]]],
			['NAI', 6],
			['JHG', 20],
			['STR', 4],
		],
	},
	{
		name: 'Bathroom Renovation Essentials',
		type: 'Generic',
		items: [
			['WET', 8],
			['SIL', 6],
			['DWV', 4],
			['FIT', 10],
			['SCR', 2],
		],
	},
]

/** One custom list per demo customer, as they saved it. */
const CUSTOM: Record<number, ListSpec> = {
	10001: {
		name: 'Weekly site top-up',
		type: 'Custom',
		items: [
			['SCR', 4],
			['NAI', 2],
			['CNA', 12],
			['GLV', 10],
			['HIV', 6],
			[
				'MER',
				[
					[0, 10],
					[2, 6],
				],
			],
		],
	},
	10002: {
		name: 'Kitchen reno basics',
		type: 'Custom',
		items: [
			['STD', 12],
			['FIL', 6],
			['UND', 4],
			['WLL', 4],
			['PLY', 2],
		],
	},
	10003: {
		name: 'Colorbond re-roof kit',
		type: 'Custom',
		items: [
			[
				'KLP',
				[
					[1, 18],
					[2, 12],
				],
			],
			['QUA', [[0, 6]]],
			['SAR', 4],
			['SCR', 6],
		],
	},
}

/** A UUID-shaped id from the seeded generator, so list ids are the same after every reset. */
function seededUuid(r: () => number) {
	const hex = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16))
	hex[12] = '4'
	hex[16] = ((parseInt(hex[16]!, 16) & 3) | 8).toString(16)
	const s = hex.join('')
	return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

/** The Generic lists and one Custom list of each demo customer, with tally lengths. */
export function seedLists(db: Db) {
	const r = mulberry32(0x11575eed)
	const { products, lengths } = productSeed()
	const firstOf = (cls: string) => products.find((p) => p.prodClass === cls && p.TradePrice > 0)!
	const stock = (sku: string) => lengths.filter(([s]) => s === sku).map(([, m]) => m)

	const cart = db.prepare(
		'INSERT INTO carts (cartSessionId, id_cust, sessionType, name, created_at) VALUES (?, ?, ?, ?, ?)',
	)
	const line = db.prepare(
		`INSERT INTO cart_lines (cartSessionId, lineID, productID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	const tally = db.prepare('INSERT INTO cart_tallies VALUES (?, ?, ?, ?)')

	CUSTOMERS.forEach((customer, c) => {
		const discountBp = Math.round(customer.discount * 10_000)
		const specs = [...GENERIC, CUSTOM[customer.id_cust]!]
		specs.forEach((spec, s) => {
			const id = seededUuid(r)
			const created = new Date(Date.UTC(2026, 2 + s * 2, 3 + c * 5, 0, 12 + s * 7, 0)).toISOString()
			cart.run(id, customer.id_cust, spec.type, spec.name, created)
			spec.items.forEach(([cls, qty], i) => {
				const p = firstOf(cls)
				const unit = customerCents(p.TradePrice, discountBp)
				const lengthsOf = stock(p.productID)
				const lines =
					typeof qty === 'number' ? [] : qty.map(([k, n]) => ({ length: lengthsOf[k]!, qty: n }))
				const prodQty =
					typeof qty === 'number'
						? qty
						: Math.round(lines.reduce((sum, l) => sum + l.length * l.qty, 0) * 1000) / 1000
				line.run(
					id,
					i + 1,
					p.productID,
					prodQty,
					p.uoms.split('|')[0]!,
					unit / 100,
					gstOf(unit) / 100,
					p.productShortDesc,
					p.productImage,
					p.isTally,
				)
				for (const l of lines) tally.run(id, i + 1, l.length, l.qty)
			})
		})
	})
}
