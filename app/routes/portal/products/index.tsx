import { Link } from 'react-router'
import { useCatalogue } from './layout.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProductImage } from '#app/components/product-image.tsx'

/** /products: a card per category, with links to its types. */
export default function ProductsIndexRoute() {
	const { menu } = useCatalogue()
	return (
		<ul className="card-grid" aria-label="Categories">
			{menu.map((category) => (
				<li key={category.id} className="category-card">
					<Link
						to={`/products/${category.id}`}
						className="category-card__image"
						tabIndex={-1}
						aria-hidden="true"
					>
						<ProductImage src={category.image} alt="" width={400} height={300} />
					</Link>
					<h2 className="category-card__title">
						<Link to={`/products/${category.id}`}>{category.name}</Link>
					</h2>
					<ul className="category-card__links" aria-label={`${category.name} types`}>
						{category.types.map((type) => (
							<li key={type.id}>
								<Link to={`/products/${category.id}/${type.id}`}>{type.name}</Link>
							</li>
						))}
					</ul>
				</li>
			))}
		</ul>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
