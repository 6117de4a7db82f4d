import * as contract from './contract/catalogue.ts'
import { type MenuEntry, type Product } from './contract/catalogue.ts'
import { type PresenterContext, requireIdentity } from './context.ts'
import { recover } from './errors.ts'
import { oncePer } from '../request/once.ts'
import { inSearchOrder } from '#app/utils/product.ts'

export type MenuClass = { id: string; name: string; image: string }
export type MenuType = MenuClass & { classes: MenuClass[] }
export type MenuCategory = MenuClass & { types: MenuType[] }

/** Builds the category → type → class hierarchy from the flat menu rows. */
export function buildMenu(entries: MenuEntry[]): MenuCategory[] {
	const node = (id: string, e: MenuEntry) => ({ id, name: e.menuDesc, image: e.menuFiles })
	const categories = entries
		.filter((e) => !e.prodType && !e.prodClass)
		.map((e) => ({ ...node(e.prodCategory, e), types: [] as MenuType[] }))
	for (const category of categories) {
		category.types = entries
			.filter((e) => e.prodCategory === category.id && e.prodType && !e.prodClass)
			.map((e) => ({
				...node(e.prodType, e),
				classes: entries
					.filter((c) => c.prodCategory === category.id && c.prodType === e.prodType && c.prodClass)
					.map((c) => node(c.prodClass, c)),
			}))
	}
	return categories
}

/** The tree of each menu reply: built once, however many pages show the same cached reply. */
const menuOf = oncePer((reply: { dataset: { ProductMenu: MenuEntry[] } }) =>
	buildMenu(reply.dataset.ProductMenu),
)

const searchOrders = oncePer((_products: Product[]) => new Map<string, Product[]>())

/**
 * A reply's products in name order, those naming more of the search words whole first
 * (`inSearchOrder`), as the sandbox orders them: a presenter's own order is not relied on. Worked
 * out once however many pages show the same cached reply.
 */
function ordered(products: Product[], search: string) {
	const orders = searchOrders(products)
	let sorted = orders.get(search)
	if (!sorted) {
		sorted = inSearchOrder(products, search)
		orders.set(search, sorted)
	}
	return sorted
}

/** Large lists use limit 10000. */
export const LARGE_LIST_LIMIT = 10_000

export type ProductPage = {
	products: Product[]
	/** The presenter's message when nothing matched (shown as the empty state). */
	message: string | null
}

export function catalogueApi(ctx: PresenterContext) {
	const { client, config } = ctx
	return {
		async getMenu() {
			const reply = await client.call(contract.getProductMenu, { companyID: config.company_id })
			return menuOf(reply)
		},

		/**
		 * One page of a category/type/class listing. No records is not an error here: it is the
		 * empty list plus the presenter's message. Products come in
		 * natural name order (45x45 before 120x35), as the sandbox pages them.
		 */
		async listProducts(query: {
			category: string
			type?: string
			class?: string
			search?: string
			page: number
			pageSize: number
			incGST: boolean
		}): Promise<ProductPage> {
			const { username } = requireIdentity(ctx)
			const call = client.call(contract.getProductsByType, {
				companyID: config.company_id,
				deviceID: config.device_id,
				userName: username,
				inStockOnly: false,
				incGST: query.incGST,
				searchCategory: query.category,
				searchType: query.type ?? '',
				searchClass: query.class ?? '',
				searchString: query.search ?? '',
				page: query.page,
				rowsPerPage: query.pageSize,
				pagesize: query.pageSize,
				limit: query.pageSize,
				start: (query.page - 1) * query.pageSize,
			})
			return recover(
				call.then((r) => ({
					products: ordered(r.dataset.getProductsByType, query.search ?? ''),
					message: null,
				})),
				'no-records',
				(error) => ({ products: [], message: error.firstMessage ?? null }),
			)
		},

		/**
		 * Free-text search across the catalogue, whole-word matches first, then in natural name
		 * order; no records is an empty list with the message.
		 */
		async searchProducts(term: string, incGST: boolean): Promise<ProductPage> {
			const { username } = requireIdentity(ctx)
			const call = client.call(contract.searchProducts, {
				descString: term,
				deviceID: config.device_id,
				idString: '',
				incGST,
				userName: username,
			})
			return recover(
				call.then((r) => ({ products: ordered(r.dataset.ProductList, term), message: null })),
				'no-records',
				(error) => ({ products: [], message: error.firstMessage ?? null }),
			)
		},

		/** One product by SKU with this customer's price, or null when the presenter has none. */
		async findProduct(productID: string, incGST: boolean): Promise<Product | null> {
			const { customerId } = requireIdentity(ctx)
			const call = client.call(contract.getProductDetails, {
				deviceID: config.device_id,
				customerID: customerId,
				productID,
				incGST,
			})
			return recover(
				call.then((r): Product | null => r.dataset.ProductList[0]!),
				'no-records',
				() => null,
			)
		},

		/** A tally product's stock lengths in metres. */
		async getTallyLengths(productID: string) {
			const reply = await client.call(contract.getTallyLengths, {
				companyID: config.company_id,
				branchID: 1,
				productID,
			})
			return reply.dataset.LengthList.map((l) => l.length)
		},

		/** A product with its features, information (empty on no-data) and tally lengths, in parallel. */
		async getProduct(productID: string, incGST: boolean) {
			const { customerId } = requireIdentity(ctx)
			const [details, features, information, lengths] = await Promise.all([
				client.call(contract.getProductDetails, {
					deviceID: config.device_id,
					customerID: customerId,
					productID,
					incGST,
				}),
				client.call(contract.getProductFeatures, { productID }),
				recover(
					client
						.call(contract.getProductInformation, { productID })
						.then((r) => r.dataset.getProductInformationResponse),
					'no-product-data',
					() => [],
				),
				client.call(contract.getTallyLengths, {
					companyID: config.company_id,
					branchID: 1,
					productID,
				}),
			])
			return {
				product: details.dataset.ProductList[0]!,
				features: features.dataset.ProductFeatures,
				information,
				tallyLengths: lengths.dataset.LengthList.map((l) => l.length),
			}
		},
	}
}
