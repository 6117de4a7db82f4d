import { Link, redirect } from 'react-router'
import { type Route } from './+types/payment-result'
import { getCustomer } from '#app/.server/context.ts'
import { isPresenterError, toRouteError } from '#app/.server/presenter/index.ts'
import { type PaymentStatus } from '#app/.server/presenter/contract/payments.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { formatMoney } from '#app/utils/format.ts'

/** The three result pages (spec part 2 §2 Payment results) and the outcome each reports. */
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

const pageOf = (pathname: string) =>
	(Object.keys(PAGES) as Page[]).find((p) => p === pathname.toLowerCase()) ?? '/payment-complete'

/**
 * Each page asks the presenter what became of the payment session (?sessionId=) and shows its
 * amount and reference. Recording the payment is the provider's and presenter's business, so a
 * reload asks again and records nothing. A session whose outcome is another page's goes there: a
 * typed-in /payment-complete cannot claim a declined payment succeeded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings } = getCustomer(context)
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
	const actual = payment
		? (Object.keys(PAGES) as Page[]).find((p) => PAGES[p].status === payment.status)
		: undefined
	if (actual && actual !== page) throw redirect(`${actual}?${url.searchParams}`)
	return {
		...PAGES[page],
		payment: payment && {
			amount: formatMoney(payment.paymentAmount, settings.locale, settings.currency),
			reference: payment.paymentReference,
		},
	}
}

export default function PaymentResultRoute({ loaderData }: Route.ComponentProps) {
	const { title, text, payment } = loaderData
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
