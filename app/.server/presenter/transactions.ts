import * as checkout from './contract/checkout.ts'
import * as contract from './contract/transactions.ts'
import {
	type EmailFormat,
	type TransactionDetail,
	type TransactionType,
} from './contract/transactions.ts'
import { type PresenterContext, requireIdentity } from './context.ts'

/** Orders, quotes and invoices: lists, detail, documents and the actions on them. */
export function transactionsApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		/** The customer's orders and quotes (large list: limit 10000). */
		async listOrders() {
			const { username, customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getCustomerTransactions, {
				deviceID: config.device_id,
				customerID: customerId,
				userName: username,
				limit: 10_000,
			})
			return reply.dataset.Order
		},
		/** Branch names for the lists (Branch shows the name, falling back to the id). */
		async getBranches() {
			return (await client.call(checkout.getBranches, { companyID: config.company_id })).dataset
				.BranchList
		},
		/**
		 * One transaction. Number 0 with suffix 0 is an empty result, without a call.
		 */
		async get(number: number, suffix: number): Promise<TransactionDetail | null> {
			if (number === 0 && suffix === 0) return null
			const { username, customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getTransactionDetails, {
				userName: username,
				companyID: config.company_id,
				customerID: customerId,
				transactionNumber: number,
				transactionSuffix: suffix,
			})
			return reply.dataset.TransactionDetailsTP[0]!
		},
		async saveComment(ref: { number: number; suffix: number }, userComment: string) {
			const { username, customerId } = requireIdentity(ctx)
			return (
				await client.call(contract.saveUserComment, {
					userName: username,
					customerID: customerId,
					transactionNumber: ref.number,
					transactionSuffix: ref.suffix,
					userComment,
				})
			).msg
		},
		async email(
			ref: { type: TransactionType; number: number; suffix: number },
			emailAddress: string,
			format: EmailFormat,
		) {
			const { username, customerId } = requireIdentity(ctx)
			return (
				await client.call(contract.emailTransaction, {
					userName: username,
					companyID: config.company_id,
					customerID: customerId,
					deviceID: config.device_id,
					transactionType: ref.type,
					number: ref.number,
					suffix: ref.suffix,
					emailAddress,
					format,
				})
			).msg
		},
		/** 'Request Change': a message to the supplier about the transaction. */
		async requestChange(
			ref: { number: number; suffix: number },
			from: { userId: number; email: string },
			message: string,
		) {
			const { customerId } = requireIdentity(ctx)
			return (
				await client.call(contract.sendEmailMessage, {
					customerID: customerId,
					mobUserID: from.userId,
					toEmailAddress: '',
					fromEmailAddress: from.email,
					subject: `Changes Requested for Transaction ${ref.number}`,
					bodyText: message,
					numTran: ref.number,
					suffixTran: ref.suffix,
				})
			).msg
		},
		async acceptQuote(
			ref: { number: number; suffix: number },
			userId: number,
			deliveryDate: string,
			comment: string,
		) {
			const { customerId } = requireIdentity(ctx)
			return (
				await client.call(contract.acceptQuote, {
					deliveryDate,
					comment1: comment,
					companyID: config.company_id,
					custID: customerId,
					numTran: ref.number,
					suffixTran: ref.suffix,
					idUser: userId,
				})
			).msg
		},
		async copyToCart(cartSessionId: string, transaction: TransactionDetail) {
			const { customerId } = requireIdentity(ctx)
			return (
				await client.call(contract.copyTranToCart, {
					customerID: customerId,
					cartSessionId,
					transaction: contract.sentTransaction(transaction),
				})
			).msg
		},
		/** The transaction's PDF, as the presenter streams it. */
		async document(ref: { type: TransactionType; number: number; suffix: number }) {
			const { customerId } = requireIdentity(ctx)
			const base = { idCust: customerId, idCompany: config.company_id, numTran: ref.number }
			return ref.type === 'Invoice'
				? client.stream(contract.streamCustomerInvoices, { ...base, invoiceSuffix: ref.suffix })
				: client.stream(contract.streamCustomerSalesOrders, { ...base, orderSuffix: ref.suffix })
		},
	}
}
