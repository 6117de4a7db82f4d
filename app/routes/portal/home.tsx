import { setTimeout as wait } from 'node:timers/promises'
import { data, Form, redirect } from 'react-router'
import { type Route } from './+types/home'
import { HOME_INTENTS } from './home-intents.ts'
import { HomeIntentSchema } from './home.forms.ts'
import { getSession, startCustomer } from '#app/.server/request/context.ts'
import { canDefer, startDeferred } from '#app/.server/request/deferred.ts'
import { env } from '#app/.server/config/env.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { parseForm } from '#app/.server/request/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { BannerCarousel } from './banner-carousel.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Modal } from '#app/components/modal.tsx'
import { RecentlyOrdered, SHOW_RECENT } from './recently-ordered.tsx'
import { loadRecentlyOrdered } from '#app/.server/cart/recently-ordered.ts'
import { formatSecondsOfDay } from '#app/utils/format.ts'
import { Link } from 'react-router'

export async function loader({ request, context }: Route.LoaderArgs) {
	// Without JS, recently ordered is waited for from now up to RECENTLY_ORDERED_WAIT_MS (or until
	// the page's own data are in, if later); then the section links to it instead
	// (docs/decisions/068-reads-beside-the-session-check.md).
	const patience = wait(env().RECENTLY_ORDERED_WAIT_MS, 'pending' as const, { ref: false })
	const { presenter, ...customer } = startCustomer(context)
	const session = getSession(context).current
	// Deferred: a slow order history never holds the page up (docs/decisions/024). Started once the
	// settings are in (not for a customer without a cart), beside the page's own reads.
	const products = customer.settings
		.then((settings) => {
			if (settings.shopping_cart_disabled) return null
			const { money } = displayFormat(settings)
			const showPrices = !settings.hide_products_price
			return startDeferred(request, () =>
				loadRecentlyOrdered(presenter, settings.tax_inclusive),
			).then((found) => found.map((p) => ({ ...p, price: showPrices ? money(p.price) : null })))
		})
		.catch(() => null)
	const [user, homepage, settings] = await Promise.all([
		presenter.users.getDetails(),
		presenter.content.getObjectSet('homepage'),
		customer.settings,
	]).catch(toRouteError)
	const shown = displayFormat(settings)
	const recent = settings.shopping_cart_disabled ? null : products
	const banners = homepage
		.filter(
			(w) =>
				w.is_enabled && w.type_object.trim().toLowerCase() === 'clickable image' && w.object_value,
		)
		.map((w) => ({ src: w.object_value, alt: w.desc_object, href: w.object_value_2 }))
	const showBalances = homepage.some(
		(w) => w.is_enabled && w.label_object.trim().toLowerCase() === 'balances',
	)
	const statusMessage =
		user.account_status === 'On Hold'
			? settings.status_message_on_hold
			: user.account_status === 'Suspended'
				? settings.status_message_suspended
				: ''
	return {
		firstName: user.name_first,
		banners,
		balances: showBalances
			? {
					current: shown.money(user.current_balance),
					overdue: shown.money(user.balance_overdue),
					lastLoginDate: shown.date(user.last_login_date) || '-',
					lastLoginTime: formatSecondsOfDay(user.last_login_time),
				}
			: null,
		payNow: user.balance_overdue > 0 && !settings.pay_account_button_disabled,
		status:
			statusMessage && !session.get('statusAcknowledged')
				? { title: `Account Status ${user.account_status}`, message: statusMessage }
				: null,
		recent: canDefer(request)
			? recent
			: new URL(request.url).searchParams.has(SHOW_RECENT)
				? await recent
				: await Promise.race([recent, patience]),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const submission = await parseForm(request, HomeIntentSchema)
	if (submission.status !== 'success') throw data('Unknown action', { status: 400 })
	getSession(context).current.set('statusAcknowledged', true)
	return redirect('/')
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
	const { firstName, banners, balances, payNow, status, recent } = loaderData
	return (
		<div className="home">
			<h1>Hi {firstName}! Welcome to your Trade Portal</h1>
			{banners.length > 0 ? <BannerCarousel banners={banners} /> : null}
			{balances ? (
				<section className="cards" aria-label="Account balances">
					<article className="card">
						<h2 className="card__title">Current Balance</h2>
						<p className="card__figure">{balances.current}</p>
					</article>
					<article className="card">
						<h2 className="card__title">Overdue Balance</h2>
						<p className="card__figure">{balances.overdue}</p>
						{payNow ? (
							<Link className="button button--primary" to="/pay-account">
								Pay Now
							</Link>
						) : null}
					</article>
					<article className="card">
						<h2 className="card__title">Last Login</h2>
						<p className="card__figure">{balances.lastLoginDate}</p>
						<p className="card__detail">{balances.lastLoginTime}</p>
					</article>
				</section>
			) : null}
			{recent ? <RecentlyOrdered products={recent} /> : null}
			{status ? (
				<Modal title={status.title} dismissible={false}>
					<p>{status.message}</p>
					<Form method="post">
						<button
							className="button button--primary"
							type="submit"
							name="intent"
							value={HOME_INTENTS.acknowledgeStatus}
						>
							OK
						</button>
					</Form>
				</Modal>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Home | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
