import { data, Outlet } from 'react-router'
import { type Route } from './+types/layout'
import { requireCustomer } from '#app/.server/auth.ts'
import { loadCart } from '#app/.server/cart.ts'
import { buildFooterLinks, buildNav } from '#app/.server/nav.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { TopNav } from '#app/components/top-nav.tsx'

export async function loader({ request }: Route.LoaderArgs) {
	const { presenter, session, config, settings } = await requireCustomer(request)
	// One round of parallel presenter calls; repeated reads come from the session cache.
	const [user, topbar, bottombar, menu, cart] = await Promise.all([
		presenter.users.getDetails(),
		presenter.content.getObjectSet('topbuttonbar'),
		presenter.content.getObjectSet('bottomlinkbar'),
		presenter.catalogue.getMenu(),
		loadCart(presenter, session),
	]).catch(toRouteError)
	const nav = buildNav(topbar, settings)
	const subtotal = cart.lines.reduce((sum, l) => sum + l.prodQty * l.unitPrice, 0)
	return data(
		{
			user: { firstName: user.name_first, lastName: user.name_last },
			nav,
			menu: nav.products ? menu : [],
			cart: nav.cart
				? { count: cart.lines.length, subtotal: nav.cartSubtotal ? subtotal : null }
				: null,
			footerLinks: buildFooterLinks(bottombar),
			format: { locale: settings.locale, currency: settings.currency },
			company: { name: config.company_name, abn: config.abn },
		},
		{ headers: cart.setCookie ? { 'Set-Cookie': cart.setCookie } : undefined },
	)
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
	return (
		<>
			<a className="skip-link" href="#main">
				Skip to content
			</a>
			<TopNav {...loaderData} />
			<main id="main" className="page">
				<Outlet />
			</main>
			<SiteFooter links={loaderData.footerLinks} company={loaderData.company} />
		</>
	)
}

export function ErrorBoundary() {
	return (
		<main id="main" className="page page--narrow">
			<GeneralErrorBoundary />
		</main>
	)
}
