import { type TransactionType } from '#app/.server/presenter/contract/transactions.ts'
import { type Db } from '../db.ts'
import { customerCents, gstOf } from '../pricing.ts'
import { type ProductRow, type TransactionLineRow, type TransactionRow } from '../rows.ts'
import { chargeFor } from './charges.ts'
import { CUSTOMERS, USERS } from './company.ts'
import { distanceKm } from '../geo.ts'
import { SUBURBS, type Suburb } from './gazetteer.ts'
import { SEED_JOBS } from './jobs.ts'
import { BRANCH_VEHICLES, BRANCHES, NON_ORDER_BRANCHES } from './places.ts'
import { mulberry32, productSeed } from './products.ts'

/** The seed's 'today': the history runs over the two years before it (Friday 20 November 2026). */
export const SEED_TODAY = '2026-11-20'
const TODAY = Date.parse(`${SEED_TODAY}T00:00:00Z`)
const DAY = 86_400_000
const HISTORY_DAYS = 730
/** The first transaction number of the history; later ones climb with the other customers' in between. */
const FIRST_NUMBER = 604_180
/** `demo`'s transactions that docs/sandbox.md names: kept exactly as they were drawn. */
export const DOCUMENTED = ['609630-0', '609673-0', '609593-0', '608690-0', '609013-0', '609013-1']

/** A line as the seed builds it: prices in cents (they are stored in dollars). */
export type SeedLine = Pick<
	TransactionLineRow,
	'productCode' | 'productDesc' | 'quantity' | 'unitOfMeasure'
> & { unitCents: number; lineCents: number }

/**
 * A transaction as the seed builds it: the columns it sets, with the amounts in cents (the
 * database stores them in dollars, and gives the id).
 */
export type SeedTransaction = Omit<
	TransactionRow,
	| 'id'
	| 'transactionTotalAmountExcGST'
	| 'transactionTotalGST'
	| 'transactionTotalAmountIncGST'
	| 'transactionAmount'
	| 'contactMobile'
	| 'contactEmail'
	| 'contactOnSite'
	| 'cartSessionId'
	| 'idempotency_key'
	| 'accepted_at'
	| 'accepted_by'
	| 'accepted_delivery_date'
	| 'accepted_comment'
> & { exCents: number; gstCents: number; lines: SeedLine[] }

/** How much history each demo customer has, where it usually buys and what it mostly buys. */
const PROFILES: Record<
	number,
	{
		counts: Record<TransactionType, number>
		home: number
		prefix: string
		/** Share of lines from `focus` categories. */
		focus: readonly string[]
		contacts: readonly string[]
	}
> = {
	10001: {
		counts: { Order: 96, Quote: 62, Invoice: 168 },
		home: 1,
		prefix: 'HCC',
		focus: ['TIM', 'BLD', 'HWR'],
		contacts: ['Sarah Mitchell', 'Tom Baker', "Jess O'Connor", 'Mick Russo'],
	},
	10002: {
		counts: { Order: 26, Quote: 14, Invoice: 38 },
		home: 2,
		prefix: 'WSR',
		focus: ['BLD', 'PLM', 'PNT'],
		contacts: ['Daniel Nguyen', 'Huy Tran'],
	},
	10003: {
		counts: { Order: 18, Quote: 12, Invoice: 30 },
		home: 5,
		prefix: 'CRC',
		focus: ['ROF'],
		contacts: ['Priya Sharma', 'Josh Kelly'],
	},
}

const STREETS = [
	'Botany Road',
	'King Street',
	'Victoria Road',
	'Pacific Highway',
	'Church Street',
	'George Street',
	'Park Road',
	'Railway Parade',
	'Station Street',
	'High Street',
	'Queen Street',
	'Forest Road',
	'Great Western Highway',
	'Old Northern Road',
	'Canterbury Road',
	'Elizabeth Street',
	'Wattle Street',
	'Banksia Avenue',
	'Bottlebrush Crescent',
	'Jacaranda Way',
	'Ocean Street',
	'Marine Parade',
	'Hillview Road',
	'Windsor Road',
	'Princes Highway',
]
const SURNAMES = [
	'Papadopoulos',
	'Nguyen',
	'Smith',
	'Kelly',
	'Chen',
	'Haddad',
	'Rossi',
	'Patel',
	'Williams',
	"O'Brien",
	'Singh',
	'Taylor',
	'Murphy',
	'Lee',
	'Kowalski',
	'Brown',
	'Tran',
	'Morrison',
	'Fraser',
	'Kaur',
]
const FIRST_NAMES = [
	'Anna',
	'Ben',
	'Chris',
	'Dimitri',
	'Emma',
	'Grace',
	'Jack',
	'Lina',
	'Mark',
	'Sam',
]
const WORKS = [
	'Alterations & Additions',
	'New Dwelling',
	'Rear Extension',
	'Deck',
	'Bathroom Renovation',
	'Kitchen Renovation',
	'First Floor Addition',
	'Granny Flat',
	'Re-roof',
	'Carport',
	'Duplex – Stage 2',
]
const ESTATES = ['Box Hill', 'Oran Park', 'Jordan Springs', 'Gledswood Hills', 'Marsden Park']
const COMMENTS = [
	'Please call site contact 30 min before arrival',
	'Gate code 4417 – leave inside the gate',
	'Deliver to rear lane access',
	'Overhead power lines on the street side',
	'Leave on site if unattended',
	'Morning delivery please, before 10am',
	'Site has a steep driveway – small truck only',
	'Stack timber on gluts, off the ground',
]
const NO_CHARGE = ['Warranty replacement – no charge', 'Replacement for transit damage – no charge']

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** A working day: Sunday moves to Monday. */
const workday = (ms: number) => (new Date(ms).getUTCDay() === 0 ? ms + DAY : ms)

function buildHistory(): SeedTransaction[] {
	const r = mulberry32(0x0de25eed)
	const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T
	const int = (min: number, max: number) => min + Math.floor(r() * (max - min + 1))

	const { products, lengths } = productSeed()
	const priced = products.filter((p) => p.TradePrice > 0)
	const byCategory = new Map<string, ProductRow[]>()
	for (const p of priced)
		byCategory.set(p.prodCategory, [...(byCategory.get(p.prodCategory) ?? []), p])
	const stockLengths = new Map<string, number[]>()
	for (const [sku, metres] of lengths)
		stockLengths.set(sku, [...(stockLengths.get(sku) ?? []), metres])

	const orderBranches = BRANCHES.filter(([id]) => !NON_ORDER_BRANCHES.includes(id))
	/** Sites within 45 km of each branch. */
	const sitesNear = new Map<number, Suburb[]>(
		orderBranches.map(([id, , , , , , latitude, longitude]) => [
			id,
			SUBURBS.filter((s) => s.state === 'NSW' && distanceKm(s, { latitude, longitude }) <= 45),
		]),
	)

	function quantity(p: ProductRow) {
		const uom = p.uoms.split('|')[0] ?? 'EA'
		if (p.isTally) {
			const stock = stockLengths.get(p.productID) ?? [2.4]
			let metres = 0
			for (let i = int(1, 3); i > 0; i--) metres += pick(stock) * int(2, 16)
			return { uom, qty: Math.round(metres * 1000) / 1000 }
		}
		const ranges: Record<string, [number, number]> = {
			SHT: [2, 40],
			BAG: [2, 60],
			LEN: [2, 30],
			ROLL: [1, 8],
			BOX: [1, 10],
			PK: [1, 10],
			TIN: [1, 6],
			PR: [1, 12],
		}
		const [min, max] = ranges[uom] ?? (r() < 0.15 ? [20, 50] : [1, 12])
		return { uom, qty: int(min, max) }
	}

	const all: SeedTransaction[] = []
	for (const customer of CUSTOMERS) {
		const profile = PROFILES[customer.id_cust]!
		const users = USERS.filter((u) => u.id_cust === customer.id_cust)
		const discountBp = Math.round(customer.discount * 10_000)
		const focus = profile.focus.flatMap((c) => byCategory.get(c) ?? [])
		let reference = 2140 + int(0, 300)

		const kinds: TransactionType[] = (['Order', 'Quote', 'Invoice'] as const).flatMap((t) =>
			Array<TransactionType>(profile.counts[t]).fill(t),
		)
		let recentOrders = 0
		for (const type of kinds) {
			// A few orders in the last fortnight are still to be delivered.
			const daysAgo = type === 'Order' && recentOrders++ < 6 ? int(0, 13) : int(0, HISTORY_DAYS - 1)
			const day = workday(TODAY - daysAgo * DAY)
			const minutes = int(6 * 60, 16 * 60 + 30)
			// Sydney local time taken as UTC+10 all year: close enough for a demo history.
			const created = day + (minutes - 600) * 60_000 + int(0, 59) * 1000

			const branchID = r() < 0.65 ? profile.home : (pick(orderBranches)[0] as number)
			const branch = BRANCHES.find(([id]) => id === branchID)!
			const despatchDraw = r()
			const despatch =
				despatchDraw < 0.58
					? 'DEL'
					: despatchDraw < 0.8
						? 'PICKUP'
						: despatchDraw < 0.93
							? 'CRANE'
							: 'COURIER'
			const delivered = despatch !== 'PICKUP'
			const vehicles = BRANCH_VEHICLES[branchID] ?? [1, 2]
			const vehicleType = !delivered
				? 0
				: despatch === 'CRANE' && vehicles.includes(3)
					? 3
					: despatch === 'COURIER'
						? 1
						: r() < 0.7
							? 2
							: 1
			const site = pick(sitesNear.get(branchID) ?? SUBURBS)
			const km =
				Math.round(distanceKm(site, { latitude: branch[6], longitude: branch[7] }) * 10) / 10
			const surname = pick(SURNAMES)
			const street = `${r() < 0.15 ? `Lot ${int(1, 240)} ` : `${int(1, 220)} `}${pick(STREETS)}`
			const jobDraw = r()
			const jobName =
				jobDraw < 0.15
					? ''
					: jobDraw < 0.5
						? `${surname} Residence – ${pick(WORKS)}`
						: jobDraw < 0.75
							? `${street} – ${pick(WORKS)}`
							: jobDraw < 0.9
								? `Lot ${int(100, 1400)} ${pick(ESTATES)}`
								: `Unit ${int(1, 24)} Fitout`

			let deliveryMs: number
			let invoiceDate = ''
			if (type === 'Invoice') {
				deliveryMs = day
				const next = workday(day + DAY)
				invoiceDate = iso(r() < 0.3 && next <= TODAY ? next : day)
			} else if (type === 'Quote') {
				deliveryMs = workday(day + int(7, 28) * DAY)
			} else {
				deliveryMs = workday(day + int(1, 7) * DAY)
				if (deliveryMs < TODAY) invoiceDate = iso(deliveryMs)
			}

			const noCharge = type === 'Invoice' && r() < 0.05
			const count = noCharge ? int(1, 2) : type === 'Quote' ? int(3, 9) : int(2, 7)
			// Prices rose about 3.5% a year: older transactions are a little cheaper.
			const drift = 1 - (0.035 * daysAgo) / 365
			const lines: SeedLine[] = []
			for (let i = 0; i < count; i++) {
				const p = r() < 0.6 && focus.length ? pick(focus) : pick(priced)
				const { uom, qty } = quantity(p)
				const unitCents = noCharge ? 0 : Math.round(customerCents(p.TradePrice, discountBp) * drift)
				lines.push({
					productCode: p.productID,
					productDesc: p.productShortDesc,
					quantity: qty,
					unitOfMeasure: uom,
					unitCents,
					lineCents: Math.round(qty * unitCents),
				})
			}
			const charge = delivered && !noCharge ? chargeFor(vehicleType, km) : undefined
			if (charge) {
				const cents = Math.round(charge.price * 100)
				lines.push({
					productCode: charge.productID,
					productDesc: charge.description,
					quantity: 1,
					unitOfMeasure: 'EA',
					unitCents: cents,
					lineCents: cents,
				})
			}
			const exCents = lines.reduce((sum, l) => sum + l.lineCents, 0)
			const contact = pick(profile.contacts)
			const user = pick(users)
			const comment = noCharge ? pick(NO_CHARGE) : r() < 0.2 ? pick(COMMENTS) : ''

			all.push({
				transactionNumber: 0,
				transactionSuffix: 0,
				transactionType: type,
				id_cust: customer.id_cust,
				id_user: user.id_user,
				deliveryDate: iso(deliveryMs),
				invoiceDate,
				branchID,
				customerOrderNumber: r() < 0.08 ? '' : `${profile.prefix}-${reference++}`,
				nameCharge: customer.customerName,
				nameShip: delivered ? `${pick(FIRST_NAMES)} ${surname}` : customer.customerName,
				jobName,
				shipAddress1: delivered ? street : 'Customer pickup',
				shipAddress2: delivered ? site.suburb : `${branch[1]} branch`,
				shipAddress3: delivered ? `${site.state} ${site.postcode}` : '',
				comment_tportal: comment,
				exCents,
				gstCents: gstOf(exCents),
				despatchMethod: despatch,
				dateRequired: `${iso(deliveryMs)}T07:00:00`,
				buildersContact: contact,
				contactPhone: customer.phones[2] || customer.phones[0],
				vehicleType,
				latitude: delivered ? site.latitude : 0,
				longitude: delivered ? site.longitude : 0,
				distanceKm: delivered ? km : 0,
				created_at: new Date(created).toISOString(),
				lines,
			})

			// Now and then part of an order or invoice goes on back order: the same number, suffix 1.
			const later = workday(deliveryMs + int(5, 12) * DAY)
			if (
				type !== 'Quote' &&
				lines.length > 2 &&
				r() < 0.05 &&
				(type === 'Order' || later < TODAY)
			) {
				const part = lines.slice(0, int(1, 2)).map((l) => ({ ...l }))
				const partCents = part.reduce((sum, l) => sum + l.lineCents, 0)
				all.push({
					...all[all.length - 1]!,
					transactionSuffix: 1,
					deliveryDate: iso(later),
					invoiceDate: type === 'Invoice' || later < TODAY ? iso(later) : '',
					exCents: partCents,
					gstCents: gstOf(partCents),
					comment_tportal: 'Back order',
					dateRequired: `${iso(later)}T07:00:00`,
					created_at: new Date(Math.min(later, TODAY) + 8 * 3600_000).toISOString(),
					lines: part,
				})
			}
		}
	}

	// Numbers climb with time, other customers' transactions falling in between.
	const firsts = all
		.filter((t) => t.transactionSuffix === 0)
		.sort((a, b) => a.created_at.localeCompare(b.created_at))
	let number = FIRST_NUMBER
	for (const t of firsts) {
		t.transactionNumber = number
		number += 1 + Math.floor(r() * 23)
	}
	let parent: SeedTransaction | undefined
	for (const t of all) {
		if (t.transactionSuffix === 0) parent = t
		else t.transactionNumber = parent!.transactionNumber
	}
	assignJobs(all)
	return all.sort((a, b) => a.created_at.localeCompare(b.created_at))
}

/** The first day of the last 12 months: a reference older than that is no longer offered as a job. */
const YEAR_AGO = iso(TODAY - 365 * DAY)

/**
 * Books the history to each customer's jobs (SEED_JOBS): a transaction goes to one of the jobs
 * running on its delivery date, takes its Job Name and Order Ref, and when delivered its site,
 * site contact, the branch nearest the site when its own is far, and the delivery charge for the
 * new distance. Counter sales (a third of the pickups, a few deliveries) belong to no job and have
 * no Job Name: within the last 12 months they carry no reference, older ones keep their one-off
 * Order Ref (unless a job uses it). A back order follows its order; the documented transactions
 * stay as drawn. Its own generator, after the history's, so numbers, dates and product lines are
 * the same as without jobs.
 */
function assignJobs(all: SeedTransaction[]) {
	const r = mulberry32(0x10b5eed)
	const orderBranches = BRANCHES.filter(([id]) => !NON_ORDER_BRANCHES.includes(id))
	const booked = new Map<string, SeedTransaction>()
	for (const t of [...all].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
		const key = `${t.transactionNumber}-${t.transactionSuffix}`
		if (DOCUMENTED.includes(key)) continue
		const parent = t.transactionSuffix ? booked.get(`${t.transactionNumber}-0`) : undefined
		if (parent) {
			for (const field of JOB_FIELDS) Object.assign(t, { [field]: parent[field] })
			continue
		}
		booked.set(key, t)
		const delivered = t.despatchMethod !== 'PICKUP'
		const jobs = SEED_JOBS[t.id_cust] ?? []
		const running = jobs.filter((j) => j.from <= t.deliveryDate && t.deliveryDate <= j.to)
		const job = running[Math.floor(r() * running.length)]
		if (!job || r() < (delivered ? 0.04 : 0.35)) {
			const taken = jobs.some((j) => j.number === t.customerOrderNumber)
			t.jobName = ''
			if (taken || t.deliveryDate >= YEAR_AGO) t.customerOrderNumber = ''
			continue
		}
		t.jobName = job.name
		t.customerOrderNumber = job.number
		if (!delivered) continue
		const site = SUBURBS.find((s) => s.suburb === job.suburb && s.state === 'NSW')!
		const from = (id: number) => {
			const b = BRANCHES.find(([branchID]) => branchID === id)!
			return distanceKm(site, { latitude: b[6], longitude: b[7] })
		}
		if (from(t.branchID) > 60) {
			t.branchID = [...orderBranches].sort((a, b) => from(a[0]) - from(b[0]))[0]![0]
			const vehicles = BRANCH_VEHICLES[t.branchID] ?? [1, 2]
			if (!vehicles.includes(t.vehicleType)) t.vehicleType = 2
		}
		const km = Math.round(from(t.branchID) * 10) / 10
		Object.assign(t, {
			nameShip: job.contact,
			shipAddress1: job.street,
			shipAddress2: site.suburb,
			shipAddress3: `${site.state} ${site.postcode}`,
			latitude: site.latitude,
			longitude: site.longitude,
			distanceKm: km,
		})
		const last = t.lines.at(-1)
		const charge = last?.productCode.startsWith('DEL-') ? chargeFor(t.vehicleType, km) : undefined
		if (last && charge) {
			const cents = Math.round(charge.price * 100)
			t.lines[t.lines.length - 1] = {
				...last,
				productCode: charge.productID,
				productDesc: charge.description,
				unitCents: cents,
				lineCents: cents,
			}
			t.exCents = t.lines.reduce((sum, l) => sum + l.lineCents, 0)
			t.gstCents = gstOf(t.exCents)
		}
	}
}

/** What a back order takes from its order once that is booked to a job. */
const JOB_FIELDS = [
	'jobName',
	'customerOrderNumber',
	'branchID',
	'vehicleType',
	'nameShip',
	'shipAddress1',
	'shipAddress2',
	'shipAddress3',
	'latitude',
	'longitude',
	'distanceKm',
] as const

let built: SeedTransaction[] | undefined

/** The demo transaction history, built once per process (it is the same every time). */
export function transactionSeed(): SeedTransaction[] {
	return (built ??= buildHistory())
}

const cents = (n: number) => n / 100

export function seedTransactions(db: Db) {
	const header = db.prepare(
		`INSERT INTO transactions (id, transactionNumber, transactionSuffix, transactionType, id_cust, id_user,
		 deliveryDate, invoiceDate, branchID, customerOrderNumber, nameCharge, nameShip, jobName,
		 shipAddress1, shipAddress2, shipAddress3, comment_tportal,
		 transactionTotalAmountExcGST, transactionTotalGST, transactionTotalAmountIncGST, transactionAmount,
		 despatchMethod, dateRequired, buildersContact, contactPhone, vehicleType, latitude, longitude, distanceKm,
		 created_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	const line = db.prepare('INSERT INTO transaction_lines VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
	transactionSeed().forEach((t, i) => {
		const id = i + 1
		const incCents = t.exCents + t.gstCents
		header.run(
			id,
			t.transactionNumber,
			t.transactionSuffix,
			t.transactionType,
			t.id_cust,
			t.id_user,
			t.deliveryDate,
			t.invoiceDate,
			t.branchID,
			t.customerOrderNumber,
			t.nameCharge,
			t.nameShip,
			t.jobName,
			t.shipAddress1,
			t.shipAddress2,
			t.shipAddress3,
			t.comment_tportal,
			cents(t.exCents),
			cents(t.gstCents),
			cents(incCents),
			cents(incCents),
			t.despatchMethod,
			t.dateRequired,
			t.buildersContact,
			t.contactPhone,
			t.vehicleType,
			t.latitude,
			t.longitude,
			t.distanceKm,
			t.created_at,
		)
		t.lines.forEach((l, n) =>
			line.run(
				id,
				n + 1,
				l.productCode,
				l.productDesc,
				l.quantity,
				l.unitOfMeasure,
				cents(l.unitCents),
				cents(l.lineCents),
			),
		)
	})
}
