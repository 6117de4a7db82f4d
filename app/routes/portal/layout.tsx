import { createHash } from 'node:crypto'
import { useEffect } from 'react'
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import { type Route } from './+types/layout'
import { customerMiddleware, startCustomer } from '#app/.server/request/context.ts'
import { buildFooterLinks, buildNav } from '#app/.server/catalogue/nav.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { outageNote } from '#app/.server/presenter/stale.ts'
import { newSubmissionKey } from '#app/.server/request/submissions.ts'
import { pendingRequests } from '#app/.server/orders/index.ts'
import { salesMayAddJobs } from '#app/.server/jobs/index.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FlashMessage } from '#app/components/flash-message.tsx'
import { LazyOutageBanner } from '#app/components/lazy-unavailable.tsx'
import { setIsland } from '#app/components/html-island.server.ts'
import { PRODUCT_MENU } from '#app/components/product-menu.tsx'
import { menuMarkup } from '#app/components/product-menu.server.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { TopNav } from '#app/components/top-nav.tsx'
import { cartTotals } from '#app/utils/money.ts'
import { afterConflict } from '#app/utils/revalidate.ts'
import { branchToday } from '#app/utils/input-date.ts'

/** Every route below needs a signed-in customer: resolved once per request, in the context. */
export const middleware: Route.MiddlewareFunction[] = [customerMiddleware]

/** Whether the page on screen carries the outage banner (with JS: the layout then reads again). */
let outageShown = false

/**
 * After a 409 the header's cart is read again with the page (a line added in another tab). While
 * the outage banner shows, the layout is read with every page, so it goes when the system is back.
 */
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) =>
	afterConflict(args) || outageShown

export async function loader({ context }: Route.LoaderArgs) {
	const { presenter, config, cart, identity, ...customer } = startCustomer(context)
	// One round of parallel presenter calls, beside the session check and the settings; repeated
	// reads come from the session cache. The count of the customer's requests waiting for approval
	// alongside (a local read): administrators see it in the menu (decision 059); and whether sales
	// users may add jobs (decision 067).
	const [user, topbar, bottombar, menu, lines, pending, salesAddJobs, settings] = await Promise.all(
		[
			presenter.users.getDetails(),
			presenter.content.getObjectSet('topbuttonbar'),
			presenter.content.getObjectSet('bottomlinkbar'),
			presenter.catalogue.getMenu(),
			cart.lines(),
			pendingRequests(identity.customerId),
			salesMayAddJobs(identity.customerId),
			customer.settings,
		],
	).catch(toRouteError)
	const nav = buildNav(topbar, settings, user.roleID)
	const approvals = user.roleID === 'admin' ? pending : null
	// My Account → Jobs for those who may add jobs: administrators, and sales users when the
	// customer lets them (decision 067).
	const jobs = user.roleID === 'admin' || salesAddJobs
	// The menu goes to the server render, not into the payload (an island).
	if (nav.products) setIsland(context, PRODUCT_MENU, menuMarkup(menu))
	// The lines' extended prices as the cart shows them.
	const totals = cartTotals(lines, settings.tax_inclusive)
	const subtotal = settings.tax_inclusive ? totals.total : totals.subtotal
	return {
		user: {
			firstName: user.name_first,
			lastName: user.name_last,
			/** The user's own address: what the Email dialogs offer (document-dialogs.tsx). */
			email: user.userEmailAddress,
			// Names this user's drafts and saved documents in the browser, without naming the user.
			key: createHash('sha256')
				.update(`${identity.customerId}/${identity.username}`)
				.digest('base64url')
				.slice(0, 16),
		},
		nav,
		approvals,
		jobs,
		cart: nav.cart
			? {
					count: lines.length,
					subtotal: nav.cartSubtotal ? displayFormat(settings).money(subtotal) : null,
				}
			: null,
		footerLinks: buildFooterLinks(bottombar),
		/** Today at the branches: the first day a delivery date may be (components/branch-today.ts). */
		today: branchToday(),
		/** Served from last good copies: the presenter is down (decision 064). */
		outage: outageNote(presenter.staleSince(), settings.locale),
		/** The page's language (<html lang>, in root.tsx). */
		format: { locale: settings.locale },
		company: { name: config.company_name, abn: config.abn },
		/**
		 * The key of every form on the page (<SubmissionKey />). New whenever this loader runs, which
		 * is after every action too: a form sent again after its answer is a new submission.
		 */
		submissionKey: newSubmissionKey(),
	}
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
	const outage = loaderData.outage !== null
	useEffect(() => {
		outageShown = outage
	}, [outage])
	return (
		<>
			<a className="skip-link" href="#main">
				Skip to content
			</a>
			<TopNav {...loaderData} />
			<main id="main" className="page">
				{loaderData.outage ? <LazyOutageBanner at={loaderData.outage.at} /> : null}
				<FlashMessage />
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
