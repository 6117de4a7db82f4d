import { beforeAll, describe, expect, test } from 'vitest'
import * as cart from '#app/.server/presenter/contract/cart.ts'
import * as catalogue from '#app/.server/presenter/contract/catalogue.ts'
import { type PayloadOf } from '#app/.server/presenter/contract/define.ts'
import { byProductName, compareNatural } from '#app/utils/product.ts'
import { resetDatabase } from './schema.ts'
import { COMPANY_ID } from './seed/company.ts'
import { MENU } from './seed/menu.ts'
import {
	cents,
	CUSTOMER,
	fails,
	pdfText,
	productsQuery,
	useSandbox,
	type Username,
} from './test-harness.ts'

/** Calls go as demo (customer 10001, 12% discount) unless they name onhold (10002). */
const sandbox = useSandbox()
const { call, raw, all, one } = sandbox

const listing = (overrides: Partial<PayloadOf<typeof catalogue.getProductsByType>> = {}) =>
	call(catalogue.getProductsByType, productsQuery(overrides)).then(
		(r) => r.dataset.getProductsByType,
	)

const details = (productID: string, username: Username = 'demo', incGST = false) =>
	call(
		catalogue.getProductDetails,
		{ deviceID: 'test', customerID: CUSTOMER[username], productID, incGST },
		username,
	).then((r) => r.dataset.ProductList[0])

describe('seed', () => {
	test('holds at least 1,000 products over every class of the menu', () => {
		expect(Number(one('SELECT count(*) AS n FROM products').n)).toBeGreaterThanOrEqual(1000)
		const classes = MENU.flatMap(([cat, , types]) =>
			types.flatMap(([type, , cls]) => cls.map(([id]) => [cat, type, id] as const)),
		)
		for (const [cat, type, cls] of classes) {
			const { n } = one(
				'SELECT count(*) AS n FROM products WHERE prodCategory = ? AND prodType = ? AND prodClass = ?',
				cat,
				type,
				cls,
			)
			expect(Number(n), `${cat}/${type}/${cls}`).toBeGreaterThanOrEqual(10)
		}
		expect(all('SELECT DISTINCT prodCategory FROM products').length).toBeGreaterThanOrEqual(6)
	})

	test('prices, stock, UOMs, files and lines have the promised shape', () => {
		// Catalogue products: the delivery charge products (no category) are checked in checkout.test.ts.
		const products = all('SELECT * FROM products WHERE prodCategory IS NOT NULL')
		const priced = products.filter((p) => Number(p.TradePrice) > 0)
		for (const p of priced) {
			expect(Number(p.RRP)).toBeGreaterThan(Number(p.TradePrice))
			expect(Number(p.TradePrice)).toBeGreaterThan(Number(p.BestPrice))
		}
		const poa = products.length - priced.length
		expect(poa).toBeGreaterThan(5)
		expect(poa).toBeLessThan(40)
		const share = (status: string) =>
			products.filter((p) => p.stockStatus === status).length / products.length
		expect(share('InStock')).toBeGreaterThan(0.6)
		expect(share('LowStock')).toBeGreaterThan(0.08)
		expect(share('SpecialOrder')).toBeGreaterThan(0.08)
		for (const p of products) {
			const uoms = String(p.uoms).split('|')
			expect(uoms.length).toBeGreaterThanOrEqual(1)
			expect(uoms.length).toBeLessThanOrEqual(3)
			const gallery = String(p.productGallery).split('|')
			expect(gallery.filter((g) => g.endsWith('.png')).length).toBeGreaterThanOrEqual(2)
			const files = String(p.productFiles).split('|')
			expect(String(p.fileTypes)).toBe(files.map((f) => f.split('.').pop()).join('|'))
		}
		expect(
			products.filter((p) => String(p.productGallery).includes('.gif')).length,
		).toBeGreaterThan(20)
		expect(
			products.filter((p) => String(p.productImage).includes('/missing/')).length,
		).toBeGreaterThan(10)
		expect(
			products.filter((p) => String(p.fileTypes).includes('pdf')).length / products.length,
		).toBeGreaterThan(0.75)
		const tally = products.filter((p) => p.isTally === 1)
		expect(tally.length).toBeGreaterThan(100)
		for (const p of tally) {
			const lengths = all(
				'SELECT length FROM tally_lengths WHERE productID = ?',
				p.productID as string,
			)
			expect(lengths.length, String(p.productID)).toBeGreaterThanOrEqual(2)
		}
		const withInfo = Number(
			one(`SELECT count(DISTINCT productID) AS n FROM product_lines WHERE kind = 'info'`).n,
		)
		expect(withInfo).toBeGreaterThan(products.length * 0.6)
		expect(withInfo).toBeLessThan(products.length)
	})
})

describe('catalogue operations', () => {
	test('menu lookups: categories, a category’s types, a type’s classes', async () => {
		const categories = (await call(catalogue.getCategories, { companyID: COMPANY_ID })).dataset
			.CategoryList
		expect(categories.map((c) => c.prodCategory)).toEqual(MENU.map(([id]) => id))
		expect(categories.every((c) => c.prodType === '' && c.prodClass === '')).toBe(true)
		const types = (await call(catalogue.getTypes, { companyID: COMPANY_ID, prodCategory: 'TIM' }))
			.dataset.TypeList
		expect(types.map((t) => t.prodType)).toEqual(['FRM', 'DEC', 'SHT', 'MLD'])
		const classes = (
			await call(catalogue.getClasses, {
				companyID: COMPANY_ID,
				prodCategory: 'TIM',
				prodType: 'FRM',
			})
		).dataset.ClassList
		expect(classes.map((c) => [c.prodClass, c.menuDesc])).toEqual([
			['MGP10', 'MGP10 Pine'],
			['MGP12', 'MGP12 Pine'],
			['H2F', 'H2F Treated Pine'],
			['LVL', 'LVL Beams'],
		])
	})

	test('getProductsByType filters by category, type and class, in a stable order', async () => {
		const rows = await listing({ searchCategory: 'TIM', searchType: 'DEC', searchClass: 'MER' })
		const expected = all(
			`SELECT productID, productShortDesc FROM products WHERE prodCategory = 'TIM' AND prodType = 'DEC' AND prodClass = 'MER'`,
		)
			.map((r) => ({
				productID: String(r.productID),
				productShortDesc: String(r.productShortDesc),
			}))
			.sort(byProductName)
			.map((r) => r.productID)
		expect(rows.map((r) => r.productID)).toEqual(expected)
		expect(rows.every((r) => r.prodClass === 'MER' && r.isTally === true)).toBe(true)

		const category = await listing({ searchCategory: 'PLM' })
		expect(category.length).toBe(
			Number(one(`SELECT count(*) AS n FROM products WHERE prodCategory = 'PLM'`).n),
		)
		const byType = await listing({ searchType: 'FRM' })
		expect(new Set(byType.map((r) => r.prodClass))).toEqual(
			new Set(['MGP10', 'MGP12', 'H2F', 'LVL']),
		)

		const everything = await listing()
		expect(everything.length).toBe(
			Number(one('SELECT count(*) AS n FROM products WHERE prodCategory IS NOT NULL').n),
		)
		expect(everything).toEqual([...everything].sort(byProductName))
	})

	test('listings and search put sizes in natural order (45x45 before 120x35)', async () => {
		const framing = (await listing({ searchType: 'FRM', searchClass: 'MGP10' })).map(
			(r) => r.productShortDesc,
		)
		const size = (name: string) => name.match(/(\d+)x\d+/)?.[1]
		const small = framing.findIndex((n) => size(n) === '45')
		const large = framing.findIndex((n) => size(n) === '120')
		expect(small).toBeGreaterThanOrEqual(0)
		expect(large).toBeGreaterThan(small)
		const found = await call(catalogue.searchProducts, {
			descString: 'MGP10 pine',
			deviceID: 'test',
			idString: '',
			incGST: false,
			userName: 'demo',
		})
		const names = found.dataset.ProductList
		expect(names).toEqual([...names].sort(byProductName))
	})

	test('a typed size ranks names holding it whole first: 90x45 before 190x45', async () => {
		const search = (descString: string) =>
			call(catalogue.searchProducts, {
				descString,
				deviceID: 'test',
				idString: '',
				incGST: false,
				userName: 'demo',
			}).then((r) => r.dataset.ProductList.map((p) => p.productShortDesc))
		const names = await search('90x45 pine')
		const whole = names.filter((n) => n.split(' ').includes('90x45'))
		expect(whole).toEqual([
			'MGP10 Pine 90x45 Framing',
			'MGP12 Pine 90x45 Framing',
			'MGP12 Pine 90x45 T2 Blue Framing',
		])
		// The whole size first, then the rest (190x45, 290x45) in name order.
		expect(names.slice(0, whole.length)).toEqual(whole)
		const rest = names.slice(whole.length)
		expect(rest.length).toBeGreaterThan(0)
		expect(rest.every((n) => /\b[12]90x45\b/.test(n))).toBe(true)
		expect(rest).toEqual(rest.toSorted(compareNatural))

		// A list's own search box ranks the same way, page by page.
		const framing = await listing({ searchType: 'FRM', searchString: '90x45' })
		expect(framing.slice(0, 3).map((p) => p.productShortDesc)).toEqual(whole)
		const second = await listing({ searchType: 'FRM', searchString: '90x45', start: 2, limit: 2 })
		expect(second.map((p) => p.productID)).toEqual(framing.slice(2, 4).map((p) => p.productID))
	})

	test('getProductsByType pages with start and limit', async () => {
		const full = (await listing({ searchType: 'PLB' })).map((r) => r.productID)
		const first = await listing({
			searchType: 'PLB',
			start: 0,
			limit: 12,
			page: 1,
			rowsPerPage: 12,
			pagesize: 12,
		})
		const second = await listing({
			searchType: 'PLB',
			start: 12,
			limit: 12,
			page: 2,
			rowsPerPage: 12,
			pagesize: 12,
		})
		expect(first.map((r) => r.productID)).toEqual(full.slice(0, 12))
		expect(second.map((r) => r.productID)).toEqual(full.slice(12, 24))
		const last = Math.floor((full.length - 1) / 12) * 12
		expect((await listing({ searchType: 'PLB', start: last, limit: 12 })).length).toBe(
			full.length - last,
		)
		// The page after the last: the presenter's no-records error (the portal disables Next).
		await fails(listing({ searchType: 'PLB', start: last + 12, limit: 12 }), 'no-records')
	})

	test('search words must all match the SKU, short or long description, in any case', async () => {
		const rows = await listing({ searchString: 'merbau  90X19' })
		expect(rows.length).toBeGreaterThan(0)
		for (const r of rows) {
			const text = `${r.productID} ${r.productShortDesc} ${r.productLongDesc}`.toLowerCase()
			expect(text).toContain('merbau')
			expect(text).toContain('90x19')
		}
		expect((await listing({ searchString: 'MERBAU 90x19' })).map((r) => r.productID)).toEqual(
			rows.map((r) => r.productID),
		)
		// A word only the long description has.
		const longOnly = await listing({ searchString: 'kiln-dried' })
		expect(longOnly.length).toBeGreaterThan(0)
		expect(longOnly.every((r) => !r.productShortDesc.toLowerCase().includes('kiln-dried'))).toBe(
			true,
		)
		// The SKU, within a class filter.
		const bySku = await listing({ searchString: 'tmgp10005', searchClass: 'MGP10' })
		expect(bySku.map((r) => r.productID)).toEqual(['TMGP10005'])
		await fails(listing({ searchString: 'merbau plasterboard' }), 'no-records')
		await fails(listing({ searchClass: 'MER', searchString: 'gyprock' }), 'no-records')
	})

	test('inStockOnly leaves out special-order products', async () => {
		const rows = await listing({ searchCategory: 'TLS', inStockOnly: true })
		expect(rows.length).toBe(
			Number(
				one(
					`SELECT count(*) AS n FROM products WHERE prodCategory = 'TLS' AND stockStatus <> 'SpecialOrder'`,
				).n,
			),
		)
		expect(rows.some((r) => r.stockStatus === 'SpecialOrder')).toBe(false)
		expect(rows.some((r) => r.stockStatus === 'LowStock')).toBe(true)
	})

	test('prices: ex GST, or ×1.1 to the cent with incGST; customerPrice has the customer’s discount', async () => {
		const ex = await listing({ searchType: 'PWR' })
		const inc = await listing({ searchType: 'PWR', incGST: true })
		ex.forEach((p, i) => {
			const q = inc[i]!
			expect(q.productID).toBe(p.productID)
			for (const key of ['RRP', 'TradePrice', 'BestPrice', 'customerPrice'] as const) {
				expect(q[key]).toBe(Math.round((p[key] * 11) / 10))
			}
			const trade = Number(
				one('SELECT TradePrice FROM products WHERE productID = ?', p.productID).TradePrice,
			)
			expect(p.TradePrice).toBe(cents(trade))
			expect(p.customerPrice).toBe(Math.round(cents(trade) * 0.88))
		})
		// Price on application: all zero.
		const poa = String(one('SELECT productID FROM products WHERE TradePrice = 0 LIMIT 1').productID)
		const product = await details(poa)
		expect([product?.RRP, product?.TradePrice, product?.BestPrice, product?.customerPrice]).toEqual(
			[0, 0, 0, 0],
		)
	})

	test('listings refuse a user name from another customer', async () => {
		await fails(listing({ userName: 'onhold' }), 'field', 'userName')
	})

	test('searchProducts matches words across the whole catalogue', async () => {
		const search = (descString: string, incGST = false) =>
			call(catalogue.searchProducts, {
				descString,
				deviceID: 'test',
				idString: '',
				incGST,
				userName: 'demo',
			}).then((r) => r.dataset.ProductList)
		const rows = await search('colorbond monument')
		expect(new Set(rows.map((r) => r.prodCategory))).toEqual(new Set(['ROF']))
		expect(new Set(rows.map((r) => r.prodType))).toEqual(new Set(['RSH', 'GUT']))
		expect(rows.map((r) => r.productID)).toEqual(
			(await listing({ searchString: 'colorbond monument' })).map((r) => r.productID),
		)
		const inc = await search('colorbond monument', true)
		expect(inc[0]!.TradePrice).toBe(Math.round((rows[0]!.TradePrice * 11) / 10))
		await fails(search('unobtainium'), 'no-records')
		await fails(search('   '), 'no-records')
	})

	test('getProductDetails: one product with the session customer’s price', async () => {
		const row = one('SELECT * FROM products WHERE productID = ?', 'TMGP10005')
		const demo = await details('TMGP10005')
		expect(demo).toMatchObject({
			productID: 'TMGP10005',
			productShortDesc: row.productShortDesc,
			productLongDesc: row.productLongDesc,
			stockStatus: row.stockStatus,
			TradePrice: cents(Number(row.TradePrice)),
			isTally: true,
			UOMList: String(row.uoms)
				.split('|')
				.map((UOM) => ({ UOM })),
		})
		expect(demo!.customerPrice).toBe(Math.round(cents(Number(row.TradePrice)) * 0.88))
		const other = await details('TMGP10005', 'onhold')
		expect(other!.customerPrice).toBe(Math.round(cents(Number(row.TradePrice)) * 0.95))
		const inc = await details('TMGP10005', 'demo', true)
		expect(inc!.customerPrice).toBe(Math.round((demo!.customerPrice * 11) / 10))

		await fails(details('NOPE123'), 'no-records')
		await fails(
			call(catalogue.getProductDetails, {
				deviceID: 'x',
				customerID: 10002,
				productID: 'TMGP10005',
				incGST: false,
			}),
			'field',
			'customerID',
		)
	})

	test('features, information (or no data) and tally lengths', async () => {
		const withFeatures = String(
			one(`SELECT productID FROM product_lines WHERE kind = 'feature' LIMIT 1`).productID,
		)
		const features = (await call(catalogue.getProductFeatures, { productID: withFeatures })).dataset
			.ProductFeatures
		expect(features.length).toBeGreaterThanOrEqual(2)
		expect(features.length).toBeLessThanOrEqual(5)
		expect(
			features.every((f) => ['Feature', 'Benefit'].includes(f.itemType) && f.itemDescription),
		).toBe(true)

		const info = (await call(catalogue.getProductInformation, { productID: 'TMGP10005' })).dataset
			.getProductInformationResponse
		expect(info.map((l) => l.itemType)).toEqual([
			'Dimensions',
			'Grade',
			'Treatment',
			'Standard',
			'Weight',
		])
		expect(info[0]?.itemDescription).toBe('90 x 45 mm')

		const noInfo = String(
			one(
				`SELECT productID FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_lines l WHERE l.productID = p.productID AND kind = 'info') LIMIT 1`,
			).productID,
		)
		const error = await fails(
			call(catalogue.getProductInformation, { productID: noInfo }),
			'no-product-data',
		)
		expect(error.message).toBe('No data for product')

		const tally = (
			await call(catalogue.getTallyLengths, {
				companyID: COMPANY_ID,
				branchID: 1,
				productID: 'TMGP10005',
			})
		).dataset.LengthList
		const stored = all(
			'SELECT length FROM tally_lengths WHERE productID = ? ORDER BY length',
			'TMGP10005',
		)
		expect(tally).toEqual(stored.map((r) => ({ length: r.length })))
		expect(tally.length).toBeGreaterThanOrEqual(3)
		const none = (
			await call(catalogue.getTallyLengths, {
				companyID: COMPANY_ID,
				branchID: 1,
				productID: 'HNAI001',
			})
		).dataset.LengthList
		expect(none).toEqual([])
	})
})

describe('addToCart', () => {
	let cartId: string
	const add = (overrides: Partial<PayloadOf<typeof cart.addToCart>>) =>
		sandbox.addToCart(cartId, overrides)
	const lines = () => sandbox.getCart(cartId)

	beforeAll(async () => {
		cartId = await sandbox.newCart()
	})

	test('adds a line at the customer’s price ex GST, with 10% GST; the same product again is added to it', async () => {
		const product = one('SELECT * FROM products WHERE productID = ?', 'TLAS001')
		expect((await add({ quoteQty: 3 })).dataset.lineID).toBe(1)
		expect((await add({ quoteQty: 1 })).dataset.lineID).toBe(1)
		const [line] = await lines()
		const unit = Math.round(cents(Number(product.TradePrice)) * 0.88)
		expect(line).toEqual({
			productID: 'TLAS001',
			lineID: 1,
			prodQty: 4,
			UOM: 'EA',
			unitPrice: unit,
			unitGST: Math.round(unit / 10),
			prodDesc: product.productShortDesc,
			productImage: product.productImage,
			isTally: false,
			tallyLines: [],
		})
	})

	test('a tally product takes its lines; the cart line holds the total metres', async () => {
		const [a, b] = all(
			'SELECT length FROM tally_lengths WHERE productID = ? ORDER BY length',
			'TMGP10005',
		).map((r) => Number(r.length))
		const tallyLines = [
			{ length: a!, qty: 4 },
			{ length: b!, qty: 2 },
			{ length: a!, qty: 0 },
		]
		const total = a! * 4 + b! * 2
		const { lineID } = (
			await add({ productID: 'TMGP10005', UOM: 'LM', tallyLines, tallyLength: total })
		).dataset
		const line = (await lines()).find((l) => l.lineID === lineID)
		expect(line).toMatchObject({ productID: 'TMGP10005', UOM: 'LM', isTally: true })
		expect(line?.prodQty).toBeCloseTo(total, 6)
		expect(
			all(
				'SELECT length, qty FROM cart_tallies WHERE cartSessionId = ? AND lineID = ?',
				cartId,
				lineID,
			),
		).toEqual([
			{ length: a, qty: 4 },
			{ length: b, qty: 2 },
		])
	})

	test('refuses unknown products, foreign UOMs and impossible quantities', async () => {
		const notFound = await fails(add({ productID: 'NOPE123' }), 'field', 'productID')
		expect(notFound.message).toBe('Product not found')
		await fails(add({ UOM: 'BAG' }), 'field', 'UOM')
		await fails(add({ quoteQty: Number.MAX_SAFE_INTEGER }), 'field', 'quoteQty')
		// The client refuses a quantity of 0 itself; the sandbox does too.
		const zero = await raw('addToCart', {
			UOM: 'EA',
			customerID: 10001,
			productID: 'TLAS001',
			quoteQty: 0,
			sessionID: cartId,
			tallyLength: 0,
			unitSell: 0,
			quoteComments: '',
			roomTypeID: 0,
		})
		expect(zero.hasErrors).toBe(true)
		expect(zero.errorTable?.[0]?.field).toBe('quoteQty')
	})

	test('checks tally lines: required, stock lengths only, a positive total that matches tallyLength', async () => {
		const [a] = all(
			'SELECT length FROM tally_lengths WHERE productID = ? ORDER BY length',
			'TMGP10005',
		).map((r) => Number(r.length))
		const tally = (tallyLines: Array<{ length: number; qty: number }>, tallyLength: number) =>
			add({ productID: 'TMGP10005', UOM: 'LM', tallyLines, tallyLength })
		await fails(tally([], 0), 'field', 'tallyLines')
		await fails(tally([{ length: 2.55, qty: 1 }], 2.55), 'field', 'tallyLength')
		await fails(tally([{ length: a!, qty: 2 }], a! * 2 + 0.5), 'field', 'tallyLength')
		await fails(tally([{ length: a!, qty: 0 }], 0), 'field', 'tallyLength')
		// Within 0.001 m is a match.
		await expect(tally([{ length: a!, qty: 3 }], a! * 3 + 0.0005)).resolves.toBeTruthy()
		// A product not sold by length takes no tally.
		await fails(
			add({ tallyLines: [{ length: 2.4, qty: 1 }], tallyLength: 2.4 }),
			'field',
			'tallyLength',
		)
	})

	test('checks the customer and the cart', async () => {
		await fails(add({ customerID: 10002 }), 'field', 'customerID')
		await fails(add({ sessionID: 'no-such-cart' }), 'field', 'sessionID')
		const foreign = (
			await call(
				cart.createCart,
				{ customerID: 10002, deviceID: 'test', sessionType: 'Cart' },
				'onhold',
			)
		).dataset.cartSessionId
		await fails(add({ sessionID: foreign }), 'field', 'sessionID')
	})
})

describe('media', () => {
	const get = (path: string) => fetch(new URL(path, sandbox.origin))

	test('product pictures are PNGs, cached by the browser and by the sandbox', async () => {
		const product = one(
			`SELECT productID, productGallery FROM products WHERE productImage NOT LIKE '%/missing/%' LIMIT 1`,
		)
		const url = String(product.productGallery).split('|')[0]!
		const res = await get(url)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('image/png')
		expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
		const body = Buffer.from(await res.arrayBuffer())
		expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
		expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR')
		expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([480, 360])
		const again = Buffer.from(await (await get(url)).arrayBuffer())
		expect(again.equals(body)).toBe(true)
	})

	test('a GIF gallery entry is served as a GIF', async () => {
		const gallery = String(
			one(`SELECT productGallery FROM products WHERE productGallery LIKE '%.gif%' LIMIT 1`)
				.productGallery,
		)
		const res = await get(gallery.split('|').find((u) => u.endsWith('.gif'))!)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('image/gif')
		expect(
			Buffer.from(await res.arrayBuffer())
				.subarray(0, 6)
				.toString('latin1'),
		).toBe('GIF89a')
	})

	test('broken and unknown images answer 404', async () => {
		const broken = one(
			`SELECT productID, productImage FROM products WHERE productImage LIKE '%/missing/%' LIMIT 1`,
		)
		expect((await get(String(broken.productImage))).status).toBe(404)
		expect((await get(`/presenter/media/products/${String(broken.productID)}-9.png`)).status).toBe(
			404,
		)
		expect((await get('/presenter/media/products/NOPE123-1.png')).status).toBe(404)
		expect((await get('/presenter/media/products/../../etc/passwd')).status).toBe(404)
	})

	test('datasheets are PDFs naming the product', async () => {
		const row = one(
			`SELECT productID, productShortDesc, productFiles FROM products WHERE productFiles LIKE '%.pdf' LIMIT 1`,
		)
		const url = String(row.productFiles)
			.split('|')
			.find((f) => f.endsWith('.pdf'))!
		const res = await get(url)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('application/pdf')
		const file = Buffer.from(await res.arrayBuffer())
		expect(file.toString('latin1').startsWith('%PDF-')).toBe(true)
		expect(file.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true)
		const text = pdfText(file)
		expect(text).toContain(String(row.productID))
		expect(text.split('\n')).toContain(String(row.productShortDesc))

		const without = String(
			one(`SELECT productID FROM products WHERE productFiles NOT LIKE '%.pdf' LIMIT 1`).productID,
		)
		expect((await get(`/presenter/media/datasheets/${without}.pdf`)).status).toBe(404)
	})
})

// Last: a reset ends every session.
describe('reset', () => {
	test('is deterministic: a reset restores exactly the seed', () => {
		const snapshot = () =>
			JSON.stringify([
				all('SELECT * FROM products ORDER BY productID'),
				all('SELECT * FROM product_lines ORDER BY productID, kind, sort'),
				all('SELECT * FROM tally_lengths ORDER BY productID, length'),
			])
		const before = snapshot()
		resetDatabase(sandbox.db)
		expect(snapshot()).toBe(before)
	})
})
