import { type PayloadOf, TPA } from './contract/define.ts'
import * as contract from './contract/support.ts'
import * as transactions from './contract/transactions.ts'
import { type PresenterContext, requireIdentity } from './context.ts'

export type Registration = Omit<PayloadOf<typeof contract.registerForAccess>, 'tpa' | 'companyID'>
export type TradeAccountRequest = Omit<
	PayloadOf<typeof contract.requestTradeAccount>,
	'tpa' | 'companyID'
>

/** Registration, support messages and the store listing. */
export function supportApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		/** Self-registration (no session); the presenter's message on success. */
		async register(registration: Registration) {
			const reply = await client.call(contract.registerForAccess, {
				...registration,
				tpa: TPA,
				companyID: config.company_id,
			})
			return reply.msg
		},
		/** A visitor's request for a trade account (no session); the presenter's message. */
		async requestTradeAccount(request: TradeAccountRequest) {
			const reply = await client.call(contract.requestTradeAccount, {
				...request,
				tpa: TPA,
				companyID: config.company_id,
			})
			return reply.msg
		},
		/** A message to the supplier's support address. */
		async sendMessage(message: {
			userId: number
			from: string
			to: string
			subject: string
			body: string
		}) {
			const { customerId } = requireIdentity(ctx)
			return (
				await client.call(transactions.sendEmailMessage, {
					customerID: customerId,
					mobUserID: message.userId,
					toEmailAddress: message.to,
					fromEmailAddress: message.from,
					subject: message.subject,
					bodyText: message.body,
					numTran: 0,
					suffixTran: 0,
				})
			).msg
		},
		async listStores() {
			const reply = await client.call(contract.getStoreList, { companyID: config.company_id })
			return reply.dataset.StoreList
		},
	}
}
