import * as contract from './contract/checkout.ts'
import { type OrderPayload } from './contract/checkout.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { TPA } from './contract/define.ts'
import { recover } from './errors.ts'

/** Checkout lookups and the cart-to-order step. */
export function checkoutApi(ctx: PresenterContext) {
	const { client, config } = ctx
	const company = { companyID: config.company_id }
	return {
		async getDespatchMethods() {
			return (await client.call(contract.getDespatchMethods, company)).dataset.DespatchMethodList
		},
		async getVehicleTypes() {
			return (await client.call(contract.getVehicleTypes, company)).dataset.VehicleTypes
		},
		/** The branches an order can be picked up from. */
		async getOrderBranches() {
			return (await client.call(contract.getOrderBranches, company)).dataset.BranchList
		},
		/**
		 * Address to coordinates, or null when the presenter cannot place the address ('No matching
		 * records'). Not a 0,0 fallback: that charged an unknown address the farthest band
		 * from an arbitrary branch (docs/decisions/025-unknown-delivery-address.md).
		 */
		async geocode(lines: [string, string, string]) {
			const call = client.call(contract.geocode, {
				addressLine1: lines[0],
				addressLine2: lines[1],
				addressLine3: lines[2],
			})
			return recover<{ latitude: number; longitude: number } | null>(
				call.then((reply) => reply.dataset.Geocode[0]!),
				'no-records',
				() => null,
			)
		},
		async getClosestBranch(point: { latitude: number; longitude: number }, vehicleType: number) {
			const { username } = requireIdentity(ctx)
			const reply = await client.call(contract.getClosestBranch, {
				deviceID: config.device_id,
				latitudeDelivery: point.latitude,
				longitudeDelivery: point.longitude,
				userName: username,
				vehicleType,
			})
			return reply.dataset.DeliveryBranch[0]!
		},
		/** The charge product's SKU for a delivery from a branch. */
		async getDeliveryCharge(branch: { branchID: number; distanceKm: number }, vehicleType: number) {
			const { username } = requireIdentity(ctx)
			const reply = await client.call(contract.getDeliveryCharge, {
				branchID: branch.branchID,
				distanceKm: branch.distanceKm,
				userName: username,
				vehicleType,
			})
			return reply.dataset.deliveryChargeProduct
		},
		/** Completes the order; the same idempotency key never makes a second transaction. */
		async createOrder(cartSessionId: string, order: OrderPayload, idempotencyKey: string) {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.createOrder, {
				...order,
				deviceID: config.device_id,
				sessionID: cartSessionId,
				customerID: customerId,
				tpaID: TPA,
				idempotencyKey,
			})
			return reply.dataset.quoteNumber
		},
	}
}
