import { type SubmissionResult } from '@conform-to/react'
import { useNoScriptFragment } from '#app/components/links.ts'
import { type Product, type ProductLine } from '#app/.server/presenter/contract/catalogue.ts'
import { CATALOGUE_INTENTS } from './intents.ts'
import {
	fileExtension,
	galleryImages,
	parseFileList,
	stockLabel,
	visiblePrice,
} from '#app/utils/product.ts'
import { Modal } from '#app/components/modal.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { CartAction, Prices, type ListContext, type ShownPrices } from './product-list.tsx'
import { LazyTallyForm } from '#app/components/lazy-tally-form.tsx'

export type ProductDetailData = {
	product: Product
	features: ProductLine[]
	information: ProductLine[]
	tallyLengths: number[]
	prices: ShownPrices
}

/** Images scroll without JS; with JS the image under the pointer zooms where it points. */
function Gallery({ images, alt }: { images: string[]; alt: string }) {
	return (
		// Focusable, so keyboard users can scroll the images too (axe scrollable-region-focusable).
		// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
		<ul className="gallery" aria-label="Product images" tabIndex={0}>
			{(images.length ? images : ['']).map((src, i) => (
				<li key={src || 'placeholder'} className="gallery__item">
					<ProductImage
						src={src}
						alt={images.length > 1 ? `${alt}, image ${i + 1} of ${images.length}` : alt}
						width={480}
						height={360}
						eager={i === 0}
						className="gallery__image"
					/>
				</li>
			))}
		</ul>
	)
}

function fileLabel(url: string) {
	const name = decodeURIComponent(url.split('/').pop() ?? url)
	return `${name} (${fileExtension(url).toUpperCase() || 'file'})`
}

/** The product detail modal, or the tally modal when `tally` is set. */
export function ProductDetail({
	detail,
	context,
	closeTo,
	tally,
	tallyResult,
}: {
	detail: ProductDetailData
	context: ListContext
	closeTo: string
	tally: boolean
	tallyResult?: SubmissionResult<string[]>
}) {
	const { product, features, information, tallyLengths } = detail
	// Where the tally goes back to once in the cart: with JS, the list as it is, not its fragment.
	const back = useNoScriptFragment(closeTo)
	const title = product.productLongDesc || product.productShortDesc
	if (tally && product.isTally && context.cartEnabled) {
		return (
			<Modal title={`Tally: ${product.productShortDesc}`} closeTo={closeTo} inline>
				<p className="product-detail__sku">SKU {product.productID}</p>
				<LazyTallyForm
					id={`tally-${product.productID}`}
					tallyLengths={tallyLengths}
					unitPrice={visiblePrice(product.customerPrice)}
					format={context.format}
					hidden={{
						intent: CATALOGUE_INTENTS.tallyAdd,
						productID: product.productID,
						uom: product.UOMList[0]?.UOM ?? '',
						closeTo: back,
					}}
					submitLabel="Add to Cart"
					lastResult={tallyResult}
					draft={product.productID}
				/>
			</Modal>
		)
	}
	const files = parseFileList(product.productFiles)
	return (
		<Modal title={title} closeTo={closeTo} inline className="modal--wide">
			<div className="product-detail">
				<Gallery
					images={galleryImages(product.productGallery, product.productImage)}
					alt={product.productShortDesc}
				/>
				<div className="product-detail__info">
					<p className="product-detail__sku">SKU {product.productID}</p>
					<p className={`stock stock--${product.stockStatus}`}>{stockLabel(product.stockStatus)}</p>
					<Prices prices={detail.prices} product={product} />
					{context.cartEnabled ? (
						<CartAction product={product} here={context.here} idPrefix="detail" primary />
					) : null}
					{files.length ? (
						<ul className="product-detail__files" aria-label="Files">
							{files.map((f) => (
								<li key={f}>
									<a href={f} target="_blank" rel="noopener noreferrer">
										{fileLabel(f)}
									</a>
								</li>
							))}
						</ul>
					) : null}
				</div>
			</div>
			{features.length ? (
				<section aria-labelledby="features-title">
					<h3 id="features-title">Features &amp; Benefits</h3>
					<ul>
						{features.map((f, i) => (
							<li key={i}>{f.itemDescription}</li>
						))}
					</ul>
				</section>
			) : null}
			{information.length ? (
				<section aria-labelledby="information-title">
					<h3 id="information-title">Product Information</h3>
					<dl className="product-detail__information">
						{information.map((f, i) => (
							<div key={i}>
								<dt>{f.itemType}</dt>
								<dd>{f.itemDescription}</dd>
							</div>
						))}
					</dl>
				</section>
			) : null}
		</Modal>
	)
}
