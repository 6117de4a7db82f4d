import * as contract from './contract/cart.ts'
import { type PresenterContext, requireIdentity, TPA } from './context.ts'

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
		async get(cartSessionId: string) {
			const { username, customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getCart, {
				sessionID: cartSessionId,
				tpaID: TPA,
				userName: username,
				reprice: true,
				customerID: customerId,
				deviceID: config.device_id,
			})
			return reply.dataset.CartLines
		},
	}
}
