import { z } from 'zod'
import { type TallyLine } from '#app/.server/presenter/contract/cart.ts'
import * as contract from '#app/.server/presenter/contract/transactions.ts'
import { type TransactionType } from '#app/.server/presenter/contract/transactions.ts'
import { type Db, inTransaction } from '../db.ts'
import {
	companyOf,
	fileName,
	requireTransaction,
	transactionCsv,
	transactionEmailBody,
	transactionPdf,
	documentTitle,
	findTransaction,
	type StoredLine,
	type StoredTransaction,
} from '../documents.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { queueEmail } from '../outbox.ts'
import {
	cartLines,
	findCartProduct,
	insertTallies,
	requireCart,
	unitCents,
	type CartProduct,
} from './cart.ts'
import { gstOf } from '../pricing.ts'
import { sydneyTime } from '../sydney.ts'
import { assertOwnUserName, tallyLengths } from './catalogue.ts'
import { assertOwnCompany, isRealDate } from './checkout.ts'

/** The most rows one list answers, as the presenter caps 'everything' requests. */
const MAX_ROWS = 10_000
/** The longest tally (in centimetres) rebuilt from stock lengths when copying a line: 5 km. */
const MAX_TALLY_CM = 500_000

const article = (type: TransactionType) => (type === 'Quote' ? 'a' : 'an')
const ref = (t: StoredTransaction) => `${t.transactionNumber}-${t.transactionSuffix}`

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

/** The tally lines of a copied line: the ordering cart's own, else stock lengths making up the total. */
function tallyFor(
	db: Db,
	t: StoredTransaction,
	line: StoredLine,
	product: CartProduct,
): TallyLine[] | undefined {
	const stock = tallyLengths(db, product.productID)
	const inStock = (length: number) => stock.some((s) => Math.abs(s - length) < 1e-6)
	if (t.cartSessionId) {
		const original = cartLines(db, t.cartSessionId)[line.lineNum - 1]
		if (
			original?.productID === product.productID &&
			original.tallyLines.length &&
			original.tallyLines.every((l) => inStock(l.length)) &&
			Math.abs(original.prodQty - line.quantity) < 0.001
		)
			return original.tallyLines.filter((l) => l.qty > 0)
	}
	return composeTally(stock, line.quantity)
}

/**
 * Stock lengths (fewest pieces) that add up to `metres` exactly, to the centimetre; undefined
 * when none do. Seeded history keeps only a line's total metres, so the tally is rebuilt.
 */
export function composeTally(stock: number[], metres: number): TallyLine[] | undefined {
	const target = Math.round(metres * 100)
	const lengths = [...new Set(stock.map((s) => Math.round(s * 100)))].filter((s) => s > 0)
	if (target <= 0 || target > MAX_TALLY_CM || !lengths.length) return undefined
	const pieces = new Int32Array(target + 1).fill(-1)
	const via = new Int32Array(target + 1)
	pieces[0] = 0
	for (let at = 1; at <= target; at++) {
		for (const length of lengths) {
			const before = at - length
			if (before < 0 || pieces[before]! < 0) continue
			if (pieces[at]! < 0 || pieces[before]! + 1 < pieces[at]!) {
				pieces[at] = pieces[before]! + 1
				via[at] = length
			}
		}
	}
	if (pieces[target]! < 0) return undefined
	const counts = new Map<number, number>()
	for (let at = target; at > 0; at -= via[at]!)
		counts.set(via[at]!, (counts.get(via[at]!) ?? 0) + 1)
	return [...counts.entries()]
		.sort(([a], [b]) => a - b)
		.map(([cm, qty]) => ({ length: cm / 100, qty }))
}

type PlannedLine = {
	product: CartProduct
	prodQty: number
	UOM: string
	tallies: TallyLine[]
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

	/**
	 * Copies the lines of the customer's transaction (as stored: the client's copy only names it)
	 * into its cart as new lines at today's customer prices. Delivery charges are left out (checkout
	 * works them out again); products no longer sold are skipped and named in the message.
	 */
	implement(contract.copyTranToCart, (p, { db, user }) => {
		assertOwnCustomer(user, p.customerID)
		if (p.transaction.customerID !== p.customerID)
			throw new SandboxFault('Customer not available to this user', 'transaction.customerID')
		const cart = requireCart(db, p.cartSessionId, p.customerID, { change: true })
		if (cart.sessionType !== 'Cart')
			throw new SandboxFault('A transaction can only be copied to a cart', 'cartSessionId')
		const t = requireTransaction(
			db,
			p.customerID,
			p.transaction.transactionNumber,
			p.transaction.transactionSuffix,
		)

		const planned: PlannedLine[] = []
		const skipped: string[] = []
		for (const line of t.lines) {
			const product = findCartProduct(db, line.productCode)
			if (product?.isCharge) continue
			const uoms = product?.uoms.split('|') ?? []
			if (!product) {
				skipped.push(`${line.productCode} is no longer available`)
			} else if (!(line.quantity > 0)) {
				continue
			} else if (product.isTally) {
				const tallies = tallyFor(db, t, line, product)
				if (!tallies) skipped.push(`${line.productCode} is no longer sold in these lengths`)
				else {
					const total = tallies.reduce((sum, l) => sum + l.length * l.qty, 0)
					planned.push({
						product,
						prodQty: Math.round(total * 1000) / 1000,
						UOM: uoms[0]!,
						tallies,
					})
				}
			} else if (!uoms.includes(line.unitOfMeasure)) {
				skipped.push(`${line.productCode} is no longer sold by ${line.unitOfMeasure}`)
			} else {
				planned.push({ product, prodQty: line.quantity, UOM: line.unitOfMeasure, tallies: [] })
			}
		}
		const name = `${t.transactionType} ${ref(t)}`
		if (!planned.length)
			throw new SandboxFault(
				skipped.length
					? `None of the lines of ${name} can be copied to the cart: ${skipped.join('; ')}`
					: `${name} has no product lines to copy to the cart`,
			)

		inTransaction(db, () => {
			let { lineID } = db
				.prepare(
					'SELECT coalesce(max(lineID), 0) AS lineID FROM cart_lines WHERE cartSessionId = ?',
				)
				.get(p.cartSessionId) as { lineID: number }
			const insert = db.prepare(
				`INSERT INTO cart_lines (cartSessionId, lineID, productID, prodQty, UOM, unitPrice, unitGST, prodDesc, productImage, isTally)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			)
			for (const l of planned) {
				lineID++
				const cents = unitCents(db, l.product, p.customerID)
				insert.run(
					p.cartSessionId,
					lineID,
					l.product.productID,
					l.prodQty,
					l.UOM,
					cents / 100,
					gstOf(cents) / 100,
					l.product.productShortDesc,
					l.product.productImage,
					l.product.isTally,
				)
				insertTallies(db, p.cartSessionId, lineID, l.tallies)
			}
		})
		const copied = `${t.transactionType} copied to cart`
		if (!skipped.length) return { msg: copied }
		const count = skipped.length === 1 ? '1 line was' : `${skipped.length} lines were`
		return { msg: `${copied}. ${count} not copied: ${skipped.join('; ')}.` }
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
