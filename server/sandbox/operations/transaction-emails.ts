import { z } from 'zod'
import * as contract from '#app/.server/presenter/contract/transactions.ts'
import { type Db, inTransaction } from '../db.ts'
import {
	companyOf,
	documentTitle,
	fileName,
	requireTransaction,
	transactionCsv,
	transactionEmailBody,
	transactionPdf,
} from '../documents.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { queueEmail } from '../outbox.ts'
import { sydneyTime } from '../sydney.ts'
import { assertOwnUserName } from './catalogue.ts'
import { assertOwnCompany, isRealDate } from './checkout.ts'
import { article, ref } from './transactions.ts'

type UserRow = { id_user: number; username: string; name: string; email: string }

/** A user of the session's customer, by id; anyone else is refused for `field`. */
function customerUser(db: Db, user: SessionUser, idUser: number, field: string) {
	const row = db
		.prepare(
			`SELECT id_user, username, name_first || ' ' || name_last AS name, email FROM users
			 WHERE id_user = ? AND id_cust = ?`,
		)
		.get(idUser, user.id_cust) as UserRow | undefined
	if (!row) throw new SandboxFault('User not available to this session', field)
	return row
}

function userNamed(db: Db, user: SessionUser, userName: string) {
	assertOwnUserName(db, user, userName)
	return db
		.prepare(
			`SELECT id_user, username, name_first || ' ' || name_last AS name, email FROM users
			 WHERE username = ? AND id_cust = ?`,
		)
		.get(userName.trim(), user.id_cust) as UserRow
}

/** What a user sends about a transaction: the document, a message, a quote's acceptance. */
export const transactionEmails = [
	/**
	 * Emails the transaction to `emailAddress` from the supplier: its PDF for format pdf, otherwise
	 * a CSV of its lines (the accounting formats get the same CSV; the body names the format).
	 */
	implement(contract.emailTransaction, async (p, { db, user, now }) => {
		assertOwnCustomer(user, p.customerID)
		const sender = userNamed(db, user, p.userName)
		assertOwnCompany(db, user, p.companyID)
		const t = requireTransaction(db, p.customerID, p.number, p.suffix)
		if (t.transactionType !== p.transactionType)
			throw new SandboxFault(
				`Transaction ${ref(t)} is ${article(t.transactionType)} ${t.transactionType.toLowerCase()}, not ${article(p.transactionType)} ${p.transactionType.toLowerCase()}`,
				'transactionType',
			)
		const company = companyOf(db, t.id_cust)
		const attachment =
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
					}
		queueEmail(db, now, {
			to: p.emailAddress,
			from: company.email,
			subject: `${t.transactionType} ${ref(t)} from ${company.name}`,
			body: transactionEmailBody(db, t, p.format, `${sender.name} (${sender.username})`),
			attachments: [attachment],
		})
		return { msg: `${t.transactionType} sent successfully` }
	}),

	/**
	 * A message from a user to the supplier (a change request for a transaction, or support with
	 * numTran 0). An empty toEmailAddress goes to the supplier's trade desk.
	 */
	implement(contract.sendEmailMessage, (p, { db, user, now }) => {
		assertOwnCustomer(user, p.customerID)
		const sender = customerUser(db, user, p.mobUserID, 'mobUserID')
		if (!p.subject.trim()) throw new SandboxFault('Please enter subject', 'subject')
		if (!p.bodyText.trim()) throw new SandboxFault('Please enter message', 'bodyText')
		// The portal strips a 'mailto:' prefix; a presenter takes the address either way.
		const to = p.toEmailAddress.trim().replace(/^mailto:/i, '')
		if (to && !z.email().safeParse(to).success)
			throw new SandboxFault('Invalid email address', 'toEmailAddress')
		const transaction =
			p.numTran > 0 ? requireTransaction(db, user.id_cust, p.numTran, p.suffixTran) : undefined
		const customer = db
			.prepare('SELECT customerName FROM customers WHERE id_cust = ?')
			.get(user.id_cust) as { customerName: string }
		const about = [
			transaction ? `Transaction: ${transaction.transactionType} ${ref(transaction)}` : '',
			`Customer: ${customer.customerName} (account ${user.id_cust})`,
			`From: ${sender.name} (${sender.username}), ${p.fromEmailAddress}`,
		].filter(Boolean)
		const supplier = companyOf(db, user.id_cust).email
		queueEmail(db, now, {
			to: to || supplier,
			from: supplier,
			replyTo: p.fromEmailAddress,
			subject: p.subject.trim(),
			body: `${p.bodyText.trim()}\n\n-- \n${about.join('\n')}\nSent from the trade portal.\n`,
		})
		return { msg: 'Email sent successfully' }
	}),

	/**
	 * Accepts one of the customer's quotes, once, for a delivery date from today (Sydney time, by
	 * the sandbox clock) on. The supplier is told by email.
	 */
	implement(contract.acceptQuote, (p, { db, user, now }) => {
		if (p.custID !== user.id_cust)
			throw new SandboxFault('Customer not available to this user', 'custID')
		assertOwnCompany(db, user, p.companyID)
		const accepter = customerUser(db, user, p.idUser, 'idUser')
		const t = requireTransaction(db, user.id_cust, p.numTran, p.suffixTran)
		if (t.transactionType !== 'Quote')
			throw new SandboxFault(
				`Only quotes can be accepted: ${ref(t)} is ${article(t.transactionType)} ${t.transactionType.toLowerCase()}`,
			)
		if (t.accepted_at) throw new SandboxFault('This quote has already been accepted')
		if (!isRealDate(p.deliveryDate))
			throw new SandboxFault('The delivery date is not a real date', 'deliveryDate')
		const today = sydneyTime(now).date
		if (p.deliveryDate < today)
			throw new SandboxFault('The delivery date cannot be in the past', 'deliveryDate')
		const comment = p.comment1.trim()
		if (!comment) throw new SandboxFault('Required', 'comment1')

		const company = companyOf(db, user.id_cust)
		const customer = db
			.prepare('SELECT customerName FROM customers WHERE id_cust = ?')
			.get(user.id_cust) as { customerName: string }
		return inTransaction(db, () => {
			const { changes } = db
				.prepare(
					`UPDATE transactions SET accepted_at = ?, accepted_by = ?, accepted_delivery_date = ?, accepted_comment = ?
					 WHERE id = ? AND accepted_at IS NULL`,
				)
				.run(now.toISOString(), accepter.id_user, p.deliveryDate, comment, t.id)
			if (changes !== 1) throw new SandboxFault('This quote has already been accepted')
			queueEmail(db, now, {
				to: company.email,
				from: company.email,
				replyTo: accepter.email,
				subject: `Quote ${ref(t)} accepted by ${customer.customerName}`,
				body: [
					`${accepter.name} (${accepter.username}) of ${customer.customerName} (account ${user.id_cust}) accepted ${documentTitle(t)}.`,
					'',
					`Delivery date: ${p.deliveryDate}`,
					`Total inc GST: ${t.transactionTotalAmountIncGST.toFixed(2)}`,
					'',
					'Comment:',
					comment,
					'',
				].join('\n'),
			})
			return { msg: 'Quote accepted' }
		})
	}),
]
