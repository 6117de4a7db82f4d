import { HtmlIsland } from './html-island.tsx'
import { type MenuCategory } from '#app/.server/presenter/catalogue.ts'

/** The island's name (html-island.tsx). */
export const PRODUCT_MENU = 'product-menu'

/**
 * The product menu tree (docs/decisions/014-product-menu-island.md) is rendered once, by the
 * server, for both screen sizes: CSS lays it out as the desktop mega panel or the phone's
 * drill-down.
 */
const path = (...ids: string[]) => ['/products', ...ids].join('/')

/**
 * One level of the drill-down: on a phone the summary opens the level (and is the way back); on a
 * desktop the summary is hidden, the level always shown, and a heading link stands for it.
 */
function Level({
	name,
	href,
	className,
	children,
}: {
	name: string
	href: string
	className: string
	children: React.ReactNode
}) {
	return (
		<li className={className}>
			<a className="menu-heading" href={href}>
				{name}
			</a>
			<details className="drill">
				<summary>{name}</summary>
				<ul>
					<li className="menu-all">
						<a href={href}>{`All ${name}`}</a>
					</li>
					{children}
				</ul>
			</details>
		</li>
	)
}

export function MenuTree({ menu }: { menu: MenuCategory[] }) {
	return (
		<ul className="menu-tree">
			<li className="menu-tree__all">
				<a href="/products">All Products</a>
			</li>
			{menu.map((category) => (
				<Level
					key={category.id}
					name={category.name}
					href={path(category.id)}
					className="menu-category"
				>
					{category.types.map((type) => (
						<Level
							key={type.id}
							name={type.name}
							href={path(category.id, type.id)}
							className="menu-type"
						>
							{type.classes.map((cls) => (
								<li key={cls.id}>
									<a href={path(category.id, type.id, cls.id)}>{cls.name}</a>
								</li>
							))}
						</Level>
					))}
				</Level>
			))}
		</ul>
	)
}

/** The masthead's product menu: an island of server HTML (see product-menu.server.tsx). */
export function ProductMenu() {
	return (
		<HtmlIsland
			name={PRODUCT_MENU}
			className="menu-island"
			fallback={
				<ul className="menu-tree">
					<li className="menu-tree__all">
						<a href="/products">All Products</a>
					</li>
				</ul>
			}
		/>
	)
}
