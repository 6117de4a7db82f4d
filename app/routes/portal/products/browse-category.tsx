import { NavLink } from 'react-router'

/** One category of the sidebar's accordion, with its types' links. */
export type BrowseCategoryEntry = {
	id: string
	name: string
	types: Array<{ id: string; name: string }>
}

/**
 * The sidebar's 'BROWSE CATEGORY' accordion: every category's types, the current category open and
 * its current type marked (NavLink: on its class pages too).
 */
export function BrowseCategory({
	menu,
	category,
}: {
	menu: BrowseCategoryEntry[]
	category: string
}) {
	return (
		<>
			<h2 id="browse-category" className="sidebar__title">
				BROWSE CATEGORY
			</h2>
			<ul className="accordion">
				{menu.map((c) => (
					<li key={c.id}>
						{/* One open at a time: exclusive <details> group; the open one closes on click. */}
						<details name="browse-category" open={c.id === category}>
							<summary>{c.name}</summary>
							<ul>
								{c.types.map((t) => (
									<li key={t.id}>
										<NavLink to={`/products/${c.id}/${t.id}`} prefetch="intent">
											{t.name}
										</NavLink>
									</li>
								))}
							</ul>
						</details>
					</li>
				))}
			</ul>
		</>
	)
}
