import { getFormProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { Form, redirectDocument } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type z } from 'zod'
import { type Route } from './+types/pay-account'
import {
	PaymentSchema,
	paymentProvider,
	ReferenceSchema,
	readPrefill,
	requirePayAccount,
} from './pay-account.server.ts'
import { getCustomer } from '#app/.server/context.ts'
import { formError, invalid, parseForm, presenterFailure } from '#app/.server/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog, StatusButton, TextField } from '#app/components/forms.tsx'
import { ErrorDialog } from '#app/components/modal.tsx'
import { openWindriverCheckout } from '#app/components/windriver-checkout.ts'
import { formatMoney } from '#app/utils/format.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings, identity } = getCustomer(context)
	requirePayAccount(settings)
	// The prefill's invoice or statement in the same parallel round as the balances.
	const aged = presenter.payments.getAgedBalances()
	const overdue = aged.then((b) => b.overdueBalance)
	overdue.catch(() => {})
	const [user, balances, prefill] = await Promise.all([
		presenter.users.getDetails(),
		aged,
		readPrefill(presenter, pageUrl(request).searchParams, identity.customerId, overdue),
	]).catch(toRouteError)
	return {
		status: user.account_status,
		balances,
		prefill,
		provider: paymentProvider(settings),
		windriverKey: settings.windriver_checkout_key,
		format: { locale: settings.locale, currency: settings.currency },
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { presenter, settings } = getCustomer(context)
	requirePayAccount(settings)
	if (paymentProvider(settings) === 'windriver') {
		// Only reached without JS: windriver's checkout is its script in the browser.
		const submission = await parseForm(request, ReferenceSchema, { maxFields: 10 })
		return formError(submission, WINDRIVER_NEEDS_JS)
	}
	const submission = await parseForm(request, PaymentSchema, { maxFields: 10 })
	if (submission.status !== 'success') return invalid(submission)
	// The customer is the session's; the callbacks are this portal's own pages.
	const origin = pageUrl(request).origin
	try {
		const address = await presenter.payments.createSession(submission.value, {
			approved: `${origin}/payment-complete`,
			declined: `${origin}/payment-fail`,
			cancelled: `${origin}/payment-cancelled`,
		})
		// The provider's page is not one of ours: a whole-document navigation, with or without JS.
		return redirectDocument(address)
	} catch (error) {
		return presenterFailure(submission, error, 'Unable to send request')
	}
}

const WINDRIVER_NEEDS_JS =
	"Paying by card opens the provider's checkout, which needs JavaScript. Turn JavaScript on to pay, or call us to pay by phone."

const BUCKETS = [
	['Current', 'currentBalance'],
	['30 Days', 'day30Balance'],
	['60 Days', 'day60Balance'],
	['90 Days', 'day90Balance'],
	['120 Days', 'day120Balance'],
] as const

export default function PayAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { status, balances, prefill, provider, windriverKey, format } = loaderData
	const money = (n: number) => formatMoney(n, format.locale, format.currency)
	const [form, fields] = useForm<z.input<typeof PaymentSchema>>({
		id: 'payment',
		lastResult: actionData,
		defaultValue: { reference: prefill.reference, amount: prefill.amount.toFixed(2) },
	})
	// 'Proceed to Payment' is enabled only while the payment is valid (spec part 2 §4); without JS
	// the server refuses an invalid one with the message beside the field.
	const validity = (reference: string, amount: string) =>
		reference.trim() !== '' && (provider === 'windriver' || Number(amount) > 0)
	const [valid, setValid] = useState(() => validity(prefill.reference, prefill.amount.toFixed(2)))
	const hydrated = useHydrated()
	const [checkoutError, setCheckoutError] = useState<string | null>(null)
	return (
		<div className="pay-account">
			<h1>Pay Account</h1>
			<section className="cards" aria-label="Account">
				<article className="card">
					<h2 className="card__title">Account Status</h2>
					<p className="card__figure">
						{status === 'Active' ? 'Active' : `Not active (${status})`}
					</p>
				</article>
				<article className="card">
					<h2 className="card__title">Total Balance</h2>
					<p className="card__figure">{money(balances.totalBalance)}</p>
				</article>
				<article className="card">
					<h2 className="card__title">Overdue Balance</h2>
					<p className="card__figure">{money(balances.overdueBalance)}</p>
				</article>
			</section>
			<section aria-labelledby="aging-title">
				<h2 id="aging-title">Aged Balances</h2>
				<dl className="aging">
					{BUCKETS.map(([label, key]) => (
						<div key={key} className="aging__bucket">
							<dt>{label}</dt>
							<dd>{money(balances[key])}</dd>
						</div>
					))}
				</dl>
			</section>
			<section className="pay-form" aria-labelledby="pay-title">
				<h2 id="pay-title">Make a Payment</h2>
				{prefill.note ? <p className="pay-form__note">{prefill.note}</p> : null}
				<FormErrorDialog result={actionData} errors={form.errors} closeTo="/pay-account" />
				{checkoutError ? (
					<ErrorDialog
						message={checkoutError}
						closeTo="/pay-account"
						onClose={() => setCheckoutError(null)}
					/>
				) : null}
				{provider === 'windriver' ? (
					<noscript>
						<p className="form-error">{WINDRIVER_NEEDS_JS}</p>
					</noscript>
				) : null}
				<Form
					method="post"
					{...getFormProps(form)}
					onSubmit={
						provider === 'windriver'
							? (event) => {
									event.preventDefault()
									const reference = String(new FormData(event.currentTarget).get('reference'))
									openWindriverCheckout({
										key: windriverKey,
										reference: reference.trim(),
										currency: format.currency,
									}).catch((error: Error) => setCheckoutError(error.message))
								}
							: undefined
					}
					onChange={(event) => {
						const data = new FormData(event.currentTarget)
						setValid(
							validity(String(data.get('reference') ?? ''), String(data.get('amount') ?? '')),
						)
					}}
				>
					<TextField meta={fields.reference} label="Payment Reference" maxLength={64} />
					{provider === 'windcave' ? (
						<TextField
							meta={fields.amount}
							label="Amount"
							type="number"
							inputMode="decimal"
							min="0.01"
							step="0.01"
						/>
					) : null}
					<StatusButton className="button button--primary" disabled={hydrated && !valid}>
						Proceed to Payment
					</StatusButton>
				</Form>
			</section>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Pay Account | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
