import * as contract from './contract/lists.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { TPA } from './contract/define.ts'

/** Saved lists: the customer's Custom lists and the supplier's Generic ones. */
export function listsApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		/** 'Save Custom List': a named copy of the cart. */
		async saveCart(cartSessionId: string, name: string) {
			await client.call(contract.saveCustomList, { cartSessionId, name })
		},
		/** Every list of the customer with its lines. */
		async getAll() {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getCustomLists, { custID: customerId, tpaID: TPA })
			return reply.dataset.CustomLists
		},
		/** Adds the list's lines to the cart; returns the presenter's message. */
		async copyToCart(listId: string, cartSessionId: string) {
			return (
				await client.call(contract.copyCustomListToCart, {
					fromSessionID: listId,
					toSessionID: cartSessionId,
					deviceID: config.device_id,
				})
			).msg
		},
		async delete(listId: string) {
			await client.call(contract.deleteCustomList, { sessionID: listId })
		},
		async removeLine(listId: string, line: { lineID: number; productID: string }) {
			await client.call(contract.removeCustomListLine, {
				cartSessionId: listId,
				productId: line.productID,
				lineId: line.lineID,
			})
		},
	}
}
