import { z } from 'zod'
import { datasetReply, defineOperation, PresenterBoolean, TTL } from './define.ts'

export const DespatchMethodSchema = z.object({
	methodName: z.string(),
	methodDesc: z.string(),
	/** true: delivery (address, onsite, vehicle); false: pickup from a branch. */
	delivery: PresenterBoolean,
})
export type DespatchMethod = z.infer<typeof DespatchMethodSchema>

export const getDespatchMethods = defineOperation({
	fn: 'getDespatchMethods',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ DespatchMethodList: z.array(DespatchMethodSchema) }),
	cache: { ttlMs: TTL.general, tags: ['lookups'], shared: true },
})

export const VehicleTypeSchema = z.object({
	vehicleTypeID: z.number().int(),
	vehicleTypeDesc: z.string(),
})
export const getVehicleTypes = defineOperation({
	fn: 'getVehicleTypes',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ VehicleTypes: z.array(VehicleTypeSchema) }),
	cache: { ttlMs: TTL.general, tags: ['lookups'], shared: true },
})

export const BranchSchema = z.object({ branchID: z.number().int(), branchName: z.string() })
export type Branch = z.infer<typeof BranchSchema>

/** A list of the company's branches (the three lists differ only in which branches they hold). */
const branchList = (fn: string) =>
	defineOperation({
		fn,
		transport: { kind: 'proxy' },
		mutation: false,
		payload: z.object({ companyID: z.string() }),
		reply: datasetReply({ BranchList: z.array(BranchSchema) }),
		cache: { ttlMs: TTL.general, tags: ['lookups'], shared: true },
	})

/** All branches; order branches (can take orders, the pickup list); web branches (shown online). */
export const getBranches = branchList('getBranches')
export const getOrderBranches = branchList('getOrderBranches')
export const getWebBranches = branchList('getWebBranches')

/** Address to coordinates. An address it cannot place is 'No matching records'. */
export const geocode = defineOperation({
	fn: 'geocodeAddress',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		addressLine1: z.string(),
		addressLine2: z.string(),
		addressLine3: z.string(),
	}),
	reply: datasetReply({
		Geocode: z.array(z.object({ latitude: z.number(), longitude: z.number() })).min(1),
	}),
	cache: { ttlMs: TTL.general, tags: ['lookups'] },
})

/** The delivering branch nearest to a point, for a vehicle type. */
export const getClosestBranch = defineOperation({
	fn: 'getClosestBranch',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		deviceID: z.string(),
		latitudeDelivery: z.number(),
		longitudeDelivery: z.number(),
		userName: z.string(),
		vehicleType: z.number().int(),
	}),
	reply: datasetReply({
		DeliveryBranch: z
			.array(z.object({ branchID: z.number().int(), distanceKm: z.number().min(0) }))
			.min(1),
	}),
	// A pure lookup: the preview's answer serves the order placed right after it.
	cache: { ttlMs: TTL.general, tags: ['lookups'] },
})

/** The charge product for a delivery: added to the cart as one 'ea' line. */
export const getDeliveryCharge = defineOperation({
	fn: 'getDeliveryCharge',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		branchID: z.number().int(),
		distanceKm: z.number().min(0),
		userName: z.string(),
		vehicleType: z.number().int(),
	}),
	reply: datasetReply({ deliveryChargeProduct: z.string().min(1) }),
	cache: { ttlMs: TTL.general, tags: ['lookups'] },
})

export const SaleDeliveryDetailsSchema = z.object({
	id_branch: z.number().int(),
	/** yyyy-mm-dd */
	date_deliv: z.string(),
	is_contact_on_site: z.boolean(),
	type_vehicle: z.number().int(),
	name_contact: z.string(),
	phone_contact: z.string(),
	phone_mobile: z.string(),
	email_contact: z.string(),
	time_deliv_required: z.number().int(),
	latitude: z.number(),
	longitude: z.number(),
	distance_km: z.number(),
	id_run: z.number().int(),
	instructions: z.string(),
})

/** The order payload of the cart-to-order step. */
export const OrderPayloadSchema = z.object({
	transactionType: z.enum(['Order', 'Quote']),
	branchID: z.number().int(),
	customerName: z.string(),
	customerAddress: z.string(),
	customerState: z.string(),
	customerPostcode: z.string(),
	customerEmail: z.string(),
	clientName: z.string(),
	clientAddress: z.string(),
	clientSuburb: z.string(),
	clientState: z.string(),
	clientPostcode: z.string(),
	clientEmail: z.string(),
	buildersRef: z.string(),
	buildersContact: z.string(),
	salesRepID: z.literal(0),
	/** Date and time joined as a seconds-precision timestamp: yyyy-mm-ddTHH:mm:ss. */
	dateRequired: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
	despatchMethod: z.string().min(1),
	shippingInstructions: z.string(),
	quoteOutput: z.literal(''),
	specOutput: z.literal(''),
	brochureOutput: z.literal(''),
	saleDeliveryDetails: z.array(SaleDeliveryDetailsSchema).length(1),
})
export type OrderPayload = z.infer<typeof OrderPayloadSchema>

/**
 * createOrder: turns the cart into an Order or a Quote. `idempotencyKey` is one checkout attempt:
 * the same key always answers the same quoteNumber and never creates a second transaction.
 */
export const createOrder = defineOperation({
	fn: 'createOrder',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: OrderPayloadSchema.extend({
		deviceID: z.string(),
		sessionID: z.string().min(1),
		customerID: z.number().int(),
		tpaID: z.string(),
		idempotencyKey: z.string().min(16).max(64),
	}),
	reply: datasetReply({ quoteNumber: z.number().int() }),
	invalidates: ['cart', 'transactions'],
	changesCart: (p) => p.sessionID,
})
