import { describe, expect, test } from 'vitest'
import * as checkout from '#app/.server/presenter/contract/checkout.ts'
import { type PayloadOf } from '#app/.server/presenter/contract/define.ts'
import * as contract from '#app/.server/presenter/contract/transactions.ts'
import { type TransactionDetail } from '#app/.server/presenter/contract/transactions.ts'
import { formatMoney } from '#app/utils/format.ts'
import { decimalDollars, dollarsToCents } from '#app/utils/money.ts'
import { composeTally } from './operations/copy-to-cart.ts'
import { COMPANY_ID } from './seed/company.ts'
import {
	cents,
	CUSTOMER,
	fails,
	orderPayload,
	pdfText,
	useSandbox,
	type Username,
} from './test-harness.ts'

/** The sandbox clock: noon in Sydney on the seed's 'today' (Friday 20 November 2026). */
const NOW = new Date('2026-11-20T01:00:00Z')
const COMPANY = {
	name: 'Southern Cross Building Supplies',
	email: 'trade@southerncrossbuilding.com.au',
}

const sandbox = useSandbox({ now: () => NOW })
const { call, stream, one, all } = sandbox

type Ref = { number: number; suffix: number }
/** The newest transaction of the customer matching `where`. */
function pick(where: string, customer = 10001): Ref {
	const row = one(
		`SELECT transactionNumber, transactionSuffix FROM transactions t WHERE id_cust = ? AND ${where}
		 ORDER BY created_at DESC LIMIT 1`,
		customer,
	)
	expect(row, where).toBeTruthy()
	return { number: Number(row.transactionNumber), suffix: Number(row.transactionSuffix) }
}
const hasCharge = `EXISTS (SELECT 1 FROM transaction_lines l JOIN products p ON p.productID = l.productCode
	WHERE l.transaction_id = t.id AND p.prodCategory IS NULL)`
const hasTally = `EXISTS (SELECT 1 FROM transaction_lines l JOIN products p ON p.productID = l.productCode
	WHERE l.transaction_id = t.id AND p.isTally = 1)`

const details = (ref: Ref, username: Username = 'demo') =>
	call(
		contract.getTransactionDetails,
		{
			userName: username,
			companyID: COMPANY_ID,
			customerID: CUSTOMER[username],
			transactionNumber: ref.number,
			transactionSuffix: ref.suffix,
		},
		username,
	).then((r) => r.dataset.TransactionDetailsTP[0]!)

type OutboxEmail = {
	id: number
	sent_at: string
	to_address: string
	from_address: string
	reply_to: string
	subject: string
	body: string
	attachments: Array<{ filename: string; contentType: string; size: number; content: string }>
}
async function outbox() {
	const res = await fetch(`${sandbox.origin}/__sandbox/outbox`)
	return ((await res.json()) as { emails: OutboxEmail[] }).emails
}
const lastEmail = async () => (await outbox()).at(-1)!

const text = (pdf: Buffer | Uint8Array) => Buffer.from(pdf).toString('latin1')

describe('getTransactionDetails', () => {
	test.each(['Invoice', 'Order', 'Quote'] as const)(
		'answers %s with every field, its lines in order and consistent totals',
		async (type) => {
			const ref = pick(`transactionType = '${type}'`)
			const detail = await details(ref)
			const row = one(
				'SELECT * FROM transactions WHERE transactionNumber = ? AND transactionSuffix = ?',
				ref.number,
				ref.suffix,
			)
			expect(detail).toMatchObject({
				transactionNumber: ref.number,
				transactionSuffix: ref.suffix,
				transactionType: type,
				customerID: 10001,
				companyID: COMPANY_ID,
				deliveryDate: row.deliveryDate,
				invoiceDate: row.invoiceDate,
				nameCharge: row.nameCharge,
				nameShip: row.nameShip,
				jobName: row.jobName,
				shipAddress1: row.shipAddress1,
				shipAddress2: row.shipAddress2,
				shipAddress3: row.shipAddress3,
				comment_tportal: row.comment_tportal,
			})
			expect(detail.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
			expect(detail.invoiceDate).toMatch(
				type === 'Invoice' ? /^\d{4}-\d{2}-\d{2}$/ : /^(\d{4}-\d{2}-\d{2})?$/,
			)
			const lines = detail.LineDetailsTP
			expect(lines.length).toBeGreaterThan(0)
			expect(lines.map((l) => l.lineNum)).toEqual(lines.map((_, i) => i + 1))
			const ex = detail.transactionTotalAmountExcGST
			expect(lines.reduce((sum, l) => sum + l.linePrice, 0)).toBe(ex)
			expect(detail.transactionTotalGST).toBe(Math.round(ex / 10))
			expect(detail.transactionTotalAmountIncGST).toBe(ex + detail.transactionTotalGST)
			for (const l of lines) expect(l.linePrice).toBe(Math.round(l.quantity * l.unitPrice))
		},
	)

	test('answers back orders (suffix 1) and no-charge invoices', async () => {
		const back = pick(`transactionType = 'Invoice' AND transactionSuffix = 1`)
		expect(await details(back)).toMatchObject({
			transactionSuffix: 1,
			comment_tportal: 'Back order',
		})
		const free = await details(pick(`transactionType = 'Invoice' AND transactionAmount = 0`))
		expect(free.transactionTotalAmountIncGST).toBe(0)
		expect(free.LineDetailsTP.every((l) => l.unitPrice === 0)).toBe(true)
	})

	test('an unknown or another customer’s transaction has no matching records', async () => {
		const unknown = await fails(details({ number: 999_999, suffix: 0 }), 'no-records')
		expect(unknown.firstMessage).toBe('No matching records found for transaction 999999-0')
		const theirs = pick(`transactionType = 'Invoice'`, 10002)
		const error = await fails(details(theirs), 'no-records')
		expect(error.firstMessage).toBe(
			`No matching records found for transaction ${theirs.number}-${theirs.suffix}`,
		)
		// A real one of ours, with a suffix it does not have.
		const ours = pick(`transactionSuffix = 0 AND transactionType = 'Quote'`)
		await fails(details({ ...ours, suffix: 7 }), 'no-records')
	})

	test('the user name, customer and company must be the session’s', async () => {
		const ref = pick(`transactionType = 'Order'`)
		const payload = {
			userName: 'demo',
			companyID: COMPANY_ID,
			customerID: 10001,
			transactionNumber: ref.number,
			transactionSuffix: ref.suffix,
		}
		await fails(
			call(contract.getTransactionDetails, { ...payload, userName: 'onhold' }),
			'field',
			'userName',
		)
		await fails(
			call(contract.getTransactionDetails, { ...payload, customerID: 10002 }),
			'field',
			'customerID',
		)
		await fails(
			call(contract.getTransactionDetails, { ...payload, companyID: '2' }),
			'field',
			'companyID',
		)
		// Another user of the same customer may ask.
		await expect(
			call(contract.getTransactionDetails, { ...payload, userName: 'tbaker' }),
		).resolves.toBeTruthy()
	})
})

describe('saveUserComment', () => {
	const save = (ref: Ref, userComment: string, username: Username = 'demo') =>
		call(
			contract.saveUserComment,
			{
				userName: username,
				customerID: CUSTOMER[username],
				transactionNumber: ref.number,
				transactionSuffix: ref.suffix,
				userComment,
			},
			username,
		)

	test('stores the customer’s comment on an invoice; empty clears it', async () => {
		const ref = pick(`transactionType = 'Invoice' AND comment_tportal = ''`)
		expect(await save(ref, '  Paid by EFT 12/11, ref 88231  ')).toEqual({
			msg: 'Comment saved successfully',
		})
		expect((await details(ref)).comment_tportal).toBe('Paid by EFT 12/11, ref 88231')
		await save(ref, '')
		expect((await details(ref)).comment_tportal).toBe('')
	})

	test('only invoices take comments, and only the customer’s', async () => {
		const order = pick(`transactionType = 'Order'`)
		const before = (await details(order)).comment_tportal
		const error = await fails(save(order, 'Nope'), 'field')
		expect(error.firstMessage).toBe(
			`Comments can only be added to invoices: ${order.number}-${order.suffix} is an order`,
		)
		expect((await details(order)).comment_tportal).toBe(before)
		await fails(save(pick(`transactionType = 'Quote'`), 'Nope'), 'field')
		await fails(save(pick(`transactionType = 'Invoice'`, 10002), 'Nope'), 'no-records')
		await fails(save({ number: 999_999, suffix: 0 }, 'Nope'), 'no-records')
	})
})

describe('emailTransaction', () => {
	const email = (ref: Ref, overrides: Partial<PayloadOf<typeof contract.emailTransaction>> = {}) =>
		call(contract.emailTransaction, {
			userName: 'demo',
			companyID: COMPANY_ID,
			customerID: 10001,
			deviceID: 'test',
			transactionType: 'Invoice',
			number: ref.number,
			suffix: ref.suffix,
			emailAddress: 'accounts@harbourcityconstructions.com.au',
			...overrides,
		})

	test('format pdf emails the invoice’s PDF (the same bytes as its download)', async () => {
		const ref = pick(`transactionType = 'Invoice' AND transactionAmount > 0`)
		const detail = await details(ref)
		expect(await email(ref)).toEqual({ msg: 'Invoice sent successfully' })
		const sent = await lastEmail()
		expect(sent).toMatchObject({
			to_address: 'accounts@harbourcityconstructions.com.au',
			from_address: COMPANY.email,
			subject: `Invoice ${ref.number}-${ref.suffix} from ${COMPANY.name}`,
			sent_at: NOW.toISOString(),
		})
		expect(sent.body).toContain(
			`Total inc GST:  ${formatMoney(detail.transactionTotalAmountIncGST)}`,
		)
		expect(sent.body).toContain('Total ex GST:')
		expect(sent.body).toContain('Sarah Mitchell (demo)')
		expect(sent.attachments).toHaveLength(1)
		const [file] = sent.attachments
		expect(file).toMatchObject({
			filename: `invoice-${ref.number}-${ref.suffix}.pdf`,
			contentType: 'application/pdf',
		})
		const pdf = Buffer.from(file!.content, 'base64')
		expect(pdf.length).toBe(file!.size)
		expect(text(pdf.subarray(0, 5))).toBe('%PDF-')
		expect(pdfText(pdf)).toContain(`Tax Invoice ${ref.number}-${ref.suffix}`)
		expect(text(pdf)).toMatch(/%%EOF\n?$/)

		const download_ = await stream(contract.streamCustomerInvoices, {
			idCust: 10001,
			idCompany: COMPANY_ID,
			numTran: ref.number,
			invoiceSuffix: ref.suffix,
		})
		expect(Buffer.from(await download_.arrayBuffer()).equals(pdf)).toBe(true)
	})

	test('format csv attaches a CSV of the lines; the accounting formats too, named in the body', async () => {
		const ref = pick(`transactionType = 'Invoice' AND transactionAmount > 0`)
		const detail = await details(ref)
		await email(ref, { format: 'csv' })
		const csv = await lastEmail()
		expect(csv.attachments).toHaveLength(1)
		expect(csv.attachments[0]).toMatchObject({
			filename: `invoice-${ref.number}-${ref.suffix}.csv`,
			contentType: 'text/csv',
		})
		const rows = Buffer.from(csv.attachments[0]!.content, 'base64')
			.toString('utf8')
			.trimEnd()
			.split('\r\n')
		expect(rows[0]).toBe('SKU,Description,Qty,UOM,Unit Price,Extended Price')
		expect(rows).toHaveLength(detail.LineDetailsTP.length + 1)
		const first = detail.LineDetailsTP[0]!
		expect(rows[1]).toContain(`${first.productCode},`)
		expect(rows[1]).toMatch(new RegExp(`,${decimalDollars(first.linePrice)}$`))
		expect(csv.body).toContain('as a CSV file for CSV')

		await email(ref, { format: 'xero' })
		const xero = await lastEmail()
		expect(xero.attachments[0]?.filename).toBe(`invoice-${ref.number}-${ref.suffix}.csv`)
		expect(xero.body).toContain('CSV file for Xero')
	})

	test('orders and quotes are sent as themselves', async () => {
		const order = pick(`transactionType = 'Order'`)
		expect(await email(order, { transactionType: 'Order' })).toEqual({
			msg: 'Order sent successfully',
		})
		const sent = await lastEmail()
		expect(sent.subject).toBe(`Order ${order.number}-${order.suffix} from ${COMPANY.name}`)
		expect(sent.attachments[0]?.filename).toBe(`order-${order.number}-${order.suffix}.pdf`)
		expect(pdfText(Buffer.from(sent.attachments[0]!.content, 'base64'))).toContain(
			`Sales Order ${order.number}`,
		)
		const quote = pick(`transactionType = 'Quote'`)
		expect(await email(quote, { transactionType: 'Quote' })).toEqual({
			msg: 'Quote sent successfully',
		})
	})

	test('the type must match; unknown, other customers’ and other users fail; nothing is sent', async () => {
		const count = (await outbox()).length
		const order = pick(`transactionType = 'Order'`)
		const error = await fails(email(order), 'field', 'transactionType')
		expect(error.firstMessage).toBe(
			`Transaction ${order.number}-${order.suffix} is an order, not an invoice`,
		)
		await fails(email({ number: 999_999, suffix: 0 }), 'no-records')
		await fails(email(pick(`transactionType = 'Invoice'`, 10002)), 'no-records')
		await fails(
			email(pick(`transactionType = 'Invoice'`), { userName: 'onhold' }),
			'field',
			'userName',
		)
		await fails(
			email(pick(`transactionType = 'Invoice'`), { customerID: 10002 }),
			'field',
			'customerID',
		)
		expect((await outbox()).length).toBe(count)
	})
})

describe('sendEmailMessage', () => {
	const message = (overrides: Partial<PayloadOf<typeof contract.sendEmailMessage>> = {}) =>
		call(contract.sendEmailMessage, {
			customerID: 10001,
			mobUserID: 501,
			toEmailAddress: '',
			fromEmailAddress: 'sarah.mitchell@harbourcityconstructions.com.au',
			subject: 'Changes Requested for Transaction 1',
			bodyText: 'Please add 20 more sheets of 10mm plasterboard.',
			numTran: 0,
			suffixTran: 0,
			...overrides,
		})

	test('a change request goes to the supplier and names the transaction', async () => {
		const order = pick(`transactionType = 'Order'`)
		const subject = `Changes Requested for Transaction ${order.number}`
		expect(await message({ subject, numTran: order.number, suffixTran: order.suffix })).toEqual({
			msg: 'Email sent successfully',
		})
		const sent = await lastEmail()
		// From the supplier's own address; the user's is the one replies go to.
		expect(sent).toMatchObject({
			to_address: COMPANY.email,
			from_address: COMPANY.email,
			reply_to: 'sarah.mitchell@harbourcityconstructions.com.au',
			subject,
			attachments: [],
		})
		expect(sent.body).toMatch(/^Please add 20 more sheets of 10mm plasterboard\.\n/)
		expect(sent.body).toContain(`Transaction: Order ${order.number}-${order.suffix}`)
		expect(sent.body).toContain('Harbour City Constructions Pty Ltd (account 10001)')
		expect(sent.body).toContain('Sarah Mitchell (demo)')
	})

	test('a support message (numTran 0) goes to the address given, mailto: or not', async () => {
		await message({
			subject: 'Login help',
			toEmailAddress: 'mailto:trade.support@southerncrossbuilding.com.au',
			mobUserID: 504,
			fromEmailAddress: 'tom.baker@harbourcityconstructions.com.au',
		})
		const sent = await lastEmail()
		expect(sent.to_address).toBe('trade.support@southerncrossbuilding.com.au')
		expect(sent.body).not.toContain('Transaction:')
		expect(sent.body).toContain('Tom Baker (tbaker)')
	})

	test('the user must be the customer’s, the transaction too', async () => {
		const count = (await outbox()).length
		await fails(message({ mobUserID: 502 }), 'field', 'mobUserID')
		await fails(message({ customerID: 10002 }), 'field', 'customerID')
		await fails(message({ toEmailAddress: 'not an address' }), 'field', 'toEmailAddress')
		await fails(message({ subject: '  ' }), 'field', 'subject')
		await fails(message({ bodyText: ' \n ' }), 'field', 'bodyText')
		// A line break in the subject would start a header of the sender's own: the contract
		// refuses it (the client before sending, the sandbox on receipt).
		await expect(message({ subject: 'x\r\nBcc: everyone@example.com' })).rejects.toThrow(
			'Enter this on one line',
		)
		await expect(message({ subject: 'x\nBcc: everyone@example.com' })).rejects.toThrow(
			'Enter this on one line',
		)
		const theirs = pick(`transactionType = 'Order'`, 10002)
		await fails(message({ numTran: theirs.number, suffixTran: theirs.suffix }), 'no-records')
		expect((await outbox()).length).toBe(count)
	})
})

describe('acceptQuote', () => {
	const accept = (ref: Ref, overrides: Partial<PayloadOf<typeof contract.acceptQuote>> = {}) =>
		call(contract.acceptQuote, {
			deliveryDate: '2026-12-02',
			comment1: 'Go ahead – deliver to the rear lane',
			companyID: COMPANY_ID,
			custID: 10001,
			numTran: ref.number,
			suffixTran: ref.suffix,
			idUser: 501,
			...overrides,
		})
	const accepted = (ref: Ref) =>
		one(
			`SELECT accepted_at, accepted_by, accepted_delivery_date, accepted_comment FROM transactions
			 WHERE transactionNumber = ? AND transactionSuffix = ?`,
			ref.number,
			ref.suffix,
		)

	test('accepts a quote once, records it and tells the supplier', async () => {
		const quote = pick(`transactionType = 'Quote' AND accepted_at IS NULL`)
		// Today (by the sandbox clock, Sydney time) is the earliest delivery date.
		expect(await accept(quote, { deliveryDate: '2026-11-20', idUser: 504 })).toEqual({
			msg: 'Quote accepted',
		})
		expect(accepted(quote)).toEqual({
			accepted_at: NOW.toISOString(),
			accepted_by: 504,
			accepted_delivery_date: '2026-11-20',
			accepted_comment: 'Go ahead – deliver to the rear lane',
		})
		const sent = await lastEmail()
		expect(sent).toMatchObject({
			to_address: COMPANY.email,
			from_address: COMPANY.email,
			reply_to: 'tom.baker@harbourcityconstructions.com.au',
			subject: `Quote ${quote.number}-${quote.suffix} accepted by Harbour City Constructions Pty Ltd`,
		})
		expect(sent.body).toContain('Delivery date: 2026-11-20')

		const again = await fails(accept(quote), 'field')
		expect(again.firstMessage).toBe('This quote has already been accepted')
		expect(accepted(quote).accepted_by).toBe(504)

		// The quote's PDF says so.
		const res = await stream(contract.streamCustomerSalesOrders, {
			idCust: 10001,
			idCompany: COMPANY_ID,
			numTran: quote.number,
			orderSuffix: quote.suffix,
		})
		expect(pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\n/g, ' ')).toContain(
			'by Tom Baker, for delivery on 20/11/2026',
		)
	})

	test('only the customer’s quotes, for a real date from today on', async () => {
		const quote = pick(`transactionType = 'Quote' AND accepted_at IS NULL`)
		const order = pick(`transactionType = 'Order'`)
		const notQuote = await fails(accept(order), 'field')
		expect(notQuote.firstMessage).toBe(
			`Only quotes can be accepted: ${order.number}-${order.suffix} is an order`,
		)
		await fails(accept(pick(`transactionType = 'Invoice'`)), 'field')
		await fails(accept(pick(`transactionType = 'Quote'`, 10002)), 'no-records')
		await fails(accept({ number: 999_999, suffix: 0 }), 'no-records')
		await fails(accept(quote, { deliveryDate: '2026-02-30' }), 'field', 'deliveryDate')
		const past = await fails(accept(quote, { deliveryDate: '2026-11-19' }), 'field', 'deliveryDate')
		expect(past.firstMessage).toBe('The delivery date cannot be in the past')
		await fails(accept(quote, { idUser: 502 }), 'field', 'idUser')
		await fails(accept(quote, { custID: 10002 }), 'field', 'custID')
		await fails(accept(quote, { companyID: '9' }), 'field', 'companyID')
		await fails(accept(quote, { comment1: '   ' }), 'field', 'comment1')
		expect(accepted(quote).accepted_at).toBeNull()
	})
})

describe('copyTranToCart', () => {
	const { newCart, getCart } = sandbox
	const copy = (cartSessionId: string, transaction: TransactionDetail, customerID = 10001) =>
		call(contract.copyTranToCart, {
			customerID,
			cartSessionId,
			transaction: contract.sentTransaction(transaction),
		})
	/** The customer's price today, in cents ex GST: trade price less 12%. */
	const priceNow = (productID: string) =>
		Math.round(
			(cents(
				Number(one('SELECT TradePrice FROM products WHERE productID = ?', productID).TradePrice),
			) *
				8800) /
				10_000,
		)

	test('adds the lines at today’s prices, leaving out delivery charges', async () => {
		const ref = pick(`transactionType = 'Order' AND ${hasCharge} AND ${hasTally}`)
		const detail = await details(ref)
		const charges = new Set(
			all('SELECT productID FROM products WHERE prodCategory IS NULL').map((r) => r.productID),
		)
		const products = detail.LineDetailsTP.filter((l) => !charges.has(l.productCode))
		expect(products.length).toBeLessThan(detail.LineDetailsTP.length)

		const cartId = await newCart()
		expect(await copy(cartId, detail)).toEqual({ msg: 'Order copied to cart' })
		const lines = await getCart(cartId)
		expect(lines.map((l) => l.productID)).toEqual(products.map((l) => l.productCode))
		expect(lines.map((l) => l.lineID)).toEqual(products.map((_, i) => i + 1))
		for (const [i, line] of lines.entries()) {
			expect(line.unitPrice).toBe(priceNow(line.productID))
			expect(line.prodQty).toBeCloseTo(products[i]!.quantity, 6)
			expect(line.UOM).toBe(products[i]!.unitOfMeasure)
			if (line.isTally) {
				// The seed keeps only the metres; stock lengths are found that make them up.
				expect(line.tallyLines.length).toBeGreaterThan(0)
				const total = line.tallyLines.reduce((sum, t) => sum + t.length * t.qty, 0)
				expect(total).toBeCloseTo(line.prodQty, 6)
			} else expect(line.tallyLines).toEqual([])
		}

		// Copying again appends.
		await copy(cartId, detail)
		expect(await getCart(cartId)).toHaveLength(products.length * 2)
	})

	test('trusts the stored transaction, not the client’s copy of it', async () => {
		const ref = pick(`transactionType = 'Invoice' AND transactionAmount > 0`)
		const detail = await details(ref)
		const tampered: TransactionDetail = {
			...detail,
			LineDetailsTP: [
				{
					...detail.LineDetailsTP[0]!,
					productCode: 'TLAS001',
					unitPrice: dollarsToCents(0.01),
					quantity: 999,
				},
			],
		}
		const cartId = await newCart()
		expect(await copy(cartId, tampered)).toEqual({ msg: 'Invoice copied to cart' })
		const lines = await getCart(cartId)
		const stored = detail.LineDetailsTP.filter((l) => !l.productCode.startsWith('DEL-'))
		expect(lines.map((l) => [l.productID, l.prodQty])).toEqual(
			stored.map((l) => [l.productCode, l.quantity]),
		)
		expect(lines.every((l) => l.unitPrice === priceNow(l.productID))).toBe(true)
	})

	test('a no-charge invoice copies at today’s prices; a product no longer sold is skipped and named', async () => {
		const ref = pick(`transactionType = 'Invoice' AND transactionAmount = 0`)
		const { id } = one(
			'SELECT id FROM transactions WHERE transactionNumber = ? AND transactionSuffix = ?',
			ref.number,
			ref.suffix,
		)
		sandbox.db
			.prepare(
				`INSERT INTO transaction_lines VALUES (?, (SELECT max(lineNum) + 1 FROM transaction_lines WHERE transaction_id = ?),
				 'TOLD001', 'Discontinued bracket', 4, 'EA', 0, 0)`,
			)
			.run(Number(id), Number(id))
		const detail = await details(ref)
		const cartId = await newCart()
		const reply = await copy(cartId, detail)
		expect(reply.msg).toBe(
			'Invoice copied to cart. 1 line was not copied: TOLD001 is no longer available.',
		)
		const lines = await getCart(cartId)
		expect(lines).toHaveLength(detail.LineDetailsTP.length - 1)
		expect(lines.every((l) => l.unitPrice > 0)).toBe(true)
	})

	test('keeps the tally of an order placed in the portal', async () => {
		const cartId = await newCart()
		const lengths = all(
			`SELECT length FROM tally_lengths WHERE productID = 'TMGP10005' ORDER BY length`,
		).map((r) => Number(r.length))
		const [a, b] = lengths
		await sandbox.addToCart(cartId, {
			UOM: 'LM',
			productID: 'TMGP10005',
			tallyLength: a! * 4 + b! * 2,
			tallyLines: [
				{ length: a!, qty: 4 },
				{ length: b!, qty: 2 },
			],
		})
		const number = (await call(checkout.createOrder, pickupOrder(cartId))).dataset.quoteNumber
		const detail = await details({ number, suffix: 0 })
		const target = await newCart()
		await copy(target, detail)
		expect((await getCart(target))[0]).toMatchObject({
			productID: 'TMGP10005',
			isTally: true,
			tallyLines: [
				{ length: a, qty: 4 },
				{ length: b, qty: 2 },
			],
		})
	})

	test('the cart must be the customer’s open cart; the transaction the customer’s', async () => {
		const detail = await details(pick(`transactionType = 'Quote'`))
		await fails(copy(await newCart('onhold'), detail), 'field', 'sessionID')
		await fails(copy('no-such-cart', detail), 'field', 'sessionID')
		await fails(copy(await newCart('demo', 'Custom'), detail), 'field', 'cartSessionId')
		await fails(copy(await newCart(), detail, 10002), 'field', 'customerID')
		await fails(copy(await newCart(), { ...detail, transactionNumber: 999_999 }), 'no-records')
		const theirs = pick(`transactionType = 'Quote'`, 10002)
		await fails(
			copy(await newCart(), {
				...detail,
				transactionNumber: theirs.number,
				transactionSuffix: theirs.suffix,
			}),
			'no-records',
		)
		// An ordered cart is gone.
		const ordered = await newCart()
		await copy(ordered, detail)
		await call(checkout.createOrder, pickupOrder(ordered))
		await fails(copy(ordered, detail), 'field', 'sessionID')
	})
})

describe('composeTally', () => {
	test('finds stock lengths that make up the metres, fewest pieces first', () => {
		expect(composeTally([2.4, 3.6, 4.8], 12)).toEqual([
			{ length: 2.4, qty: 1 },
			{ length: 4.8, qty: 2 },
		])
		expect(composeTally([2.4, 3.0], 5.4)).toEqual([
			{ length: 2.4, qty: 1 },
			{ length: 3, qty: 1 },
		])
		expect(composeTally([2.4], 5)).toBeUndefined()
		expect(composeTally([], 5)).toBeUndefined()
	})
})

describe('streamCustomerInvoices / streamCustomerSalesOrders', () => {
	const invoicePdf = (ref: Ref, username: Username = 'demo') =>
		stream(
			contract.streamCustomerInvoices,
			{
				idCust: CUSTOMER[username],
				idCompany: COMPANY_ID,
				numTran: ref.number,
				invoiceSuffix: ref.suffix,
			},
			username,
		)
	const orderPdf = (ref: Ref, username: Username = 'demo') =>
		stream(
			contract.streamCustomerSalesOrders,
			{
				idCust: CUSTOMER[username],
				idCompany: COMPANY_ID,
				numTran: ref.number,
				orderSuffix: ref.suffix,
			},
			username,
		)

	async function expectPdf(res: Response, filename: string, title: string) {
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('application/pdf')
		expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`)
		const file = new Uint8Array(await res.arrayBuffer())
		expect(text(file).slice(0, 5)).toBe('%PDF-')
		expect(text(file)).toMatch(/%%EOF\n?$/)
		const lines = pdfText(file).split('\n')
		expect(lines).toContain(title)
		expect(lines).toContain('Southern Cross Building Supplies \u00b7 ABN 51 824 753 556')
		return lines
	}

	async function expectFault(res: Response, message: string) {
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toMatch(/^application\/json/)
		expect(await res.json()).toEqual({ hasErrors: true, errorTable: [{ field: '', msg: message }] })
	}

	test('an invoice, with its lines and totals', async () => {
		const ref = pick(`transactionType = 'Invoice' AND transactionSuffix = 1`)
		const detail = await details(ref)
		const body = await expectPdf(
			await invoicePdf(ref),
			`invoice-${ref.number}-1.pdf`,
			`Tax Invoice ${ref.number}-1`,
		)
		for (const l of detail.LineDetailsTP) expect(body).toContain(l.productCode)
		expect(body).toContain('Total inc GST')
		expect(body).toContain(formatMoney(detail.transactionTotalAmountIncGST))
	})

	test('an order and a quote', async () => {
		const order = pick(`transactionType = 'Order' AND transactionSuffix = 0`)
		await expectPdf(
			await orderPdf(order),
			`order-${order.number}-0.pdf`,
			`Sales Order ${order.number}`,
		)
		const quote = pick(`transactionType = 'Quote'`)
		await expectPdf(
			await orderPdf(quote),
			`quote-${quote.number}-0.pdf`,
			`Quotation ${quote.number}`,
		)
	})

	test('unknown, the wrong kind and other customers’ answer a fault, not a file', async () => {
		await expectFault(
			await invoicePdf({ number: 999_999, suffix: 0 }),
			'No matching records found for invoice 999999-0',
		)
		const order = pick(`transactionType = 'Order'`)
		await expectFault(
			await invoicePdf(order),
			`No matching records found for invoice ${order.number}-${order.suffix}`,
		)
		const invoice = pick(`transactionType = 'Invoice'`)
		await expectFault(
			await orderPdf(invoice),
			`No matching records found for order or quote ${invoice.number}-${invoice.suffix}`,
		)
		const theirs = pick(`transactionType = 'Invoice'`, 10002)
		await expectFault(
			await invoicePdf(theirs),
			`No matching records found for invoice ${theirs.number}-${theirs.suffix}`,
		)
		const other = await stream(contract.streamCustomerInvoices, {
			idCust: 10002,
			idCompany: COMPANY_ID,
			numTran: theirs.number,
			invoiceSuffix: theirs.suffix,
		})
		expect(
			((await other.json()) as { errorTable: Array<{ field: string }> }).errorTable[0]?.field,
		).toBe('idCust')
	})

	test('needs a session', async () => {
		const res = await stream(
			contract.streamCustomerInvoices,
			{ idCust: 10001, idCompany: COMPANY_ID, numTran: 1, invoiceSuffix: 0 },
			null,
		)
		expect(((await res.json()) as { hasErrors: boolean }).hasErrors).toBe(true)
	})
})

/** The same order for pickup from branch 1. */
function pickupOrder(sessionID: string): PayloadOf<typeof checkout.createOrder> {
	const payload = orderPayload(sessionID, { despatchMethod: 'PICKUP', shippingInstructions: '' })
	const [delivery] = payload.saleDeliveryDetails
	return {
		...payload,
		saleDeliveryDetails: [
			{
				...delivery!,
				is_contact_on_site: false,
				type_vehicle: 0,
				email_contact: '',
				latitude: 0,
				longitude: 0,
				distance_km: 0,
			},
		],
	}
}
