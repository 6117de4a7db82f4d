import * as contract from '#app/.server/presenter/contract/checkout.ts'
import { type Db, inTransaction } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { distanceKm } from '../geo.ts'
import { geocode } from '../seed/gazetteer.ts'
import { cartLines, requireCart } from './cart-lines.ts'
import { lineCents, toCents } from '../pricing.ts'
import { assertOwnUserName } from './catalogue.ts'

/** The lookups answer for the session customer's company only. */
export function assertOwnCompany(db: Db, user: SessionUser, companyID: string) {
	const row = db.prepare('SELECT company_id FROM customers WHERE id_cust = ?').get(user.id_cust) as
		{ company_id: string } | undefined
	if (row?.company_id !== companyID.trim()) throw new SandboxFault('Unknown company', 'companyID')
}

type BranchRow = { branchID: number; branchName: string }

function branches(db: Db, where: string) {
	return db
		.prepare(`SELECT branchID, branchName FROM branches WHERE ${where} ORDER BY branchName`)
		.all() as BranchRow[]
}

function requireVehicleType(db: Db, vehicleTypeID: number, field: string) {
	const row = db
		.prepare('SELECT vehicleTypeID FROM vehicle_types WHERE vehicleTypeID = ?')
		.get(vehicleTypeID)
	if (!row) throw new SandboxFault('Unknown vehicle type', field)
}

/** A yyyy-mm-dd(Thh:mm:ss) text that names a real calendar date. */
export function isRealDate(text: string) {
	const date = text.slice(0, 10)
	const ms = Date.parse(`${date}T00:00:00Z`)
	return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date
}

export const checkout = [
	implement(contract.getDespatchMethods, ({ companyID }, { db, user }) => {
		assertOwnCompany(db, user, companyID)
		const rows = db
			.prepare('SELECT methodName, methodDesc, delivery FROM despatch_methods ORDER BY sort')
			.all() as Array<{ methodName: string; methodDesc: string; delivery: number }>
		return {
			dataset: { DespatchMethodList: rows.map((m) => ({ ...m, delivery: m.delivery === 1 })) },
		}
	}),

	implement(contract.getVehicleTypes, ({ companyID }, { db, user }) => {
		assertOwnCompany(db, user, companyID)
		const rows = db
			.prepare('SELECT vehicleTypeID, vehicleTypeDesc FROM vehicle_types ORDER BY vehicleTypeID')
			.all() as Array<{ vehicleTypeID: number; vehicleTypeDesc: string }>
		return { dataset: { VehicleTypes: rows } }
	}),

	implement(contract.getBranches, ({ companyID }, { db, user }) => {
		assertOwnCompany(db, user, companyID)
		return { dataset: { BranchList: branches(db, '1 = 1') } }
	}),
	implement(contract.getOrderBranches, ({ companyID }, { db, user }) => {
		assertOwnCompany(db, user, companyID)
		return { dataset: { BranchList: branches(db, 'takes_orders = 1') } }
	}),
	implement(contract.getWebBranches, ({ companyID }, { db, user }) => {
		assertOwnCompany(db, user, companyID)
		return { dataset: { BranchList: branches(db, 'web = 1') } }
	}),

	implement(contract.geocode, ({ addressLine1, addressLine2, addressLine3 }) => {
		const place = geocode([addressLine1, addressLine2, addressLine3])
		if (!place) throw new SandboxFault('No matching records')
		return { dataset: { Geocode: [{ latitude: place.latitude, longitude: place.longitude }] } }
	}),

	/** The nearest order branch that delivers with the vehicle type, by great-circle distance. */
	implement(contract.getClosestBranch, (p, { db, user }) => {
		assertOwnUserName(db, user, p.userName)
		requireVehicleType(db, p.vehicleType, 'vehicleType')
		const candidates = db
			.prepare(
				`SELECT b.branchID, b.latitude, b.longitude FROM branches b
				 JOIN branch_vehicles v USING (branchID)
				 WHERE b.takes_orders = 1 AND v.vehicleTypeID = ? ORDER BY b.branchID`,
			)
			.all(p.vehicleType) as Array<{ branchID: number; latitude: number; longitude: number }>
		if (!candidates.length) throw new SandboxFault('No branch delivers with this vehicle type')
		const point = { latitude: p.latitudeDelivery, longitude: p.longitudeDelivery }
		const nearest = candidates
			.map((b) => ({ branchID: b.branchID, km: distanceKm(point, b) }))
			.reduce((best, b) => (b.km < best.km ? b : best))
		return {
			dataset: {
				DeliveryBranch: [
					{ branchID: nearest.branchID, distanceKm: Math.round(nearest.km * 10) / 10 },
				],
			},
		}
	}),

	/** The charge product of the vehicle type's distance band (up to 10, 25, 50 km, then 50+). */
	implement(contract.getDeliveryCharge, (p, { db, user }) => {
		assertOwnUserName(db, user, p.userName)
		requireVehicleType(db, p.vehicleType, 'vehicleType')
		const branch = db
			.prepare(
				`SELECT 1 AS ok FROM branches b JOIN branch_vehicles v USING (branchID)
				 WHERE b.branchID = ? AND b.takes_orders = 1 AND v.vehicleTypeID = ?`,
			)
			.get(p.branchID, p.vehicleType)
		if (!branch)
			throw new SandboxFault('This branch does not deliver with this vehicle type', 'branchID')
		const charge = db
			.prepare(
				`SELECT productID FROM delivery_charges WHERE vehicleTypeID = ? AND (max_km IS NULL OR ? <= max_km)
				 ORDER BY max_km IS NULL, max_km LIMIT 1`,
			)
			.get(p.vehicleType, p.distanceKm) as { productID: string } | undefined
		if (!charge) throw new SandboxFault('No matching records')
		return { dataset: { deliveryChargeProduct: charge.productID } }
	}),

	/**
	 * The cart becomes an Order or a Quote, exactly once per idempotency key: the same key answers
	 * the first transaction's number and creates nothing more. The lookup, the checks and the inserts
	 * run in one write transaction, and (id_cust, idempotency_key) is UNIQUE besides.
	 */
	implement(contract.createOrder, (p, { db, user, now }) => {
		assertOwnCustomer(user, p.customerID)
		return inTransaction(db, () => {
			const done = db
				.prepare(
					'SELECT transactionNumber FROM transactions WHERE id_cust = ? AND idempotency_key = ?',
				)
				.get(p.customerID, p.idempotencyKey) as { transactionNumber: number } | undefined
			if (done) return { dataset: { quoteNumber: done.transactionNumber } }

			const cart = requireCart(db, p.sessionID, p.customerID, { ordered: 'allow' })
			if (cart.ordered_at) throw new SandboxFault('This cart has already been ordered', 'sessionID')
			if (cart.sessionType !== 'Cart')
				throw new SandboxFault('A list cannot be ordered: copy it to the cart first', 'sessionID')
			const lines = cartLines(db, p.sessionID)
			if (!lines.length) throw new SandboxFault('Cart is empty')

			const method = db
				.prepare('SELECT delivery FROM despatch_methods WHERE methodName = ?')
				.get(p.despatchMethod) as { delivery: number } | undefined
			if (!method)
				throw new SandboxFault('Unable to find selected despatch method', 'despatchMethod')
			const branch = db
				.prepare('SELECT takes_orders FROM branches WHERE branchID = ?')
				.get(p.branchID) as { takes_orders: number } | undefined
			if (!branch) throw new SandboxFault('Unknown branch', 'branchID')
			if (!branch.takes_orders)
				throw new SandboxFault('This branch does not take orders', 'branchID')
			const delivery = p.saleDeliveryDetails[0]!
			if (method.delivery) requireVehicleType(db, delivery.type_vehicle, 'type_vehicle')
			if (!isRealDate(p.dateRequired)) throw new SandboxFault('Not a real date', 'dateRequired')

			// The cart's own rule: ex GST and GST per line, to the cent (docs/decisions/038).
			const priced = lines.map((l, i) => {
				const { ex, gst } = lineCents(l)
				return { ...l, lineNum: i + 1, unit: toCents(l.unitPrice), total: ex, gst }
			})
			const exCents = priced.reduce((sum, l) => sum + l.total, 0)
			const gstCents = priced.reduce((sum, l) => sum + l.gst, 0)
			const incGst = (exCents + gstCents) / 100

			const { next } = db
				.prepare('SELECT coalesce(max(transactionNumber), 600000) + 1 AS next FROM transactions')
				.get() as { next: number }
			const { lastInsertRowid } = db
				.prepare(
					`INSERT INTO transactions (transactionNumber, transactionSuffix, transactionType, id_cust, id_user,
					 deliveryDate, invoiceDate, branchID, customerOrderNumber, nameCharge, nameShip, jobName,
					 shipAddress1, shipAddress2, shipAddress3, comment_tportal,
					 transactionTotalAmountExcGST, transactionTotalGST, transactionTotalAmountIncGST, transactionAmount,
					 despatchMethod, dateRequired, buildersContact, contactPhone, contactMobile, contactEmail,
					 contactOnSite, vehicleType, latitude, longitude, distanceKm, cartSessionId, created_at, idempotency_key)
					 VALUES (?, 0, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				)
				.run(
					next,
					p.transactionType,
					p.customerID,
					user.id_user,
					p.dateRequired.slice(0, 10),
					p.branchID,
					p.buildersRef.trim(),
					p.customerName,
					p.clientName,
					p.buildersRef.trim(),
					p.clientAddress,
					p.clientSuburb,
					[p.clientState, p.clientPostcode].filter((s) => s.trim()).join(' '),
					p.shippingInstructions,
					exCents / 100,
					gstCents / 100,
					incGst,
					incGst,
					p.despatchMethod,
					p.dateRequired,
					p.buildersContact,
					delivery.phone_contact,
					delivery.phone_mobile,
					delivery.email_contact || p.clientEmail,
					delivery.is_contact_on_site ? 1 : 0,
					delivery.type_vehicle,
					delivery.latitude,
					delivery.longitude,
					delivery.distance_km,
					p.sessionID,
					now.toISOString(),
					p.idempotencyKey,
				)
			const line = db.prepare('INSERT INTO transaction_lines VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
			for (const l of priced)
				line.run(
					lastInsertRowid,
					l.lineNum,
					l.productID,
					l.prodDesc,
					l.prodQty,
					l.UOM,
					l.unit / 100,
					l.total / 100,
				)
			db.prepare('UPDATE carts SET ordered_at = ?, transaction_id = ? WHERE cartSessionId = ?').run(
				now.toISOString(),
				lastInsertRowid,
				p.sessionID,
			)
			return { dataset: { quoteNumber: next } }
		})
	}),
]
