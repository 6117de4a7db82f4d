import { data, Link, redirect } from 'react-router'
import { type Route } from './+types/payment-result'
import { getCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { isPresenterError, toRouteError } from '#app/.server/presenter/index.ts'
import { type PaymentStatus } from '#app/.server/presenter/contract/payments.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

/** The three result pages and the outcome each reports. */
const PAGES = {
	'/payment-complete': {
		status: 'approved',
		title: 'Payment successful',
		text: 'Thank you. Your payment will not show on your account until our finance team has processed it.',
	},
	'/payment-fail': {
		status: 'declined',
		title: 'Payment failed',
		text: 'Your transaction has failed. Please try again.',
	},
	'/payment-cancelled': {
		status: 'cancelled',
		title: 'Payment cancelled',
		text: 'You have cancelled your payment.',
	},
} as const satisfies Record<string, { status: PaymentStatus; title: string; text: string }>
type Page = keyof typeof PAGES

/** What a page says when it cannot tell what became of a payment of this customer's. */
const UNCONFIRMED = {
	title: 'We could not confirm this payment',
	text: 'If you have just paid, your payment will show on your account once our finance team has processed it. You can check your account here:',
}

const pageOf = (pathname: string) =>
	(Object.keys(PAGES) as Page[]).find((p) => p === pathname.toLowerCase()) ?? '/payment-complete'

/**
 * Each page asks the presenter what became of the payment session (?sessionId=) and says only
 * what it answers for this customer, with the payment's amount and reference. Recording the
 * payment is the provider's and presenter's business, so a reload asks again and records nothing.
 * A session whose outcome is another page's goes there: a typed-in /payment-complete cannot claim
 * a declined payment succeeded. No session id, an unknown one, another customer's or one still
 * open with the provider gets a page that claims nothing and points to the account (decision 045).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings, identity } = await getCustomer(context)
	const url = pageUrl(request)
	const page = pageOf(url.pathname)
	const sessionId = url.searchParams.get('sessionId')?.trim().slice(0, 100)
	let payment = null
	if (sessionId) {
		try {
			payment = await presenter.payments.querySession(sessionId)
		} catch (error) {
			if (!isPresenterError(error) || error.kind === 'transport') toRouteError(error)
		}
	}
	// The presenter answers only the session's own customer; the portal does not rely on it.
	if (payment && payment.idCust !== identity.customerId) payment = null
	const actual = payment
		? (Object.keys(PAGES) as Page[]).find((p) => PAGES[p].status === payment.status)
		: undefined
	const links = { payAccount: !settings.pay_account_button_disabled }
	if (!payment || !actual) {
		// A session id that names no payment of theirs is not found; a page without one is a page.
		const status = sessionId && !payment ? 404 : 200
		return data({ ...UNCONFIRMED, confirmed: false as const, payment: null, links }, { status })
	}
	if (actual !== page) throw redirect(`${actual}?${url.searchParams}`)
	return {
		title: PAGES[page].title,
		text: PAGES[page].text,
		confirmed: true as const,
		payment: {
			amount: displayFormat(settings).money(payment.paymentAmount),
			reference: payment.paymentReference,
		},
		links,
	}
}

export default function PaymentResultRoute({ loaderData }: Route.ComponentProps) {
	const { title, text, confirmed, payment, links } = loaderData
	return (
		<section className="payment-result" aria-labelledby="payment-result-title">
			<h1 id="payment-result-title">{title}</h1>
			<p>{text}</p>
			{payment ? (
				<dl className="payment-result__details">
					<div>
						<dt>Amount</dt>
						<dd>{payment.amount}</dd>
					</div>
					<div>
						<dt>Reference</dt>
						<dd>{payment.reference}</dd>
					</div>
				</dl>
			) : null}
			{confirmed ? null : (
				<ul className="payment-result__links">
					{links.payAccount ? (
						<li>
							<Link to="/pay-account">Pay Account</Link>
						</li>
					) : null}
					<li>
						<Link to="/statements">Statements</Link>
					</li>
					<li>
						<Link to="/invoices">Invoices</Link>
					</li>
				</ul>
			)}
			<Link className="button button--primary" to="/">
				Dashboard
			</Link>
		</section>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.title ?? 'Payment'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
