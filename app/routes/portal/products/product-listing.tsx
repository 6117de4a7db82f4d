import { type SubmissionResult } from '@conform-to/react'
import { type ComponentProps } from 'react'
import { CATALOGUE_INTENTS } from './intents.ts'
import { withParams } from '#app/utils/url.ts'
import { ListPager, ListSearch } from '#app/components/list.tsx'
import { ProductDetail, type ProductDetailData } from './product-detail.tsx'
import { ListToolbar, ProductList, type ListContext } from './product-list.tsx'

/** What a product list page's loader gives the listing (listContext's fields among them). */
export type ListingData = ListContext & {
	closeTo: string
	view: 'list' | 'grid'
	gstWording: string
	products: ComponentProps<typeof ProductList>['products']
	message: ComponentProps<typeof ProductList>['message']
	page: number
	hasNext: boolean
	/** The product whose detail (or tally) modal is open. */
	detail: ProductDetailData | null
	tally: boolean
}

/**
 * A page of products: the open product's modal, the search box and toolbar, the GST note when
 * prices show, the products and the pager. The presenter searches and pages, so the search box and
 * pager are the list kit's server-paged ones (ListSearch, ListPager with `hasNext`).
 */
export function ProductListing({
	data,
	actionData,
	search,
	pricesToggle,
	pagerWhenEmpty = true,
}: {
	data: ListingData
	/** The catalogue action's reply (a document post's: the tally form, or add to cart without JS). */
	actionData: SubmissionResult<string[]> | undefined
	search: ComponentProps<typeof ListSearch>
	/** Whether the toolbar offers See Prices. */
	pricesToggle?: boolean
	/** Whether the pager shows when there are no products. */
	pagerWhenEmpty?: boolean
}) {
	const d = data
	const context: ListContext = {
		here: d.here,
		format: d.format,
		cartEnabled: d.cartEnabled,
		seePrices: d.seePrices,
	}
	return (
		<div className="product-listing">
			{d.detail ? (
				<ProductDetail
					detail={d.detail}
					context={context}
					closeTo={d.closeTo}
					tally={d.tally}
					tallyResult={
						actionData?.initialValue?.intent === CATALOGUE_INTENTS.tallyAdd ? actionData : undefined
					}
				/>
			) : null}
			<div className="list-header">
				<ListSearch {...search} />
				<ListToolbar
					view={d.view}
					seePrices={d.seePrices}
					here={d.here}
					pricesToggle={pricesToggle}
				/>
			</div>
			{d.seePrices ? <p className="gst-note">{d.gstWording}</p> : null}
			<ProductList products={d.products} message={d.message} view={d.view} context={context} />
			{pagerWhenEmpty || d.products.length ? (
				<ListPager
					page={d.page}
					hasNext={d.hasNext}
					// The presenter pages; the page keeps its other parameters, less an open product.
					href={(page) =>
						withParams(d.here, { page: page === 1 ? null : page, product: null, dialog: null })
					}
				/>
			) : null}
		</div>
	)
}
