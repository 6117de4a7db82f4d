import { getFormProps, parse, useForm } from '@conform-to/react'
import { useState } from 'react'
import { data, Form, redirectDocument } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type z } from 'zod'
import { type Route } from './+types/pay-account'
import { PaymentSchema, ReferenceSchema } from './pay-account.forms.ts'
import { paymentProvider, readPrefill, requirePayAccount } from './pay-account.server.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { formError, invalid, parseForm, presenterFailure } from '#app/.server/request/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { publicOrigin } from '#app/.server/request/public-origin.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrorDialog, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { TextField } from '#app/components/form-fields.tsx'
import { ErrorDialog } from '#app/components/modal.tsx'
import { openWindriverCheckout } from './windriver-checkout.ts'
import { formatMoney } from '#app/utils/format.ts'
import { aboveBalanceNote, PAYMENT_MESSAGES, readAmount } from '#app/utils/payment.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings, identity } = await getCustomer(context)
	requirePayAccount(settings)
	// The prefill's invoice or statement in the same parallel round as the balances.
	const aged = presenter.payments.getAgedBalances()
	const overdue = aged.then((b) => b.overdueBalance)
	overdue.catch(() => {})
	const shown = displayFormat(settings)
	const [user, balances, prefill] = await Promise.all([
		presenter.users.getDetails(),
		aged,
		readPrefill(presenter, pageUrl(request).searchParams, identity.customerId, overdue, shown),
	]).catch(toRouteError)
	return {
		status: user.account_status,
		balances: {
			total: shown.money(balances.totalBalance),
			overdue: shown.money(balances.overdueBalance),
			aged: BUCKETS.map(([label, key]) => ({ label, amount: shown.money(balances[key]) })),
		},
		// The amount as the page shows money; the form reads it back (readAmount).
		prefill: { ...prefill, amount: shown.money(prefill.amount) },
		/** What an amount above it is said against, as it is typed. */
		totalBalance: balances.totalBalance,
		provider: paymentProvider(settings),
		windriverKey: settings.windriver_checkout_key,
		currency: settings.currency,
		locale: settings.locale,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { presenter, settings } = await getCustomer(context)
	requirePayAccount(settings)
	if (paymentProvider(settings) === 'windriver') {
		// Only reached without JS: windriver's checkout is its script in the browser.
		const submission = await parseForm(request, ReferenceSchema, { maxFields: 10 })
		return formError(submission, WINDRIVER_NEEDS_JS)
	}
	const submission = await parseForm(request, PaymentSchema, { maxFields: 10 })
	if (submission.status !== 'success') return invalid(submission)
	// An amount above the balance is said before it is paid: without JS the page comes back
	// saying so (with JS it says so as it is typed), and the same amount sent again is paid.
	const { amount, aboveBalance } = submission.value
	const balance = await presenter.payments.getAgedBalances().catch(toRouteError)
	const note = aboveBalanceNote(amount, balance.totalBalance, displayFormat(settings).money)
	const said = aboveBalance === undefined ? null : readAmount(aboveBalance)
	const confirmed = said !== null && 'amount' in said && said.amount === amount
	if (note && !confirmed)
		return data(submission.reply({ fieldErrors: { aboveBalance: [note] } }), { status: 400 })
	// The customer is the session's; the callbacks are this portal's own pages, at its configured
	// address (never the request's Host, which the client chooses).
	const origin = publicOrigin()
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

/** The reference's default is {customerId}-{transactionNumber}-{suffix}, or {customerId}-0-0. */
const REFERENCE_HINT =
	'Your account number, then the invoice number and suffix (0-0 for none). It shows on your statement.'

const BUCKETS = [
	['Current', 'currentBalance'],
	['30 Days', 'day30Balance'],
	['60 Days', 'day60Balance'],
	['90 Days', 'day90Balance'],
	['120 Days', 'day120Balance'],
] as const

export default function PayAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { status, balances, prefill, provider, windriverKey, currency, locale } = loaderData
	const defaultAmount = prefill.amount
	// The amount as typed (the server's reply keeps what was sent), and what is said when it is
	// above the balance: before paying, as it is typed with JS; in the page the server sent back
	// without.
	const sent = actionData?.initialValue?.amount
	const [typed, setTyped] = useState(typeof sent === 'string' ? sent : defaultAmount)
	const read = readAmount(typed)
	const above =
		provider === 'windcave' && 'amount' in read
			? aboveBalanceNote(read.amount, loaderData.totalBalance, (n) =>
					formatMoney(n, locale, currency),
				)
			: null
	// The same reading as the server's, so 'Proceed to Payment' is enabled only while the payment is
	// valid and, as it dims, the field says why; without JS the server refuses an
	// invalid payment with the message beside the field.
	const check = (value: { reference?: unknown; amount?: unknown }) => {
		const error: Record<string, string[]> = {}
		if (!String(value.reference ?? '').trim()) error.reference = [PAYMENT_MESSAGES.reference]
		const amount = provider === 'windcave' ? readAmount(String(value.amount ?? '')) : null
		if (amount && 'error' in amount) error.amount = [amount.error]
		return error
	}
	const [form, fields] = useForm<z.input<typeof PaymentSchema>>({
		id: 'payment',
		lastResult: actionData,
		defaultValue: { reference: prefill.reference, amount: defaultAmount },
		shouldValidate: 'onInput',
		onValidate: ({ formData }) =>
			parse(formData, {
				resolve: (value) => {
					const error = check(value)
					return Object.keys(error).length
						? { error }
						: { value: value as z.input<typeof PaymentSchema> }
				},
			}),
	})
	const [valid, setValid] = useState(
		() => Object.keys(check({ reference: prefill.reference, amount: defaultAmount })).length === 0,
	)
	const formProps = getFormProps(form)
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
					<p className="card__figure">{balances.total}</p>
				</article>
				<article className="card">
					<h2 className="card__title">Overdue Balance</h2>
					<p className="card__figure">{balances.overdue}</p>
				</article>
			</section>
			<section aria-labelledby="aging-title">
				<h2 id="aging-title">Aged Balances</h2>
				<dl className="aging">
					{balances.aged.map(({ label, amount }) => (
						<div key={label} className="aging__bucket">
							<dt>{label}</dt>
							<dd>{amount}</dd>
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
					{...formProps}
					// windcave: conform checks the form and the router posts it; windriver: its checkout.
					onSubmit={
						provider === 'windriver'
							? (event) => {
									event.preventDefault()
									const reference = String(new FormData(event.currentTarget).get('reference'))
									openWindriverCheckout({
										key: windriverKey,
										reference: reference.trim(),
										currency,
									}).catch((error: Error) => setCheckoutError(error.message))
								}
							: formProps.onSubmit
					}
					onChange={(event) => {
						const data = new FormData(event.currentTarget)
						setTyped(String(data.get('amount') ?? ''))
						setValid(
							Object.keys(check({ reference: data.get('reference'), amount: data.get('amount') }))
								.length === 0,
						)
					}}
				>
					<SubmissionKey />
					<TextField
						meta={fields.reference}
						label="Payment Reference"
						maxLength={64}
						hint={REFERENCE_HINT}
					/>
					{provider === 'windcave' ? (
						// Text, not a number input: it shows the amount as money ($22,007.58) and takes it
						// back as typed.
						<TextField
							meta={fields.amount}
							label="Amount"
							inputMode="decimal"
							autoComplete="transaction-amount"
							spellCheck={false}
							hint={above}
						/>
					) : null}
					{above ? <input type="hidden" name="aboveBalance" value={typed} /> : null}
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
