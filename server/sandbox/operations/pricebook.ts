import { gzipSync } from 'node:zlib'
import Papa from 'papaparse'
import * as contract from '#app/.server/presenter/contract/pricebook.ts'
import {
	FORMAT_NAMES,
	FREQUENCY_NAMES,
	TYPE_NAMES,
} from '#app/.server/presenter/contract/pricebook.ts'
import { type Db, inTransaction } from '../db.ts'
import { companyOf } from '../documents.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { customerCents, discountBasisPoints, withGst } from '../pricing.ts'
import { queueEmail } from '../outbox.ts'
import { sydneyTime } from '../sydney.ts'

/** The presenter's no-price-book message. */
const NO_PRICE_BOOK = 'No price book extract has been set up for you'

type ConfigRow = {
	id_cust: number
	frequency: 'D' | 'W' | 'F' | 'M'
	type: 'F' | 'I'
	format: '1' | '2' | '3' | '4'
	recipient: string
	last_calculated: string
	show_new: number
	core_only: number
	quarterly: number
	zipped: number
}
type HistoryRow = {
	historyID: number
	dateGenerated: string
	typeGenerated: 'F' | 'I'
	formatGenerated: '1' | '2' | '3' | '4'
	sentRecipient: string
	newCodesGenerated: number
	coreProductsGenerated: number
}

/** The customer's price book configuration, for a request made by `tradePortalUser`. */
function requirePriceBook(db: Db, user: SessionUser, tradePortalUser: string) {
	if (tradePortalUser.trim().toLowerCase() !== user.username.toLowerCase())
		throw new SandboxFault('User not available to this session', 'tradePortalUser')
	const config = db.prepare('SELECT * FROM pricebooks WHERE id_cust = ?').get(user.id_cust) as
		ConfigRow | undefined
	if (!config) throw new SandboxFault(NO_PRICE_BOOK)
	return config
}

/** A local (Sydney) date and time, yyyy-mm-ddTHH:mm:ss, as the supplier's system keeps them. */
function localDateTime(now: Date) {
	const { date, time } = sydneyTime(now)
	return `${date}T${time}`
}

/** yyyy-mm-dd… as dd/mm/yyyy. */
const display = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`

/**
 * The price book file: the customer's prices of every product (core products only: those in
 * stock; incremental: the products repriced since the last one, here every 7th), tab delimited
 * for format 1, else comma delimited; gzipped when asked for.
 */
function priceBookFile(
	db: Db,
	customerID: number,
	row: Omit<HistoryRow, 'historyID'>,
	zipped: boolean,
) {
	const discount = discountBasisPoints(db, customerID)
	const products = db
		.prepare(
			`SELECT productID, productShortDesc, uoms, TradePrice, stockStatus FROM products
			 WHERE prodCategory IS NOT NULL AND TradePrice > 0 ORDER BY productID`,
		)
		.all() as Array<{
		productID: string
		productShortDesc: string
		uoms: string
		TradePrice: number
		stockStatus: string
	}>
	const rows = products
		.filter((p) => !row.coreProductsGenerated || p.stockStatus === 'InStock')
		.filter((_, i) => row.typeGenerated === 'F' || i % 7 === 0)
		.map((p) => {
			const cents = customerCents(p.TradePrice, discount)
			return [
				p.productID,
				p.productShortDesc,
				p.uoms.split('|')[0]!,
				(cents / 100).toFixed(2),
				(withGst(cents) / 100).toFixed(2),
			]
		})
	const tab = row.formatGenerated === '1'
	const text = Papa.unparse(
		{ fields: ['SKU', 'Description', 'Unit', 'Price ex GST', 'Price inc GST'], data: rows },
		{ delimiter: tab ? '\t' : ',', escapeFormulae: true },
	)
	const date = row.dateGenerated.slice(0, 10).replaceAll('-', '')
	const filename = `pricebook-${customerID}-${date}.${tab ? 'txt' : 'csv'}`
	const content = Buffer.from(text)
	return zipped
		? { filename: `${filename}.gz`, contentType: 'application/gzip', content: gzipSync(content) }
		: { filename, contentType: tab ? 'text/tab-separated-values' : 'text/csv', content }
}

/** Emails a price book to its recipient with the file attached. */
function sendPriceBook(
	db: Db,
	now: Date,
	customerID: number,
	row: Omit<HistoryRow, 'historyID'>,
	zipped: boolean,
) {
	const company = companyOf(db, customerID)
	const { customerName } = db
		.prepare('SELECT customerName FROM customers WHERE id_cust = ?')
		.get(customerID) as { customerName: string }
	queueEmail(db, now, {
		to: row.sentRecipient,
		from: company.email,
		subject: `Price book for ${customerName} (${display(row.dateGenerated)})`,
		body: `Your ${TYPE_NAMES[row.typeGenerated]} price book of ${display(row.dateGenerated)} is attached.\n\n${company.name}`,
		attachments: [priceBookFile(db, customerID, row, zipped)],
	})
}

export const pricebook = [
	/** The configuration with its history, newest first; no configuration: the no-price-book fault. */
	implement(contract.getPriceBook, ({ customerID, tradePortalUser }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		const config = requirePriceBook(db, user, tradePortalUser)
		const history = db
			.prepare(
				`SELECT historyID, dateGenerated, typeGenerated, formatGenerated, sentRecipient, newCodesGenerated,
				 coreProductsGenerated FROM pricebook_history WHERE id_cust = ? ORDER BY dateGenerated DESC, historyID DESC`,
			)
			.all(customerID) as HistoryRow[]
		return {
			dataset: {
				PriceBook: [
					{
						PriceBookHistory: history.map((h) => ({
							...h,
							newCodesGenerated: h.newCodesGenerated === 1,
							coreProductsGenerated: h.coreProductsGenerated === 1,
						})),
						frequencyPricebook: config.frequency,
						typePricebook: config.type,
						deliveryFormat: config.format,
						recipient: config.recipient,
						lastDateCalculated: config.last_calculated,
						showNewProductCodes: config.show_new === 1,
						showCoreProductsOnly: config.core_only === 1,
						isRequiredQuarterly: config.quarterly === 1,
						isPricebookZipped: config.zipped === 1,
					},
				],
			},
		}
	}),

	/** Generates a price book now, as configured, records it and emails it to the recipient. */
	implement(contract.requestNewPriceBook, ({ tradePortalUser }, { db, user, now }) => {
		const config = requirePriceBook(db, user, tradePortalUser)
		const row = {
			dateGenerated: localDateTime(now),
			typeGenerated: config.type,
			formatGenerated: config.format,
			sentRecipient: config.recipient,
			newCodesGenerated: config.show_new,
			coreProductsGenerated: config.core_only,
		}
		inTransaction(db, () => {
			db.prepare(
				`INSERT INTO pricebook_history (id_cust, dateGenerated, typeGenerated, formatGenerated, sentRecipient,
				 newCodesGenerated, coreProductsGenerated, requested) VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
			).run(user.id_cust, ...Object.values(row))
			db.prepare('UPDATE pricebooks SET last_calculated = ? WHERE id_cust = ?').run(
				row.dateGenerated.slice(0, 10),
				user.id_cust,
			)
			sendPriceBook(db, now, user.id_cust, row, config.zipped === 1)
		})
		return {
			requestNewPriceBookStatus: [
				{ Status: 'Price book request received' },
				{
					Status: `Your ${TYPE_NAMES[config.type]} price book has been emailed to ${config.recipient}`,
				},
			],
		}
	}),

	/** Sends the chosen price books again, each to the address it first went to. */
	implement(contract.resendPriceBook, ({ tradePortalUser, historyIDs }, { db, user, now }) => {
		const config = requirePriceBook(db, user, tradePortalUser)
		const ids = [...new Set(historyIDs.split(' ').map(Number))]
		const find = db.prepare('SELECT * FROM pricebook_history WHERE historyID = ? AND id_cust = ?')
		const rows = ids.map((id) => {
			const row = find.get(id, user.id_cust) as HistoryRow | undefined
			if (!row) throw new SandboxFault(`Price book ${id} not found`, 'historyIDs')
			return row
		})
		inTransaction(db, () => {
			for (const row of rows) sendPriceBook(db, now, user.id_cust, row, config.zipped === 1)
		})
		return {
			resendPriceBookResponse: rows.map((row) => ({
				Status: `Price book of ${display(row.dateGenerated)} resent to ${row.sentRecipient}`,
			})),
		}
	}),

	/** A request to the supplier to change the configuration: emailed to its support address. */
	implement(contract.sendPriceBookInfoChanges, (p, { db, user, now }) => {
		requirePriceBook(db, user, p.tradePortalUser)
		const company = companyOf(db, user.id_cust)
		const { customerName } = db
			.prepare('SELECT customerName FROM customers WHERE id_cust = ?')
			.get(user.id_cust) as { customerName: string }
		const yesNo = (b: boolean) => (b ? 'Yes' : 'No')
		const to = p.supportEmailAddress.trim() || company.email
		const requester = db.prepare('SELECT email FROM users WHERE id_user = ?').get(user.id_user) as {
			email: string
		}
		queueEmail(db, now, {
			to,
			from: company.email,
			replyTo: requester.email,
			subject: `Price book changes requested by ${customerName} (${user.id_cust})`,
			body: [
				`Type: ${TYPE_NAMES[p.type]}`,
				`Format: ${FORMAT_NAMES[p.deliveryFormat]}`,
				`Frequency: ${FREQUENCY_NAMES[p.frequency]}`,
				`Recipient: ${p.recipient}`,
				`Show new product codes: ${yesNo(p.showNewProductCodes)}`,
				`Core products only: ${yesNo(p.showCoreProductsOnly)}`,
				`Full price list required quarterly: ${yesNo(p.isRequiredQuarterly)}`,
				`Product file zipped: ${yesNo(p.isPricebookZipped)}`,
				'',
				p.emailText,
				'',
				`Requested by ${p.tradePortalUser}`,
			].join('\n'),
		})
		return {
			SendPriceBookResponse: [
				{ Status: `Change request sent to ${to}` },
				{ Status: 'Your price book settings will be updated within 2 business days' },
			],
		}
	}),
]
