import { type Db } from '../db.ts'

type Config = {
	id_cust: number
	frequency: 'D' | 'W' | 'F' | 'M'
	type: 'F' | 'I'
	format: '1' | '2' | '3' | '4'
	recipient: string
	show_new: boolean
	core_only: boolean
	quarterly: boolean
	zipped: boolean
	/** The first price book sent, and how many since (one per period). */
	from: string
	count: number
}

/**
 * The demo customer gets a weekly incremental price book (a full one at the start of each
 * quarter), the suspended customer a monthly full one; the on-hold customer has none.
 */
const PRICE_BOOKS: Config[] = [
	{
		id_cust: 10001,
		frequency: 'W',
		type: 'I',
		format: '2',
		recipient: 'pricing@harbourcityconstructions.com.au',
		show_new: true,
		core_only: false,
		quarterly: true,
		zipped: false,
		from: '2026-05-04',
		count: 29,
	},
	{
		id_cust: 10003,
		frequency: 'M',
		type: 'F',
		format: '1',
		recipient: 'admin@coastalroofing.com.au',
		show_new: false,
		core_only: true,
		quarterly: false,
		zipped: true,
		from: '2026-04-01',
		count: 8,
	},
]

const addDays = (iso: string, days: number) =>
	new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const addMonths = (iso: string, months: number) => {
	const d = new Date(`${iso}T00:00:00Z`)
	d.setUTCMonth(d.getUTCMonth() + months)
	return d.toISOString().slice(0, 10)
}

export function seedPriceBooks(db: Db) {
	const config = db.prepare('INSERT INTO pricebooks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
	const history = db.prepare(
		`INSERT INTO pricebook_history (id_cust, dateGenerated, typeGenerated, formatGenerated, sentRecipient,
		 newCodesGenerated, coreProductsGenerated) VALUES (?, ?, ?, ?, ?, ?, ?)`,
	)
	for (const p of PRICE_BOOKS) {
		const dates = Array.from({ length: p.count }, (_, i) =>
			p.frequency === 'M' ? addMonths(p.from, i) : addDays(p.from, i * 7),
		)
		config.run(
			p.id_cust,
			p.frequency,
			p.type,
			p.format,
			p.recipient,
			dates.at(-1)!,
			...[p.show_new, p.core_only, p.quarterly, p.zipped].map(Number),
		)
		let quarter = ''
		dates.forEach((date, i) => {
			// A full price book at the start of each quarter when asked for, else the configured type.
			const q = `${date.slice(0, 4)}-${Math.floor((Number(date.slice(5, 7)) - 1) / 3)}`
			const type = p.quarterly && q !== quarter ? 'F' : p.type
			quarter = q
			// The recipient changed once, a few months back.
			const recipient =
				i < 6 && p.id_cust === 10001 ? 'accounts@harbourcityconstructions.com.au' : p.recipient
			history.run(
				p.id_cust,
				`${date}T06:30:00`,
				type,
				p.format,
				recipient,
				Number(p.show_new && i % 4 === 0),
				Number(p.core_only),
			)
		})
	}
}
