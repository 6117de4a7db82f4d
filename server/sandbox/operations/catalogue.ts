import { type z } from 'zod'
import * as contract from '#app/.server/presenter/contract/catalogue.ts'
import {
	type MenuEntry,
	type ProductLine,
	type ProductSchema,
} from '#app/.server/presenter/contract/catalogue.ts'
import { type Db } from '../db.ts'
import { assertOwnCustomer, implement, SandboxFault, type SessionUser } from '../implement.ts'
import { discountBasisPoints, productCents, toCents, withGst } from '../pricing.ts'
import { type ProductRow } from '../rows.ts'
import { inSearchOrder, searchWords } from '../search.ts'

/** The most rows one listing answers, as the presenter caps 'everything' requests. */
const MAX_ROWS = 10_000

/** A product as PRODUCT_COLUMNS selects it. */
type ProductDbRow = Omit<ProductRow, 'searchText'>

/** Charge products have no category, type or class (NULL); the reply shows them empty. */
export const PRODUCT_COLUMNS = `productID, productShortDesc, productLongDesc,
	ifnull(prodCategory, '') AS prodCategory, ifnull(prodType, '') AS prodType, ifnull(prodClass, '') AS prodClass,
	productImage, productFiles, fileTypes, productGallery, stockStatus, RRP, TradePrice, BestPrice, uoms, isTally`

type ProductReply = z.input<typeof ProductSchema>

/** A product row as the contract sends it: customer price added, GST added when asked for. */
export function toProduct(row: ProductDbRow, discountBp: number, incGST: boolean): ProductReply {
	const price = (cents: number) => (incGST ? withGst(cents) : cents) / 100
	return {
		productID: row.productID,
		productShortDesc: row.productShortDesc,
		productLongDesc: row.productLongDesc,
		productImage: row.productImage,
		productFiles: row.productFiles,
		fileTypes: row.fileTypes,
		productGallery: row.productGallery,
		stockStatus: row.stockStatus,
		RRP: price(toCents(row.RRP)),
		TradePrice: price(toCents(row.TradePrice)),
		BestPrice: price(toCents(row.BestPrice)),
		customerPrice: price(productCents(row.TradePrice, discountBp, !row.prodCategory)),
		UOMList: row.uoms.split('|').map((UOM) => ({ UOM })),
		isTally: row.isTally === 1,
		prodCategory: row.prodCategory,
		prodType: row.prodType,
		prodClass: row.prodClass,
	}
}

/** Search words: every one must occur in the SKU, short or long description (any case). */
function wordsFilter(text: string) {
	const words = searchWords(text)
	return { sql: words.map(() => 'instr(searchText, ?) > 0'), params: words }
}

/** Listings and search show catalogue products only, never charge products (no category). */
const LISTED = 'products.prodCategory IS NOT NULL'

/**
 * Listings are in name order with sizes by value (45x45 before 120x35), then by SKU; with search
 * words, names holding more of them as whole words come first (90x45 before 190x45).
 */
const ordered = (rows: ProductDbRow[], search: string) => inSearchOrder(rows, search)

/** A user name the payload carries must belong to the session's customer. */
export function assertOwnUserName(db: Db, user: SessionUser, userName: string) {
	const row = db
		.prepare('SELECT 1 AS ok FROM users WHERE username = ? AND id_cust = ?')
		.get(userName.trim(), user.id_cust)
	if (!row) throw new SandboxFault('User not available to this session', 'userName')
}

function findProduct(db: Db, productID: string) {
	return db
		.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE productID = ?`)
		.get(productID) as ProductDbRow | undefined
}

function productLines(db: Db, productID: string, kind: 'feature' | 'info') {
	return db
		.prepare(
			'SELECT itemType, itemDescription FROM product_lines WHERE productID = ? AND kind = ? ORDER BY sort',
		)
		.all(productID, kind) as ProductLine[]
}

function menuRows(db: Db, where: string, ...params: string[]) {
	return db
		.prepare(
			`SELECT prodCategory, prodType, prodClass, menuDesc, menuFiles FROM menu WHERE ${where} ORDER BY sort`,
		)
		.all(...params) as MenuEntry[]
}

export const catalogue = [
	implement(contract.getProductMenu, (_payload, { db }) => ({
		dataset: { ProductMenu: menuRows(db, '1 = 1') },
	})),
	implement(contract.getCategories, (_payload, { db }) => ({
		dataset: { CategoryList: menuRows(db, `prodType = '' AND prodClass = ''`) },
	})),
	implement(contract.getTypes, ({ prodCategory }, { db }) => ({
		dataset: {
			TypeList: menuRows(
				db,
				`prodCategory = ? AND prodType <> '' AND prodClass = ''`,
				prodCategory,
			),
		},
	})),
	implement(contract.getClasses, ({ prodCategory, prodType }, { db }) => ({
		dataset: {
			ClassList: menuRows(
				db,
				`prodCategory = ? AND prodType = ? AND prodClass <> ''`,
				prodCategory,
				prodType,
			),
		},
	})),

	implement(contract.getProductsByType, (p, { db, user }) => {
		assertOwnUserName(db, user, p.userName)
		const where: string[] = [LISTED]
		const params: Array<string | number> = []
		for (const [column, value] of [
			['prodCategory', p.searchCategory],
			['prodType', p.searchType],
			['prodClass', p.searchClass],
		] as const) {
			if (value.trim()) {
				where.push(`products.${column} = ?`)
				params.push(value.trim())
			}
		}
		if (p.inStockOnly) where.push(`stockStatus IN ('InStock', 'LowStock')`)
		const words = wordsFilter(p.searchString)
		where.push(...words.sql)
		params.push(...words.params)
		const matched = db
			.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${where.join(' AND ')}`)
			.all(...params) as ProductDbRow[]
		const rows = ordered(matched, p.searchString).slice(
			p.start,
			p.start + Math.min(p.limit, MAX_ROWS),
		)
		if (!rows.length) throw new SandboxFault('No matching records')
		const discount = discountBasisPoints(db, user.id_cust)
		return {
			dataset: { getProductsByType: rows.map((row) => toProduct(row, discount, p.incGST)) },
		}
	}),

	implement(contract.searchProducts, ({ descString, incGST, userName }, { db, user }) => {
		assertOwnUserName(db, user, userName)
		const words = wordsFilter(descString)
		if (!words.params.length) throw new SandboxFault('No matching records')
		const rows = ordered(
			db
				.prepare(
					`SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${[LISTED, ...words.sql].join(' AND ')}`,
				)
				.all(...words.params) as ProductDbRow[],
			descString,
		).slice(0, MAX_ROWS)
		if (!rows.length) throw new SandboxFault('No matching records')
		const discount = discountBasisPoints(db, user.id_cust)
		return { dataset: { ProductList: rows.map((row) => toProduct(row, discount, incGST)) } }
	}),

	implement(contract.getProductDetails, ({ customerID, productID, incGST }, { db, user }) => {
		assertOwnCustomer(user, customerID)
		const row = findProduct(db, productID)
		if (!row) throw new SandboxFault('No matching records')
		return {
			dataset: { ProductList: [toProduct(row, discountBasisPoints(db, customerID), incGST)] },
		}
	}),

	implement(contract.getProductFeatures, ({ productID }, { db }) => {
		if (!findProduct(db, productID)) throw new SandboxFault('No matching records')
		return { dataset: { ProductFeatures: productLines(db, productID, 'feature') } }
	}),

	implement(contract.getProductInformation, ({ productID }, { db }) => {
		const lines = productLines(db, productID, 'info')
		if (!lines.length) throw new SandboxFault('No data for product')
		return { dataset: { getProductInformationResponse: lines } }
	}),

	implement(contract.getTallyLengths, ({ productID }, { db }) => {
		if (!findProduct(db, productID)) throw new SandboxFault('No matching records')
		return { dataset: { LengthList: tallyLengths(db, productID).map((length) => ({ length })) } }
	}),
]

/** A product's stock lengths in metres, shortest first (empty for products not sold by length). */
export function tallyLengths(db: Db, productID: string) {
	return (
		db
			.prepare('SELECT length FROM tally_lengths WHERE productID = ? ORDER BY length')
			.all(productID) as Array<{ length: number }>
	).map((r) => r.length)
}
