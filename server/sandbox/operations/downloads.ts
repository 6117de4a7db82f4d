import Papa from 'papaparse'
import * as contract from '#app/.server/presenter/contract/content.ts'
import { type Db } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault } from '../implement.ts'
import { renderPdf, type PdfLine } from '../pdf.ts'
import { MENU } from '../seed/menu.ts'
import { customerCents, discountBasisPoints, withGst } from '../pricing.ts'
import { assertOwnCompany } from './checkout.ts'

type DownloadRow = {
	FileName: string
	Description: string
	Category: string
	Date: string
	kind: 'price-list' | 'catalogue' | 'document'
	source: string
}

/** The files a customer sees: everyone's and its own. */
const VISIBLE = 'FROM downloads WHERE (id_cust IS NULL OR id_cust = ?)'

const categoryName = (id: string) => MENU.find(([c]) => c === id)?.[1] ?? id

type ProductLine = {
	productID: string
	productShortDesc: string
	prodCategory: string
	uoms: string
	TradePrice: number
}

/** The catalogue's products of a category ('' for all), in menu order. */
function products(db: Db, category: string) {
	return db
		.prepare(
			`SELECT productID, productShortDesc, prodCategory, uoms, TradePrice FROM products
			 WHERE prodCategory IS NOT NULL AND (? = '' OR prodCategory = ?)
			 ORDER BY prodCategory, prodType, prodClass, productID`,
		)
		.all(category, category) as ProductLine[]
}

const money = (cents: number) => (cents / 100).toFixed(2)

/** A price list: every product of the category at the customer's prices ('POA' without one). */
function priceList(db: Db, customerID: number, category: string) {
	const discount = discountBasisPoints(db, customerID)
	const rows = products(db, category).map((p) => {
		const unit = p.uoms.split('|')[0]!
		if (!(p.TradePrice > 0))
			return [
				p.productID,
				p.productShortDesc,
				categoryName(p.prodCategory),
				unit,
				'POA',
				'POA',
				'POA',
			]
		const yours = customerCents(p.TradePrice, discount)
		return [
			p.productID,
			p.productShortDesc,
			categoryName(p.prodCategory),
			unit,
			money(Math.round(p.TradePrice * 100)),
			money(yours),
			money(withGst(yours)),
		]
	})
	const csv = Papa.unparse(
		{
			fields: [
				'SKU',
				'Description',
				'Category',
				'Unit',
				'Trade Price ex GST',
				'Your Price ex GST',
				'Your Price inc GST',
			],
			data: rows,
		},
		{ escapeFormulae: true },
	)
	return { body: Buffer.from(`\uFEFF${csv}`), type: 'text/csv; charset=utf-8' }
}

function companyName(db: Db) {
	return (db.prepare('SELECT name FROM company LIMIT 1').get() as { name: string }).name
}

function catalogue(db: Db, row: DownloadRow) {
	const lines: PdfLine[] = [
		{
			columns: [
				{ text: 'SKU', bold: true, width: 1 },
				{ text: 'Description', bold: true, width: 4 },
				{ text: 'Sold by', bold: true, width: 1 },
			],
		},
		{ rule: true },
		...products(db, row.source).map((p): PdfLine => ({
			columns: [
				{ text: p.productID, width: 1 },
				{ text: p.productShortDesc, width: 4 },
				{ text: p.uoms.split('|').join(', '), width: 1 },
			],
		})),
	]
	const name = companyName(db)
	return renderPdf({ title: row.Description, subtitle: name, lines, footer: name, author: name })
}

function document(db: Db, row: DownloadRow) {
	const lines = (JSON.parse(row.source) as string[]).map((line): PdfLine => {
		if (line.startsWith('# ')) return { text: line.slice(2), bold: true, size: 12 }
		if (line.startsWith('- ')) return `•  ${line.slice(2)}`
		return line
	})
	const name = companyName(db)
	return renderPdf({
		title: row.Description,
		subtitle: `${name} – ${row.Category}`,
		lines,
		footer: row.FileName,
		author: name,
	})
}

export const downloads = [
	/** The customer's files, newest first. */
	implement(contract.getDownloads, ({ companyID, customerID }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		assertOwnCompany(db, user, companyID)
		const rows = db
			.prepare(`SELECT FileName, Description, Category, Date ${VISIBLE} ORDER BY Date DESC, id`)
			.all(customerID) as DownloadRow[]
		return { dataset: { Downloads: rows.map((r) => ({ ...r })) } }
	}),

	/** One file, made now: a CSV price list at the customer's prices, or a PDF. */
	implement(contract.streamDownload, async ({ customerID, FileName }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		const row = db.prepare(`SELECT * ${VISIBLE} AND FileName = ?`).get(customerID, FileName) as
			DownloadRow | undefined
		if (!row) throw new SandboxFault(`No matching records found for ${FileName}`)
		const file =
			row.kind === 'price-list'
				? priceList(db, customerID, row.source)
				: {
						body: await (row.kind === 'catalogue' ? catalogue(db, row) : document(db, row)),
						type: 'application/pdf',
					}
		return new Response(new Uint8Array(file.body), {
			headers: {
				'Content-Type': file.type,
				'Content-Disposition': `attachment; filename="${row.FileName}"`,
				'Content-Length': String(file.body.length),
				'Cache-Control': 'private, no-store',
			},
		})
	}),
]
