import { data, NavLink, Outlet, useRouteLoaderData } from 'react-router'
import { type Route } from './+types/layout'
import { getCustomer } from '#app/.server/context.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { Breadcrumbs, type Crumb } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/**
 * The catalogue frame: breadcrumb (Products > category > type > class), the heading, and from
 * the type level on the 'BROWSE CATEGORY' and 'FILTER SUBCATEGORIES' sidebar. Names come from the
 * presenter's menu, never from the URL; an unknown id is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	const { presenter } = getCustomer(context)
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
	return { menu, category, type, cls, crumbs, heading }
}

/** The catalogue layout's data, for its child routes. */
export function useCatalogue() {
	const catalogue = useRouteLoaderData<typeof loader>('routes/portal/products/layout')
	if (!catalogue) throw new Error('useCatalogue outside the products layout')
	return catalogue
}

function Sidebar({
	menu,
	category,
	type,
	cls,
}: Pick<Route.ComponentProps['loaderData'], 'menu' | 'category' | 'type' | 'cls'>) {
	if (!category || !type) return null
	const filters = [
		{ label: `All ${type.name}`, to: `/products/${category.id}/${type.id}`, end: true },
		...type.classes.map((k) => ({
			label: k.name,
			to: `/products/${category.id}/${type.id}/${k.id}`,
			end: false,
		})),
	]
	const filterLinks = filters.map((f) => (
		<li key={f.to}>
			<NavLink to={f.to} end={f.end}>
				{f.label}
			</NavLink>
		</li>
	))
	return (
		<aside className="catalogue__sidebar">
			<nav aria-labelledby="browse-category">
				<h2 id="browse-category" className="sidebar__title">
					BROWSE CATEGORY
				</h2>
				<ul className="accordion">
					{menu.map((c) => (
						<li key={c.id}>
							{/* One open at a time: exclusive <details> group; the open one closes on click. */}
							<details name="browse-category" open={c.id === category.id}>
								<summary>{c.name}</summary>
								<ul>
									{c.types.map((t) => (
										<li key={t.id}>
											<NavLink to={`/products/${c.id}/${t.id}`}>{t.name}</NavLink>
										</li>
									))}
								</ul>
							</details>
						</li>
					))}
				</ul>
			</nav>
			<nav aria-labelledby="filter-subcategories" className="filter-subcategories">
				<h2 id="filter-subcategories" className="sidebar__title">
					FILTER SUBCATEGORIES
				</h2>
				<ul className="filter-subcategories__list">{filterLinks}</ul>
				<details className="filter-subcategories__dropdown">
					<summary>{cls ? cls.name : `All ${type.name}`}</summary>
					<ul>{filterLinks}</ul>
				</details>
			</nav>
		</aside>
	)
}

export default function ProductsLayout({ loaderData }: Route.ComponentProps) {
	const { crumbs, heading, menu, category, type, cls } = loaderData
	return (
		<div className="catalogue">
			<Breadcrumbs crumbs={crumbs} />
			<div className={type ? 'catalogue__body catalogue__body--sidebar' : 'catalogue__body'}>
				<Sidebar menu={menu} category={category} type={type} cls={cls} />
				<div className="catalogue__main">
					<h1>{heading}</h1>
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
