import * as contract from './contract/cart.ts'
import { type TallyLine } from './contract/cart.ts'
import { type CallOptions } from './client.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { TPA } from './contract/define.ts'
import { tallyTotal } from '#app/utils/product.ts'

export function cartApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		/** Creates an empty cart for the customer; returns its cartSessionId. */
		async create(customerId: number) {
			const reply = await client.call(contract.createCart, {
				customerID: customerId,
				deviceID: config.device_id,
				sessionType: 'Cart',
			})
			return reply.dataset.cartSessionId
		},
		/** The cart's lines (`fresh`: as the presenter has them now, nothing cached). */
		async get(cartSessionId: string, how?: CallOptions) {
			const { username, customerId } = requireIdentity(ctx)
			const reply = await client.call(
				contract.getCart,
				{
					sessionID: cartSessionId,
					tpaID: TPA,
					userName: username,
					reprice: true,
					customerID: customerId,
					deviceID: config.device_id,
				},
				how,
			)
			return reply.dataset.CartLines
		},
		/**
		 * Adds a product line. A tally product sends its lines; the line's quantity is their total
		 * metres. Returns the new line id.
		 */
		async addLine(
			cartSessionId: string,
			line: { productID: string; uom: string; quantity: number; tally?: TallyLine[] },
		) {
			const { customerId } = requireIdentity(ctx)
			const tally = line.tally ?? []
			const reply = await client.call(contract.addToCart, {
				UOM: line.uom,
				customerID: customerId,
				productID: line.productID,
				quoteQty: line.quantity,
				sessionID: cartSessionId,
				tallyLength: tally.length ? line.quantity : 0,
				unitSell: 0,
				quoteComments: '',
				roomTypeID: 0,
				tallyLines: tally,
			})
			return reply.dataset.lineID
		},
		/** Changes the quantity or unit of a (non-tally) line. */
		async updateLine(
			cartSessionId: string,
			line: { lineID: number; productID: string; uom: string; quantity: number },
		) {
			const { customerId } = requireIdentity(ctx)
			await client.call(contract.updateCartLine, {
				UOM: line.uom,
				customerID: customerId,
				productID: line.productID,
				quoteQty: line.quantity,
				sessionID: cartSessionId,
				tallyLength: 0,
				unitSell: 0,
				quoteComments: '',
				roomTypeID: 0,
				lineId: line.lineID,
			})
		},
		/** Replaces a tally line's lengths; its quantity becomes their total metres. */
		async updateTally(
			cartSessionId: string,
			line: { lineID: number; uom: string; tally: TallyLine[] },
		) {
			await client.call(contract.updateCartTally, {
				sessionID: cartSessionId,
				lineID: line.lineID,
				UOMList: [{ UOM: line.uom }],
				total: tallyTotal(line.tally),
				tallyLines: line.tally,
			})
		},
		async removeLine(cartSessionId: string, line: { lineID: number; productID: string }) {
			await client.call(contract.removeCartLine, {
				productID: line.productID,
				sessionID: cartSessionId,
				lineID: line.lineID,
			})
		},
		/** 'Clear All'. */
		async clear(cartSessionId: string) {
			const { customerId } = requireIdentity(ctx)
			await client.call(contract.removeAllCartLines, { customerId, sessionID: cartSessionId })
		},
	}
}
