import * as contract from './contract/payments.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { centsToDollars, type Cents } from '#app/utils/money.ts'

/** The account's aged balances and card payments through the provider. */
export function paymentsApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		async getAgedBalances() {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getAgedBalances, {
				companyID: config.company_id,
				customerID: customerId,
			})
			return reply.dataset.AgedBalances[0]!
		},
		/**
		 * Starts a payment for the signed-in customer; `callbacks` are where the provider sends the
		 * browser back. Returns the provider's page to send the browser to.
		 */
		async createSession(
			payment: { amount: Cents; reference: string },
			callbacks: { approved: string; declined: string; cancelled: string },
		) {
			const { customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.createPaymentSession, {
				approvedUrl: callbacks.approved,
				declinedUrl: callbacks.declined,
				cancelledUrl: callbacks.cancelled,
				idCust: customerId,
				// Dollars on the wire.
				paymentAmount: centsToDollars(payment.amount),
				paymentReference: payment.reference,
			})
			return reply.redirectUrl
		},
		async querySession(sessionID: string) {
			const reply = await client.call(contract.queryPaymentSession, { sessionID })
			return reply.dataset.PaymentSession[0]!
		},
	}
}
