import * as contract from './contract/invoices.ts'
import { type EmailDetail } from './contract/invoices.ts'
import { type EmailFormat } from './contract/transactions.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { recover } from './errors.ts'

/** Invoices: the dated list and the bulk email (comments, detail and PDFs are in transactions). */
export function invoicesApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		/** The customer's invoices dated `from`–`to` (yyyy-mm-dd; '' leaves that end open). */
		async list(range: { from: string; to: string }) {
			const { username, customerId } = requireIdentity(ctx)
			const reply = await client.call(contract.getCustomerInvoices, {
				customerID: customerId,
				deviceID: config.device_id,
				fromDate: range.from,
				toDate: range.to,
				userName: username,
			})
			return reply.dataset.InvoiceTP
		},
		/**
		 * Emails `invoices` to each recipient in `emailDetails`. Resolves to the presenter's message,
		 * or to null when it queued the request to send later (an empty result).
		 */
		async email(
			invoices: ReadonlyArray<{ number: number; suffix: number }>,
			emailDetails: EmailDetail[],
			format: EmailFormat,
		): Promise<string | null> {
			const { customerId } = requireIdentity(ctx)
			const reply = await recover(
				client.call(contract.emailTransactions, {
					device: config.device_id,
					typedoc: 'Invoice',
					format,
					emailDetails,
					transactionList: invoices.map((i) => ({
						id_company: config.company_id,
						id_customer: customerId,
						num_tran: i.number,
						num_suffix: i.suffix,
					})),
				}),
				'queued',
				() => null,
			)
			return reply?.msg ?? null
		},
	}
}
