import { useCatalogue } from './layout.tsx'
import { CategoryCard } from './category-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** /products: a card per category, with links to its types. */
export default function ProductsIndexRoute() {
	const { categories } = useCatalogue()
	return (
		<ul className="card-grid" aria-label="Categories">
			{categories?.map((category) => (
				<CategoryCard
					key={category.id}
					to={`/products/${category.id}`}
					name={category.name}
					image={category.image}
					links={category.children}
					linksLabel={`${category.name} types`}
				/>
			))}
		</ul>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
