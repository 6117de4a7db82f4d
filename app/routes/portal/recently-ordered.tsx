import { Suspense } from 'react'
import { Await, Form, Link } from 'react-router'
import { ProductImage } from '#app/components/product-image.tsx'
import { unitLabel } from '#app/utils/product.ts'
import { type RecentProduct } from '#app/.server/cart/recently-ordered.ts'
import { SubmissionKey } from '#app/components/forms.tsx'

/**
 * 'Recently ordered' on home: deferred, so the page never waits long for it (with JS it streams
 * in; without JS the server waits a moment for it, then sends the page with a link that waits
 * for it: `pending`). Each product adds to the cart through its catalogue page's own add-to-cart
 * action, and comes back here.
 */
/** Home's query that waits for recently ordered however long it takes: the link's, without JS. */
export const SHOW_RECENT = 'recent'

/** A product as home shows it: its price as money, or null when prices are hidden. */
type ShownProduct = Omit<RecentProduct, 'price'> & { price: string | null }

export function RecentlyOrdered({
	products,
}: {
	products: Promise<ShownProduct[] | null> | ShownProduct[] | 'pending'
}) {
	return (
		<section aria-labelledby="recently-ordered" className="recently-ordered">
			<h2 id="recently-ordered">Recently ordered</h2>
			{products === 'pending' ? (
				<p className="recently-ordered__note">
					Your recently ordered products are still being gathered.{' '}
					<Link to={`/?${SHOW_RECENT}#recently-ordered`}>Show recently ordered products</Link>
				</p>
			) : products instanceof Promise ? (
				<Suspense fallback={<p className="recently-ordered__note">Loading…</p>}>
					<Await resolve={products}>{(resolved) => <RecentList products={resolved} />}</Await>
				</Suspense>
			) : (
				<RecentList products={products} />
			)}
		</section>
	)
}

function RecentList({ products: resolved }: { products: ShownProduct[] | null }) {
	return resolved?.length ? (
		<ul className="recently-ordered__list">
			{resolved.map((p) => (
				<li key={p.productID} className="recently-ordered__item">
					<ProductImage src={p.image} alt="" width={96} height={72} />
					<p className="recently-ordered__name">
						{p.description} <span className="quick-line__sku">SKU {p.productID}</span>
					</p>
					{p.price !== null ? (
						<p>
							{p.price} {unitLabel(p.uom)}
						</p>
					) : null}
					{p.isTally ? (
						<Link
							className="button"
							to={`${p.listHref}?product=${encodeURIComponent(p.productID)}&dialog=tally`}
						>
							Choose lengths
						</Link>
					) : (
						<Form method="post" action={p.listHref} className="recently-ordered__add">
							<SubmissionKey />
							<input type="hidden" name="intent" value="add-to-cart" />
							<input type="hidden" name="productID" value={p.productID} />
							<input type="hidden" name="uom" value={p.uom} />
							<input type="hidden" name="redirectTo" value="/" />
							<label htmlFor={`recent-${p.productID}`} className="visually-hidden">
								Quantity of {p.description}
							</label>
							<input
								id={`recent-${p.productID}`}
								type="number"
								name="quantity"
								defaultValue={1}
								min={1}
								step={1}
								inputMode="numeric"
							/>
							<button type="submit" className="button button--primary">
								Add to cart<span className="visually-hidden">: {p.description}</span>
							</button>
						</Form>
					)}
				</li>
			))}
		</ul>
	) : (
		<p className="recently-ordered__note">
			{resolved ? 'Nothing ordered in the last 90 days.' : 'Not available just now.'}
		</p>
	)
}
