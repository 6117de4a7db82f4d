import { useCatalogue } from './layout.tsx'
import { CategoryCard } from './category-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** /products/{category}: a card per type, with links to its classes. */
export default function CategoryRoute() {
	const { category } = useCatalogue()
	if (!category) return null
	return (
		<ul className="card-grid" aria-label="Types">
			{category.types.map((type) => (
				<CategoryCard
					key={type.id}
					to={`/products/${category.id}/${type.id}`}
					name={type.name}
					image={type.image}
					links={type.children}
					linksLabel={`${type.name} classes`}
				/>
			))}
		</ul>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
