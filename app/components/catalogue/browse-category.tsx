import { type MenuCategory } from '#app/.server/presenter/catalogue.ts'

/** The current page's link in the catalogue sidebar: styled and announced as such. */
export const current = { className: 'active', 'aria-current': 'page' } as const

/**
 * The sidebar's 'BROWSE CATEGORY' accordion: every category's types, the current category open and
 * its current type marked. The same for every customer on a given type's pages, so the server
 * renders it once per type (`app/.server/catalogue-markup.tsx`) and the page carries the markup.
 */
export function BrowseCategory({
	menu,
	category,
	type,
}: {
	menu: MenuCategory[]
	category: string
	type: string
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
										<a
											href={`/products/${c.id}/${t.id}`}
											{...(c.id === category && t.id === type ? current : null)}
										>
											{t.name}
										</a>
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
