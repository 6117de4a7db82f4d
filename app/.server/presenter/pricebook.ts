import { type PayloadOf } from './contract/define.ts'
import * as contract from './contract/pricebook.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { recover } from './errors.ts'

type Change = Omit<
	PayloadOf<typeof contract.sendPriceBookInfoChanges>,
	'tradePortalUser' | 'deviceID'
>

/** The price book: its configuration and history, and the requests about it. */
export function pricebookApi(ctx: PresenterContext) {
	const { client } = ctx
	const statuses = (list: Array<{ Status: string }>) => list.map((s) => s.Status)
	return {
		/**
		 * The price book, or the presenter's message when the customer has none (an
		 * empty PriceBook plus the message).
		 */
		async get(): Promise<{ priceBook: contract.PriceBook | null; message: string | null }> {
			const { customerId, username } = requireIdentity(ctx)
			return recover(
				client
					.call(contract.getPriceBook, { customerID: customerId, tradePortalUser: username })
					.then((reply) => ({ priceBook: reply.dataset.PriceBook[0] ?? null, message: null })),
				'no-price-book',
				(error) => ({ priceBook: null, message: error.message }),
			)
		},
		/** 'Request New Price Book'; answers the presenter's Status texts. */
		async requestNew(tradePortalUser: string) {
			const reply = await client.call(contract.requestNewPriceBook, {
				tradePortalUser,
				deviceID: '',
			})
			return statuses(reply.requestNewPriceBookStatus)
		},
		/** 'Resend Selected'. */
		async resend(tradePortalUser: string, historyIDs: number[]) {
			const reply = await client.call(contract.resendPriceBook, {
				tradePortalUser,
				deviceID: '',
				historyIDs: historyIDs.join(' '),
			})
			return statuses(reply.resendPriceBookResponse)
		},
		/** 'Request Config Changes'. */
		async requestChanges(tradePortalUser: string, change: Change) {
			const reply = await client.call(contract.sendPriceBookInfoChanges, {
				...change,
				tradePortalUser,
				deviceID: '',
			})
			return statuses(reply.SendPriceBookResponse)
		},
	}
}
