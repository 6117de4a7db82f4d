import { Link } from 'react-router'
import { ProductImage } from '#app/components/product-image.tsx'

/** A catalogue card: the picture and name link to `to`, then links to its children under it. */
export function CategoryCard({
	to,
	name,
	image,
	links,
	linksLabel,
}: {
	to: string
	name: string
	image: string
	/** The children, each at `${to}/${id}`. */
	links: Array<{ id: string; name: string }>
	linksLabel: string
}) {
	return (
		<li className="category-card">
			<Link to={to} className="category-card__image" tabIndex={-1} aria-hidden="true">
				<ProductImage src={image} alt="" width={400} height={300} />
			</Link>
			<h2 className="category-card__title">
				<Link to={to}>{name}</Link>
			</h2>
			<ul className="category-card__links" aria-label={linksLabel}>
				{links.map((link) => (
					<li key={link.id}>
						<Link to={`${to}/${link.id}`}>{link.name}</Link>
					</li>
				))}
			</ul>
		</li>
	)
}
