import { Link } from 'react-router'
import { useCatalogue } from './layout.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ProductImage } from '#app/components/product-image.tsx'

/** /products/{category}: a card per type, with links to its classes. */
export default function CategoryRoute() {
	const { category } = useCatalogue()
	if (!category) return null
	return (
		<ul className="card-grid" aria-label="Types">
			{category.types.map((type) => {
				const to = `/products/${category.id}/${type.id}`
				return (
					<li key={type.id} className="category-card">
						<Link to={to} className="category-card__image" tabIndex={-1} aria-hidden="true">
							<ProductImage src={type.image} alt="" width={400} height={300} />
						</Link>
						<h2 className="category-card__title">
							<Link to={to}>{type.name}</Link>
						</h2>
						<ul className="category-card__links" aria-label={`${type.name} classes`}>
							{type.classes.map((cls) => (
								<li key={cls.id}>
									<Link to={`${to}/${cls.id}`}>{cls.name}</Link>
								</li>
							))}
						</ul>
					</li>
				)
			})}
		</ul>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
