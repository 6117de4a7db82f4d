import { Router, type Response } from 'express'
import { type Db } from './db.ts'
import { encodeGif, encodePng, hashText, hsl, productPicture } from './images.ts'
import { renderPdf, type PdfLine } from './pdf.ts'
import { type ProductRow } from './rows.ts'

const BANNERS: Record<string, [title: string, subtitle: string, from: string, to: string]> = {
	'timber-sale': [
		'Spring Timber Sale',
		'15% off structural pine and decking until 30 November',
		'#7f4f24',
		'#b08968',
	],
	'trade-breakfast': [
		'Trade Breakfast',
		'Bacon rolls and coffee at every branch, first Friday of the month',
		'#1d3557',
		'#457b9d',
	],
	'roofing-range': [
		'New Roofing Range',
		'Corrugated, Trimdek and Klip-Lok in 12 colours, cut to length',
		'#2b2d42',
		'#8d99ae',
	],
}

function escape(text: string) {
	return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

function hue(text: string) {
	let h = 0
	for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 360
	return h
}

function banner([title, subtitle, from, to]: [string, string, string, string]) {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<g fill="#fff" font-family="Arial, Helvetica, sans-serif"><text x="80" y="190" font-size="72" font-weight="700">${escape(title)}</text>
<text x="80" y="260" font-size="30">${escape(subtitle)}</text></g></svg>`
}

function tile(name: string) {
	const h = hue(name)
	return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<rect width="400" height="300" fill="hsl(${h} 45% 88%)"/><circle cx="200" cy="120" r="60" fill="hsl(${h} 50% 60%)"/>
<text x="200" y="240" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="26" fill="hsl(${h} 60% 20%)">${escape(name)}</text></svg>`
}

/** Generated images are pure functions of their URL: keep the most recent ones in memory. */
class ImageCache {
	#entries = new Map<string, Buffer>()
	limit: number
	constructor(limit: number) {
		this.limit = limit
	}

	get(key: string, make: () => Buffer) {
		let hit = this.#entries.get(key)
		if (hit) {
			this.#entries.delete(key) // re-inserted below: most recently used last
		} else {
			hit = make()
			if (this.#entries.size >= this.limit) {
				const oldest = this.#entries.keys().next().value
				if (oldest !== undefined) this.#entries.delete(oldest)
			}
		}
		this.#entries.set(key, hit)
		return hit
	}
}

const images = new ImageCache(600)

function productGif(sku: string) {
	const hue = hashText(sku) % 360
	const [w, h] = [240, 180]
	return encodeGif(w, h, [hsl(hue, 0.35, 0.93), hsl(hue, 0.55, 0.42)], (x, y) =>
		(x - w / 2) ** 2 + (y - h / 2) ** 2 < 60 ** 2 ? 1 : 0,
	)
}

type DatasheetRow = Pick<
	ProductRow,
	'productID' | 'productShortDesc' | 'productLongDesc' | 'productFiles' | 'stockStatus' | 'uoms'
>

const STOCK_LABEL: Record<string, string> = {
	InStock: 'In Stock',
	LowStock: 'Low Stock',
	SpecialOrder: 'Special Order',
}

/** The product datasheet: name, SKU, description, features and information lines. */
export function datasheet(db: Db, product: DatasheetRow) {
	const company = db.prepare('SELECT name, email FROM company LIMIT 1').get() as
		{ name: string; email: string } | undefined
	const lines = db
		.prepare(
			'SELECT kind, itemType, itemDescription FROM product_lines WHERE productID = ? ORDER BY kind, sort',
		)
		.all(product.productID) as Array<{ kind: string; itemType: string; itemDescription: string }>
	const features = lines.filter((l) => l.kind === 'feature')
	const info = lines.filter((l) => l.kind === 'info')
	const body: PdfLine[] = [
		{
			columns: [
				{ text: 'SKU', bold: true, width: 1 },
				{ text: product.productID, width: 3 },
			],
		},
		{
			columns: [
				{ text: 'Availability', bold: true, width: 1 },
				{ text: STOCK_LABEL[product.stockStatus] ?? product.stockStatus, width: 3 },
			],
		},
		{
			columns: [
				{ text: 'Sold by', bold: true, width: 1 },
				{ text: product.uoms.split('|').join(', '), width: 3 },
			],
		},
		{ rule: true },
		{ text: 'Description', bold: true, size: 12 },
		product.productLongDesc,
		'',
	]
	if (features.length) {
		body.push({ text: 'Features & Benefits', bold: true, size: 12 })
		for (const f of features) body.push(`•  ${f.itemDescription}`)
		body.push('')
	}
	if (info.length) {
		body.push({ text: 'Product Information', bold: true, size: 12 })
		for (const i of info)
			body.push({
				columns: [
					{ text: i.itemType, bold: true, width: 1 },
					{ text: i.itemDescription, width: 3 },
				],
			})
		body.push('')
	}
	body.push({ rule: true })
	body.push({
		text: 'Specifications are a guide only and may change without notice. Install to the manufacturer’s instructions and the National Construction Code.',
		size: 8,
	})
	return renderPdf({
		title: product.productShortDesc,
		subtitle: `Product datasheet – ${company?.name ?? 'Trade supplier'}`,
		lines: body,
		footer: `${product.productID} – ${company?.email ?? ''}`,
		author: company?.name,
	})
}

/**
 * Generated media the seed data points at: banners, menu tiles, product pictures (PNG, and a GIF
 * in some galleries) and product datasheets (PDF). Anything else, including the deliberately
 * broken links under /missing, is a 404.
 */
export function mediaRouter(db: Db) {
	const router = Router()
	const send = (res: Response, svg: string) =>
		res
			.type('image/svg+xml')
			.set('Cache-Control', 'public, max-age=86400')
			.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
			.send(svg)
	router.get('/banners/:name.svg', (req, res) => {
		const spec = BANNERS[req.params.name]
		if (!spec) return void res.sendStatus(404)
		send(res, banner(spec))
	})
	router.get('/menu/:ids.svg', (req, res) => {
		const [cat = '', type = '', cls = ''] = req.params.ids.split('-')
		const row = db
			.prepare(
				'SELECT menuDesc FROM menu WHERE prodCategory = ? AND prodType = ? AND prodClass = ?',
			)
			.get(cat, type, cls) as { menuDesc: string } | undefined
		if (!row) return void res.sendStatus(404)
		send(res, tile(row.menuDesc))
	})
	router.get('/products/:file', (req, res) => {
		const file = req.params.file
		const match = /^([A-Z0-9]+)-(\d{1,2})\.(png|gif)$/.exec(file)
		const row = match
			? (db
					.prepare('SELECT productGallery FROM products WHERE productID = ?')
					.get(match[1] ?? '') as { productGallery: string } | undefined)
			: undefined
		// Only the pictures a product's gallery names exist.
		if (
			!match ||
			!row ||
			!row.productGallery.split('|').some((url) => url.endsWith(`/products/${file}`))
		)
			return void res.sendStatus(404)
		const [, sku = '', n = '1', ext] = match
		const body = images.get(file, () =>
			ext === 'gif' ? productGif(sku) : encodePng(productPicture(sku, Number(n))),
		)
		res
			.type(ext === 'gif' ? 'image/gif' : 'image/png')
			.set('Cache-Control', 'public, max-age=86400')
			.send(body)
	})
	router.get('/datasheets/:file', (req, res) => {
		const sku = /^([A-Z0-9]+)\.pdf$/.exec(req.params.file)?.[1]
		const product = sku
			? (db
					.prepare(
						'SELECT productID, productShortDesc, productLongDesc, productFiles, stockStatus, uoms FROM products WHERE productID = ?',
					)
					.get(sku) as DatasheetRow | undefined)
			: undefined
		if (
			!product ||
			!product.productFiles.split('|').some((url) => url.endsWith(`/datasheets/${sku}.pdf`))
		)
			return void res.sendStatus(404)
		void datasheet(db, product).then((pdf) =>
			res
				.type('application/pdf')
				.set('Content-Disposition', `inline; filename="${product.productID}.pdf"`)
				.set('Cache-Control', 'public, max-age=3600')
				.send(pdf),
		)
	})
	router.use((_req, res) => void res.sendStatus(404))
	return router
}
