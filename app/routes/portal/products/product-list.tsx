import { Link, useFetcher } from 'react-router'
import { ServerOnly } from 'remix-utils/server-only'
import { type Product } from '#app/.server/presenter/contract/catalogue.ts'
import { CATALOGUE_INTENTS } from './intents.ts'
import { type Currency, type Locale } from '#app/utils/format.ts'
import { NO_PRICE, productAnchor, stockLabel, unitLabel } from '#app/utils/product.ts'
import { withParams } from '#app/utils/url.ts'
import { FlashHere } from '#app/components/flash-message.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { AddToCartForm } from './add-to-cart-form.tsx'

/** What a product list shows of a product (its detail modal has the rest). */
export type ListedProduct = Pick<
	Product,
	'productID' | 'productShortDesc' | 'productImage' | 'stockStatus' | 'UOMList' | 'isTally'
> & {
	/** The first PDF of its files, shown as 'View Datasheet'. */
	datasheet: string | null
	prices: ShownPrices
}

/** A product's prices above 0, as money (the server writes them: catalogue.server.ts). */
export type ShownPrices = Array<{ label: 'Retail' | 'Trade' | 'Customer'; amount: string }>

export type ListContext = {
	/** The page's URL (path + query): where forms come back to, and the base of product links. */
	here: string
	/** For the tally form, whose running total the browser works out. */
	format: { locale: Locale; currency: Currency }
	cartEnabled: boolean
	seePrices: boolean
}

/**
 * A product's prices with the unit they are for ('$12.00 each'). Prices of 0 or less are hidden;
 * a product with none says so instead of showing $0.00.
 */
export function Prices({
	prices,
	product,
}: {
	prices: ShownPrices
	product: Pick<Product, 'UOMList'>
}) {
	if (!prices.length) return <p className="prices prices--none">{NO_PRICE}</p>
	const unit = unitLabel(product.UOMList[0]?.UOM)
	return (
		<dl className="prices">
			{prices.map(({ label, amount }) => (
				<div key={label}>
					<dt>{label}</dt>
					<dd>
						{amount}
						{unit ? <span className="prices__unit"> {unit}</span> : null}
					</dd>
				</div>
			))}
		</dl>
	)
}

/**
 * A tally product's Tally link (to its tally modal), any other product's add-to-cart form.
 * `redirectTo`: where the form comes back to without JS (`here` unless told).
 */
export function CartAction({
	product,
	here,
	idPrefix,
	primary = false,
	redirectTo = here,
}: {
	product: Pick<Product, 'productID' | 'productShortDesc' | 'UOMList' | 'isTally'>
	here: string
	idPrefix: string
	primary?: boolean
	redirectTo?: string
}) {
	return product.isTally ? (
		<Link
			className={primary ? 'button button--primary' : 'button'}
			to={withParams(here, { product: product.productID, dialog: 'tally' })}
			preventScrollReset
			prefetch="intent"
		>
			Tally
			{/* Each product's link is told apart by its name, for assistive technology. */}
			<span className="visually-hidden">{` ${product.productShortDesc}`}</span>
		</Link>
	) : (
		<AddToCartForm product={product} idPrefix={idPrefix} redirectTo={redirectTo} />
	)
}

function ProductCard({ product, context }: { product: ListedProduct; context: ListContext }) {
	const detail = withParams(context.here, { product: product.productID, dialog: null })
	const { datasheet } = product
	return (
		<li className="product-card" id={productAnchor(product.productID)}>
			<Link
				to={detail}
				className="product-card__image"
				preventScrollReset
				prefetch="intent"
				tabIndex={-1}
				aria-hidden="true"
			>
				<ProductImage src={product.productImage} alt="" width={240} height={180} />
			</Link>
			<div className="product-card__body">
				<h2 className="product-card__title">
					<Link to={detail} preventScrollReset prefetch="intent">
						{product.productShortDesc}
					</Link>
				</h2>
				<p className="product-card__meta">
					<span>{`SKU ${product.productID}`}</span>
					<span className={`stock stock--${product.stockStatus}`}>
						{stockLabel(product.stockStatus)}
					</span>
				</p>
				{context.seePrices ? <Prices prices={product.prices} product={product} /> : null}
				{datasheet ? (
					<a
						className="product-card__datasheet"
						href={datasheet}
						target="_blank"
						rel="noopener noreferrer"
					>
						View Datasheet
						<span className="visually-hidden">{` for ${product.productShortDesc}`}</span>
					</a>
				) : null}
			</div>
			{context.cartEnabled ? (
				<div className="product-card__actions">
					<CartAction
						product={product}
						here={context.here}
						idPrefix="list"
						// Without JS the page loads again: back at this card, not at the top.
						redirectTo={`${context.here}#${encodeURIComponent(productAnchor(product.productID))}`}
					/>
					<FlashHere id={productAnchor(product.productID)} />
				</div>
			) : null}
		</li>
	)
}

/** List/grid and 'See Prices': session preferences, posted as plain forms. */
export function ListToolbar({
	view,
	seePrices,
	here,
	pricesToggle = true,
}: {
	view: 'list' | 'grid'
	seePrices: boolean
	here: string
	pricesToggle?: boolean
}) {
	const viewFetcher = useFetcher({ key: 'set-view' })
	const pricesFetcher = useFetcher({ key: 'set-prices' })
	const shownView = (viewFetcher.formData?.get('view') as typeof view | null) ?? view
	const shownPrices = pricesFetcher.formData
		? pricesFetcher.formData.get('seePrices') === 'on'
		: seePrices
	const back = (
		<ServerOnly>{() => <input type="hidden" name="redirectTo" value={here} />}</ServerOnly>
	)
	return (
		<div className="list-toolbar">
			<viewFetcher.Form method="post" className="segmented" aria-label="View">
				<input type="hidden" name="intent" value={CATALOGUE_INTENTS.setView} />
				{back}
				<button type="submit" name="view" value="list" aria-pressed={shownView === 'list'}>
					List
				</button>
				<button type="submit" name="view" value="grid" aria-pressed={shownView === 'grid'}>
					Grid
				</button>
			</viewFetcher.Form>
			{pricesToggle ? (
				<pricesFetcher.Form method="post">
					<input type="hidden" name="intent" value={CATALOGUE_INTENTS.setPrices} />
					{back}
					<button
						type="submit"
						name="seePrices"
						value={shownPrices ? 'off' : 'on'}
						aria-pressed={shownPrices}
					>
						See Prices
					</button>
				</pricesFetcher.Form>
			) : null}
		</div>
	)
}

export function ProductList({
	products,
	message,
	view,
	context,
}: {
	products: ListedProduct[]
	message: string | null
	view: 'list' | 'grid'
	context: ListContext
}) {
	if (!products.length) return <p className="empty-state">{message || 'No matching records.'}</p>
	return (
		<ul className={`products products--${view}`} aria-label="Products">
			{products.map((p) => (
				<ProductCard key={p.productID} product={p} context={context} />
			))}
		</ul>
	)
}
