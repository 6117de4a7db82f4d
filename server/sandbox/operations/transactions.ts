import { type z } from 'zod'
import * as contract from '#app/.server/presenter/contract/transactions.ts'
import { type TransactionType } from '#app/.server/presenter/contract/transactions.ts'
import { type Db } from '../db.ts'
import {
	fileName,
	requireTransaction,
	transactionPdf,
	findTransaction,
	type StoredTransaction,
} from '../documents.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { assertOwnUserName } from './catalogue.ts'
import { assertOwnCompany } from './checkout.ts'

/**
 * The customer's invoices, orders and quotes: the lists, one with its lines, its comment and its
 * PDF. Emailing and accepting them are in transaction-emails.ts, copying one to the cart in
 * copy-to-cart.ts.
 */

/** The most rows one list answers, as the presenter caps 'everything' requests. */
const MAX_ROWS = 10_000

/** 'a' or 'an', before a transaction type's name. */
export const article = (type: TransactionType) => (type === 'Quote' ? 'a' : 'an')
/** A transaction's reference: number-suffix. */
export const ref = (t: StoredTransaction) => `${t.transactionNumber}-${t.transactionSuffix}`

function toDetail(db: Db, t: StoredTransaction): z.input<typeof contract.TransactionDetailSchema> {
	const { company_id } = db
		.prepare('SELECT company_id FROM customers WHERE id_cust = ?')
		.get(t.id_cust) as { company_id: string }
	return {
		transactionNumber: t.transactionNumber,
		transactionSuffix: t.transactionSuffix,
		transactionType: t.transactionType,
		customerID: t.id_cust,
		companyID: company_id,
		invoiceDate: t.invoiceDate,
		deliveryDate: t.deliveryDate,
		nameCharge: t.nameCharge,
		nameShip: t.nameShip,
		jobName: t.jobName,
		shipAddress1: t.shipAddress1,
		shipAddress2: t.shipAddress2,
		shipAddress3: t.shipAddress3,
		comment_tportal: t.comment_tportal,
		transactionTotalAmountExcGST: t.transactionTotalAmountExcGST,
		transactionTotalGST: t.transactionTotalGST,
		transactionTotalAmountIncGST: t.transactionTotalAmountIncGST,
		LineDetailsTP: t.lines.map((l) => ({ ...l })),
	}
}

/**
 * A stream's PDF of the customer's transaction of one of `types`; anything else answers as the
 * presenter's no-records fault (a JSON errorTable, not a file).
 */
async function documentReply(
	db: Db,
	user: SessionUser,
	p: { idCust: number; idCompany: string; numTran: number; suffix: number },
	types: readonly TransactionType[],
	kind: string,
) {
	if (p.idCust !== user.id_cust)
		throw new SandboxFault('Customer not available to this user', 'idCust')
	assertOwnCompany(db, user, p.idCompany)
	const t = findTransaction(db, p.idCust, p.numTran, p.suffix)
	if (!t || !types.includes(t.transactionType))
		throw new SandboxFault(`No matching records found for ${kind} ${p.numTran}-${p.suffix}`)
	const pdf = await transactionPdf(db, t)
	return new Response(new Uint8Array(pdf), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="${fileName(t, 'pdf')}"`,
			'Content-Length': String(pdf.length),
			'Cache-Control': 'private, no-store',
		},
	})
}

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
			.all(customerID, Math.min(limit, MAX_ROWS)) as Array<z.input<typeof contract.OrderRowSchema>>
		return { dataset: { Order: rows } }
	}),

	/** One invoice, order or quote of the customer with its lines (amounts ex GST, GST, inc GST). */
	implement(contract.getTransactionDetails, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		assertOwnUserName(db, user, p.userName)
		assertOwnCompany(db, user, p.companyID)
		const t = requireTransaction(db, p.customerID, p.transactionNumber, p.transactionSuffix)
		return { dataset: { TransactionDetailsTP: [toDetail(db, t)] } }
	}),

	/** The customer's comment on one of its invoices; an empty comment clears it. */
	implement(contract.saveUserComment, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		assertOwnUserName(db, user, p.userName)
		const t = requireTransaction(db, p.customerID, p.transactionNumber, p.transactionSuffix)
		if (t.transactionType !== 'Invoice')
			throw new SandboxFault(
				`Comments can only be added to invoices: ${ref(t)} is ${article(t.transactionType)} ${t.transactionType.toLowerCase()}`,
			)
		db.prepare('UPDATE transactions SET comment_tportal = ? WHERE id = ?').run(
			p.userComment.trim(),
			t.id,
		)
		return { msg: 'Comment saved successfully' }
	}),

	/** An invoice's PDF, saved as invoice-{number}-{suffix}.pdf. */
	implement(contract.streamCustomerInvoices, (p, { db, user }) =>
		documentReply(db, user, { ...p, suffix: p.invoiceSuffix }, ['Invoice'], 'invoice'),
	),

	/** An order's or quote's PDF, saved as order-… or quote-{number}-{suffix}.pdf. */
	implement(contract.streamCustomerSalesOrders, (p, { db, user }) =>
		documentReply(db, user, { ...p, suffix: p.orderSuffix }, ['Order', 'Quote'], 'order or quote'),
	),
]
