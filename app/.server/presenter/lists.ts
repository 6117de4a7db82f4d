import * as contract from './contract/lists.ts'
import { type PresenterContext } from './context.ts'

export function listsApi({ client }: PresenterContext) {
	return {
		/** 'Save Custom List': a named copy of the cart. */
		async saveCart(cartSessionId: string, name: string) {
			await client.call(contract.saveCustomList, { cartSessionId, name })
		},
	}
}
