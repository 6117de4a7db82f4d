import { type Db } from '../db.ts'
import { type ProductRow, type StockStatus } from '../rows.ts'
import { CATALOGUE, type Named } from './catalogue-data.ts'
import { MENU } from './menu.ts'

/** Where the sandbox serves generated media (decision 001: seed paths assume /presenter). */
export const MEDIA = '/presenter/media'

export type LineRow = [
	productID: string,
	kind: 'feature' | 'info',
	itemType: string,
	itemDescription: string,
	sort: number,
]

export type ProductSeed = {
	products: ProductRow[]
	lines: LineRow[]
	lengths: Array<[string, number]>
}

/** mulberry32: a small seeded generator, so every reset builds the same catalogue. */
export function mulberry32(seed: number) {
	let state = seed >>> 0
	return () => {
		let t = (state += 0x6d2b79f5)
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

/** `n` entries spread evenly over `list` (all of it when it is not longer). */
function spread<T>(list: T[], n: number): T[] {
	if (list.length <= n) return list
	return Array.from(
		{ length: n },
		(_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))] as T,
	)
}

/** Each name's place (0–1) between the lightest and heaviest weight of its class. */
function places(names: Named[]): number[] {
	const weights = names.map((n) => n.weight)
	const min = Math.min(...weights)
	const max = Math.max(...weights)
	return weights.map((w) => (max > min ? (w - min) / (max - min) : 0.5))
}

/** Whole cents to dollars. */
const dollars = (cents: number) => cents / 100

function buildSeed(): ProductSeed {
	const r = mulberry32(0x5eed2026)
	const products: ProductRow[] = []
	const lines: LineRow[] = []
	const lengths: Array<[string, number]> = []
	let classIndex = 0
	let g = 0
	for (const [cat, , types] of MENU) {
		for (const [type, , classes] of types) {
			const data = CATALOGUE[`${cat}/${type}`]
			if (!data) throw new Error(`seed: no catalogue data for ${cat}/${type}`)
			for (const [cls] of classes) {
				const spec = data.classes[cls]
				if (!spec) throw new Error(`seed: no catalogue data for ${cat}/${type}/${cls}`)
				const chosen = spread(spec.names, 12 + (classIndex++ % 2))
				const place = places(chosen)
				chosen.forEach((item, k) => {
					const sku = `${cat[0]}${cls}${String(k + 1).padStart(3, '0')}`
					const name = item.name

					// Prices: trade from the class range by rank (or the listed price), RRP above, best below.
					const [low, high] = spec.price ?? [item.price ?? 10, item.price ?? 10]
					const jitter = item.price === undefined ? 0.95 + r() * 0.1 : 1
					const trade = Math.max(
						50,
						Math.round((low + (high - low) * (place[k] ?? 0.5)) * jitter * 100),
					)
					let rrp = Math.round(trade * (1.22 + r() * 0.2))
					if (rrp > 2000) rrp = Math.ceil(rrp / 100) * 100 - 5 // shelf prices end in .95
					const best = Math.min(trade - 1, Math.round(trade * (0.86 + r() * 0.08)))
					const poa = g % 60 === 17

					const stockDraw = r()
					const stockStatus: StockStatus =
						stockDraw < 0.7 ? 'InStock' : stockDraw < 0.85 ? 'LowStock' : 'SpecialOrder'
					const uomChoices = spec.uoms ?? data.uoms
					const uoms = uomChoices[Math.floor(r() * uomChoices.length)] ?? 'EA'

					// Gallery: 2–4 PNGs, sometimes with a GIF the portal must skip.
					const count = 2 + Math.floor(r() * 3)
					const gallery = Array.from(
						{ length: count },
						(_, i) => `${MEDIA}/products/${sku}-${i + 1}.png`,
					)
					if (r() < 0.125) gallery.splice(1, 0, `${MEDIA}/products/${sku}-${count + 1}.gif`)
					const broken = g % 40 === 23
					const image = broken ? `${MEDIA}/missing/products/${sku}.jpg` : (gallery[0] ?? '')
					const datasheet = r() < 0.88
					const files = [gallery[0] ?? '', ...(datasheet ? [`${MEDIA}/datasheets/${sku}.pdf`] : [])]

					const longDesc = `${name} – ${spec.phrase}`
					products.push({
						productID: sku,
						productShortDesc: name,
						productLongDesc: longDesc,
						prodCategory: cat,
						prodType: type,
						prodClass: cls,
						productImage: image,
						productFiles: files.join('|'),
						fileTypes: files.map((f) => f.slice(f.lastIndexOf('.') + 1)).join('|'),
						productGallery: gallery.join('|'),
						stockStatus,
						RRP: poa ? 0 : dollars(rrp),
						TradePrice: poa ? 0 : dollars(trade),
						BestPrice: poa ? 0 : dollars(best),
						uoms,
						isTally: (spec.tally ?? data.tally) ? 1 : 0,
						searchText: `${sku} ${name} ${longDesc}`.toLowerCase(),
					})

					const stock = spec.tally ?? data.tally
					if (stock) {
						let kept = stock.filter(() => r() < 0.75)
						if (kept.length < 3) kept = stock
						for (const length of kept) lengths.push([sku, length])
					}

					if (r() < 0.92) {
						const n = 2 + Math.floor(r() * 4)
						const start = Math.floor(r() * data.features.length)
						for (let i = 0; i < Math.min(n, data.features.length); i++) {
							const [itemType, text] = data.features[(start + i) % data.features.length] ?? [
								'Feature',
								'',
							]
							lines.push([sku, 'feature', itemType, text, i])
						}
					}
					if (r() < 0.8) {
						data
							.info({ name, cls, r })
							.forEach(([itemType, text], i) => lines.push([sku, 'info', itemType, text, i]))
					}
					g++
				})
			}
		}
	}
	return { products, lines, lengths }
}

let built: ProductSeed | undefined

/** The generated catalogue, built once per process (it is the same every time). */
export function productSeed(): ProductSeed {
	return (built ??= buildSeed())
}

export function seedProducts(db: Db) {
	const { products, lines, lengths } = productSeed()
	const product = db.prepare(
		`INSERT INTO products (productID, productShortDesc, productLongDesc, prodCategory, prodType, prodClass,
		 productImage, productFiles, fileTypes, productGallery, stockStatus, RRP, TradePrice, BestPrice, uoms, isTally, searchText)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	)
	for (const p of products) {
		product.run(
			p.productID,
			p.productShortDesc,
			p.productLongDesc,
			p.prodCategory,
			p.prodType,
			p.prodClass,
			p.productImage,
			p.productFiles,
			p.fileTypes,
			p.productGallery,
			p.stockStatus,
			p.RRP,
			p.TradePrice,
			p.BestPrice,
			p.uoms,
			p.isTally,
			p.searchText,
		)
	}
	const line = db.prepare('INSERT INTO product_lines VALUES (?, ?, ?, ?, ?)')
	for (const l of lines) line.run(...l)
	const length = db.prepare('INSERT INTO tally_lengths VALUES (?, ?)')
	for (const [sku, metres] of lengths) length.run(sku, metres)
}
