import { data, NavLink, Outlet, useRouteLoaderData } from 'react-router'
import { type Route } from './+types/layout'
import { startCustomer } from '#app/.server/request/context.ts'
import { type MenuClass } from '#app/.server/presenter/catalogue.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { Breadcrumbs, type Crumb } from '#app/components/breadcrumbs.tsx'
import { BrowseCategory } from './browse-category.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/**
 * The catalogue frame: breadcrumb (Products > category > type > class), the heading, and from
 * the type level on the 'BROWSE CATEGORY' and 'FILTER SUBCATEGORIES' sidebar. Names come from the
 * presenter's menu, never from the URL; an unknown id is a 404.
 */
const link = ({ id, name }: MenuClass) => ({ id, name })

export async function loader({ params, context }: Route.LoaderArgs) {
	const { presenter } = startCustomer(context)
	const menu = await presenter.catalogue.getMenu().catch(toRouteError)
	const category = params.category ? menu.find((c) => c.id === params.category) : undefined
	const type = params.type ? category?.types.find((t) => t.id === params.type) : undefined
	const cls = params.class ? type?.classes.find((k) => k.id === params.class) : undefined
	if ((params.category && !category) || (params.type && !type) || (params.class && !cls)) {
		throw data('Not Found', { status: 404 })
	}
	const crumbs: Crumb[] = [{ label: 'Products', to: '/products' }]
	if (category) crumbs.push({ label: category.name, to: `/products/${category.id}` })
	if (category && type) crumbs.push({ label: type.name, to: `/products/${category.id}/${type.id}` })
	if (category && type && cls)
		crumbs.push({ label: cls.name, to: `/products/${category.id}/${type.id}/${cls.id}` })
	const heading = cls
		? cls.name
		: type
			? `All ${type.name}`
			: category
				? category.name
				: 'Browse Categories'
	// Only what this level shows of the menu travels with the page (the masthead has the tree).
	return {
		crumbs,
		heading,
		/** /products: a card per category. */
		categories: category
			? null
			: menu.map((c) => ({ ...link(c), image: c.image, children: c.types.map(link) })),
		/** /products/{category}: a card per type. */
		category:
			category && !type
				? {
						...link(category),
						types: category.types.map((t) => ({
							...link(t),
							image: t.image,
							children: t.classes.map(link),
						})),
					}
				: null,
		/** A type's or class's list: the sidebar. */
		sidebar:
			category && type
				? {
						browse: menu.map((c) => ({ ...link(c), types: c.types.map(link) })),
						category: category.id,
						type: { ...link(type), classes: type.classes.map(link) },
						cls: cls ? link(cls) : null,
					}
				: null,
	}
}

/** The catalogue layout's data, for its child routes. */
export function useCatalogue() {
	const catalogue = useRouteLoaderData<typeof loader>('routes/portal/products/layout')
	if (!catalogue) throw new Error('useCatalogue outside the products layout')
	return catalogue
}

type SidebarData = NonNullable<Route.ComponentProps['loaderData']['sidebar']>

/** The type's 'All {type}' and class links, the current one marked. */
function filterLinks({ category, type }: SidebarData) {
	const base = `/products/${category}/${type.id}`
	const filters = [
		{ label: `All ${type.name}`, to: base },
		...type.classes.map((k) => ({ label: k.name, to: `${base}/${k.id}` })),
	]
	return filters.map((f) => (
		<li key={f.to}>
			<NavLink to={f.to} end prefetch="intent">
				{f.label}
			</NavLink>
		</li>
	))
}

/**
 * 'FILTER SUBCATEGORIES' as a dropdown above the products, on small screens only:
 * one line, so the products are the first thing a phone shows.
 */
function FilterDropdown({ sidebar }: { sidebar: SidebarData }) {
	const { type, cls } = sidebar
	return (
		<nav
			aria-labelledby="filter-subcategories-dropdown"
			className="filter-subcategories filter-subcategories--dropdown"
		>
			<h2 id="filter-subcategories-dropdown" className="sidebar__title">
				FILTER SUBCATEGORIES
			</h2>
			<details className="filter-subcategories__dropdown">
				<summary>{cls ? cls.name : `All ${type.name}`}</summary>
				<ul>{filterLinks(sidebar)}</ul>
			</details>
		</nav>
	)
}

/**
 * The sidebar: 'BROWSE CATEGORY' and, on large screens, 'FILTER SUBCATEGORIES'. On small screens
 * it is one line above the heading, the tree folded into a disclosure; on large ones it is the
 * column beside the products, the disclosure always open (CSS, ::details-content).
 */
function Sidebar({ sidebar }: { sidebar: SidebarData }) {
	return (
		<aside className="catalogue__sidebar" aria-label="Categories">
			<details className="browse-category">
				<summary>BROWSE CATEGORY</summary>
				<nav aria-labelledby="browse-category">
					<BrowseCategory menu={sidebar.browse} category={sidebar.category} />
				</nav>
			</details>
			<nav aria-labelledby="filter-subcategories" className="filter-subcategories">
				<h2 id="filter-subcategories" className="sidebar__title">
					FILTER SUBCATEGORIES
				</h2>
				<ul>{filterLinks(sidebar)}</ul>
			</nav>
		</aside>
	)
}

export default function ProductsLayout({ loaderData }: Route.ComponentProps) {
	const { crumbs, heading, sidebar } = loaderData
	// The sidebar comes first, as it is seen: the left column on large screens, on a phone one
	// folded line above the heading. Tab and a screen reader meet it where the eye does.
	return (
		<div className="catalogue">
			<Breadcrumbs crumbs={crumbs} />
			<div className={sidebar ? 'catalogue__body catalogue__body--sidebar' : 'catalogue__body'}>
				{sidebar ? <Sidebar sidebar={sidebar} /> : null}
				<div className="catalogue__main">
					<h1>{heading}</h1>
					{sidebar ? <FilterDropdown sidebar={sidebar} /> : null}
					<Outlet />
				</div>
			</div>
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.heading ?? 'Products'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
