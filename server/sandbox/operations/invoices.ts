import * as contract from '#app/.server/presenter/contract/invoices.ts'
import { type InvoiceRow, QUEUED_MESSAGE } from '#app/.server/presenter/contract/invoices.ts'
import {
	companyOf,
	fileName,
	FORMAT_NAMES,
	requireTransaction,
	transactionCsv,
	transactionPdf,
	type StoredTransaction,
} from '../documents.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'
import { queueEmail } from '../outbox.ts'
import { assertOwnUserName } from './catalogue.ts'
import { assertOwnCompany } from './checkout.ts'

/**
 * A bulk email of more invoices than this is "queued": the sandbox still sends it at once, but
 * answers with the queued-request error, as the presenter does for large selections.
 */
export const BULK_EMAIL_QUEUE_THRESHOLD = 10

export const invoices = [
	/** The customer's invoices dated within the range (either end open), newest first. */
	implement(contract.getCustomerInvoices, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		assertOwnUserName(db, user, p.userName)
		const rows = db
			.prepare(
				`SELECT transactionNumber, transactionSuffix, transactionType, invoiceDate, deliveryDate, branchID,
				 customerOrderNumber, shipAddress1, jobName, comment_tportal AS userComment, transactionAmount
				 FROM transactions
				 WHERE id_cust = ? AND transactionType = 'Invoice'
				 AND (? = '' OR invoiceDate >= ?) AND (? = '' OR invoiceDate <= ?)
				 ORDER BY invoiceDate DESC, transactionNumber DESC, transactionSuffix DESC`,
			)
			.all(p.customerID, p.fromDate, p.fromDate, p.toDate, p.toDate) as InvoiceRow[]
		return { dataset: { InvoiceTP: rows } }
	}),

	/**
	 * Emails the listed invoices: each recipient (emailDetails entry) gets one message carrying
	 * every invoice's PDF (format pdf) or CSV of its lines. Every invoice must be the customer's.
	 */
	implement(contract.emailTransactions, async (p, { db, user, now }) => {
		const listed = new Map<string, StoredTransaction>()
		for (const [i, ref] of p.transactionList.entries()) {
			if (ref.id_customer !== user.id_cust)
				throw new SandboxFault(
					'Customer not available to this user',
					`transactionList.${i}.id_customer`,
				)
			assertOwnCompany(db, user, ref.id_company)
			const t = requireTransaction(db, user.id_cust, ref.num_tran, ref.num_suffix)
			if (t.transactionType !== 'Invoice')
				throw new SandboxFault(
					`Transaction ${ref.num_tran}-${ref.num_suffix} is not an invoice`,
					`transactionList.${i}`,
				)
			listed.set(`${t.transactionNumber}-${t.transactionSuffix}`, t)
		}
		const chosen = [...listed.values()]
		const attachments = await Promise.all(
			chosen.map(async (t) =>
				p.format === 'pdf'
					? {
							filename: fileName(t, 'pdf'),
							contentType: 'application/pdf',
							content: await transactionPdf(db, t),
						}
					: {
							filename: fileName(t, 'csv'),
							contentType: 'text/csv',
							content: Buffer.from(transactionCsv(t), 'utf8'),
						},
			),
		)
		const company = companyOf(db, user.id_cust)
		const sender = db
			.prepare(`SELECT name_first || ' ' || name_last AS name FROM users WHERE id_user = ?`)
			.get(user.id_user) as { name: string }
		const numbers = chosen.map((t) => `${t.transactionNumber}-${t.transactionSuffix}`)
		const kind = p.format === 'pdf' ? 'PDF' : `CSV for ${FORMAT_NAMES[p.format]}`
		for (const to of p.emailDetails) {
			queueEmail(db, now, {
				to: to.email_address,
				cc: to.email_address_cc,
				bcc: to.email_address_bcc,
				from: company.email,
				subject: to.email_subject.trim() || `Invoices from ${company.name}`,
				body: [
					'Hello,',
					'',
					...(to.email_message.trim() ? [to.email_message.trim(), ''] : []),
					`Please find attached ${chosen.length === 1 ? 'invoice' : `${chosen.length} invoices`} (${kind}): ${numbers.join(', ')}.`,
					'',
					`Sent from the trade portal by ${sender.name} (${user.username}).`,
					'',
					company.name,
					`ABN ${company.abn}`,
					company.email,
					'',
				].join('\n'),
				attachments,
			})
		}
		if (chosen.length > BULK_EMAIL_QUEUE_THRESHOLD) throw new SandboxFault(QUEUED_MESSAGE)
		return { msg: "Invoice's sent successfully" }
	}),
]
