import { z } from 'zod'
import { datasetReply, defineOperation, Money, PresenterBoolean, TTL } from './define.ts'

/** A product menu row: empty type and class = category; empty class = type. */
export const MenuEntrySchema = z.object({
	prodCategory: z.string(),
	prodType: z.string().default(''),
	prodClass: z.string().default(''),
	menuDesc: z.string(),
	menuFiles: z.string().default(''),
})
export type MenuEntry = z.infer<typeof MenuEntrySchema>

export const getProductMenu = defineOperation({
	fn: 'getProductMenu',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ ProductMenu: z.array(MenuEntrySchema) }),
	cache: { ttlMs: TTL.general, tags: ['menu'], shared: true },
})

/** Lookups of one menu level: categories; a category's types; a type's classes. */
export const getCategories = defineOperation({
	fn: 'getCategories',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ CategoryList: z.array(MenuEntrySchema) }),
	cache: { ttlMs: TTL.general, tags: ['menu'], shared: true },
})

export const getTypes = defineOperation({
	fn: 'getTypes',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string(), prodCategory: z.string().min(1) }),
	reply: datasetReply({ TypeList: z.array(MenuEntrySchema) }),
	cache: { ttlMs: TTL.general, tags: ['menu'], shared: true },
})

export const getClasses = defineOperation({
	fn: 'getClasses',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		companyID: z.string(),
		prodCategory: z.string().min(1),
		prodType: z.string().min(1),
	}),
	reply: datasetReply({ ClassList: z.array(MenuEntrySchema) }),
	cache: { ttlMs: TTL.general, tags: ['menu'], shared: true },
})

/** SpecialOrder, InStock or LowStock; another value is kept (and shown as sent), not rejected. */
export const StockStatusSchema = z.string()
export type StockStatus = z.infer<typeof StockStatusSchema>

/**
 * A product. Prices are GST-inclusive when the call asked for incGST.
 * productFiles and productGallery are pipe-separated URLs; fileTypes lists their extensions.
 */
export const ProductSchema = z.object({
	productID: z.string(),
	productShortDesc: z.string(),
	productLongDesc: z.string().default(''),
	productImage: z.string().default(''),
	productFiles: z.string().default(''),
	fileTypes: z.string().default(''),
	productGallery: z.string().default(''),
	stockStatus: StockStatusSchema,
	RRP: Money,
	TradePrice: Money,
	BestPrice: Money,
	customerPrice: Money,
	UOMList: z.array(z.object({ UOM: z.string() })).min(1),
	isTally: PresenterBoolean,
	prodCategory: z.string().default(''),
	prodType: z.string().default(''),
	prodClass: z.string().default(''),
})
export type Product = z.infer<typeof ProductSchema>

/**
 * Product listing by category/type/class and search text, paged. Without a page the presenter
 * returns up to `limit` rows (10000). An empty result is the 'No matching records' error.
 */
export const getProductsByType = defineOperation({
	fn: 'getProductsByType',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		companyID: z.string(),
		deviceID: z.string(),
		userName: z.string(),
		inStockOnly: z.boolean(),
		incGST: z.boolean(),
		searchCategory: z.string(),
		searchType: z.string(),
		searchClass: z.string(),
		searchString: z.string(),
		page: z.number().int().min(1).optional(),
		rowsPerPage: z.number().int().min(1).optional(),
		pagesize: z.number().int().min(1).optional(),
		limit: z.number().int().min(1),
		start: z.number().int().min(0),
	}),
	reply: datasetReply({ getProductsByType: z.array(ProductSchema) }),
	cache: { ttlMs: TTL.list, tags: ['products'], keepsNoRecords: true },
})

/** Free-text product search (the search bar and /search). */
export const searchProducts = defineOperation({
	fn: 'searchProducts',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		descString: z.string().min(1),
		deviceID: z.string(),
		idString: z.string(),
		incGST: z.boolean(),
		userName: z.string(),
	}),
	reply: datasetReply({ ProductList: z.array(ProductSchema) }),
	cache: { ttlMs: TTL.list, tags: ['products'] },
})

export const getProductDetails = defineOperation({
	fn: 'getProductDetails',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		deviceID: z.string(),
		customerID: z.number().int(),
		productID: z.string().min(1),
		incGST: z.boolean(),
	}),
	reply: datasetReply({ ProductList: z.array(ProductSchema).min(1) }),
	cache: { ttlMs: TTL.list, tags: ['products'] },
})

export const ProductLineSchema = z.object({ itemType: z.string(), itemDescription: z.string() })
export type ProductLine = z.infer<typeof ProductLineSchema>

/** 'Features & Benefits' lines. */
export const getProductFeatures = defineOperation({
	fn: 'getProductFeatures',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ productID: z.string().min(1) }),
	reply: datasetReply({ ProductFeatures: z.array(ProductLineSchema) }),
	cache: { ttlMs: TTL.list, tags: ['products'] },
})

/** 'Product Information' lines; a product without any answers 'No data for product'. */
export const getProductInformation = defineOperation({
	fn: 'getProductInformation',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ productID: z.string().min(1) }),
	reply: datasetReply({ getProductInformationResponse: z.array(ProductLineSchema) }),
	cache: { ttlMs: TTL.list, tags: ['products'] },
})

/** The stock lengths (metres) a tally product is cut to. */
export const getTallyLengths = defineOperation({
	fn: 'getTallyLengths',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({
		companyID: z.string(),
		branchID: z.literal(1),
		productID: z.string().min(1),
	}),
	reply: datasetReply({ LengthList: z.array(z.object({ length: z.number().positive() })) }),
	cache: { ttlMs: TTL.list, tags: ['products'] },
})
