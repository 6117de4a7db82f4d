import * as contract from '../../../app/.server/presenter/contract/transactions.ts'
import { type OrderRow } from '../../../app/.server/presenter/contract/transactions.ts'
import { assertOwnCustomer, implement } from '../implement.ts'
import { assertOwnUserName } from './catalogue.ts'

/** The most rows one list answers, as the presenter caps 'everything' requests. */
const MAX_ROWS = 10_000

export const transactions = [
	/** The customer's orders and quotes (invoices have their own list), newest first. */
	implement(contract.getCustomerTransactions, ({ customerID, userName, limit }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		assertOwnUserName(db, user, userName)
		const rows = db
			.prepare(
				`SELECT transactionNumber, transactionSuffix, transactionType, deliveryDate, invoiceDate, branchID,
				 customerOrderNumber, shipAddress1, jobName, transactionAmount
				 FROM transactions WHERE id_cust = ? AND transactionType IN ('Order', 'Quote')
				 ORDER BY created_at DESC, transactionNumber DESC, transactionSuffix DESC LIMIT ?`,
			)
			.all(customerID, Math.min(limit, MAX_ROWS)) as OrderRow[]
		return { dataset: { Order: rows } }
	}),
]
