import { getFormProps, useForm } from '@conform-to/react'
import { randomUUID } from 'node:crypto'
import { useState } from 'react'
import { data, Form, Link, redirect, useFetcher, type ShouldRevalidateFunction } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/index'
import { CHECKOUT_INTENTS } from './intents.ts'
import type { checkoutSchema } from './checkout.forms.ts'
import { useBranchToday } from '#app/components/branch-today.ts'
import { checkoutAction } from './checkout.server.ts'
import { CHECKOUT, currentPreview, DeliveryPreviewPanel, RESULT_ID } from './delivery-preview.tsx'
import { getCustomer } from '#app/.server/request/context.ts'
import { limitRules } from '#app/.server/orders/index.ts'
import { canDefer, startDeferred } from '#app/.server/request/deferred.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { loadSiteAddresses } from '#app/.server/orders/site-addresses.ts'
import { taxWording } from '#app/.server/display/wording.ts'
import { ContactFields, ShippingFields } from './checkout-fields.tsx'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorSummary, FormErrorDialog, StatusButton } from '#app/components/forms.tsx'
import { CheckboxField, RequiredLegend, SelectField } from '#app/components/form-fields.tsx'
import { OrderSummary } from '#app/components/order-summary.tsx'
import { approvalReason } from '#app/utils/approvals.ts'
import { afterConflict } from '#app/utils/revalidate.ts'
import { cartTotals } from '#app/utils/money.ts'

type CheckoutSchema = ReturnType<typeof checkoutSchema>

export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings, cart, identity } = await getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('Not Found', { status: 404 })
	// A convenience the checkout works without; deferred with JS, as it reads the order history
	// (list, then details: docs/decisions/024).
	const siteAddresses = startDeferred(request, () => loadSiteAddresses(presenter)).catch(() => [])
	const [lines, user, methods, vehicles, branches, states] = await Promise.all([
		cart.lines(),
		presenter.users.getDetails(),
		presenter.checkout.getDespatchMethods(),
		presenter.checkout.getVehicleTypes(),
		presenter.checkout.getOrderBranches(),
		presenter.auth.getStates(),
	]).catch(toRouteError)
	if (!lines.length) throw redirect('/cart')
	const totals = cartTotals(lines, settings.tax_inclusive)
	return {
		// The user's order limits, which the summary applies to the total it shows (decision 059).
		limits: await limitRules(presenter, identity, user),
		cartTotal: totals.total,
		// One checkout attempt: every submission of this form carries it (docs/decisions/008).
		attempt: randomUUID(),
		lineCount: lines.length,
		totals: settings.hide_finalise_price ? null : totals,
		wording: taxWording(settings),
		// The zip code is required only in tax mode.
		zipRequired: settings.tax_mode,
		// What the form's rules depend on, for the browser's check (checkout.forms.ts).
		rules: { tax_mode: settings.tax_mode, locale: settings.locale },
		format: { locale: settings.locale, currency: settings.currency },
		methods,
		vehicles,
		branches,
		states,
		siteAddresses: canDefer(request) ? siteAddresses : await siteAddresses,
		defaults: {
			branch: settings.initial_branchID,
			email: user.userEmailAddress,
			contactName: `${user.name_first} ${user.name_last}`,
		},
	}
}

export function action({ request, context }: Route.ActionArgs) {
	return checkoutAction(request, context)
}

/**
 * A delivery preview fetched with JS changes nothing the page loaded; a submission refused because
 * the total or the order's need for approval changed shows the cart and limits as they are now.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
	args.formData?.get('intent') === CHECKOUT_INTENTS.delivery ? false : afterConflict(args)

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
	const d = loaderData
	// 'Calculate delivery' with JS: the same action through a fetcher, the page stays as it is.
	const fetcher = useFetcher<typeof action>()
	// The form shows whichever answered last: a submission or the fetcher's preview.
	const [seen, setSeen] = useState({
		action: actionData,
		fetcher: fetcher.data,
		result: actionData,
	})
	if (seen.fetcher !== fetcher.data || seen.action !== actionData) {
		// Both at once: the preview was asked for after the submission (a field's check on blur).
		const newest = seen.fetcher !== fetcher.data ? (fetcher.data ?? seen.result) : actionData
		setSeen({ action: actionData, fetcher: fetcher.data, result: newest })
	}
	const { result } = seen
	// The action's rules for the despatch method the form has chosen.
	const today = useBranchToday()
	const check = useBrowserCheck<CheckoutSchema>(() =>
		import('./checkout.forms.ts').then(
			(m) => (formData: FormData) =>
				m.checkoutSchema({
					methods: d.methods,
					settings: d.rules,
					despatchType: String(formData.get('shipping.despatchType') ?? ''),
					today,
				}),
		),
	)
	const [form, fields] = useForm<z.input<CheckoutSchema>, z.output<CheckoutSchema>>({
		id: 'checkout',
		lastResult: result,
		defaultValue: {
			delivery: {
				branch: d.defaults.branch ? String(d.defaults.branch) : '',
				clientEmail: d.defaults.email,
				contactName: d.defaults.contactName,
			},
		},
		// The rules of the despatch method the form has chosen, the action's own.
		...check,
		// Checked in the browser when sent, then as each field changes: a check when a field is left
		// moved the buttons under the pointer (a message came or went), and the click was lost.
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const shipping = fields.shipping.getFieldset()
	const delivery = fields.delivery.getFieldset()
	const method = d.methods.find((m) => m.methodName === shipping.despatchType.value)
	const mode = method ? (method.delivery ? 'delivery' : 'pickup') : null
	// The delivery calculated for what the form says now (none once the address or vehicle changed).
	// The newest answer's delivery: a refused Confirm Order's (the total it would place) over an
	// older 'Calculate delivery'.
	const latest =
		(result === actionData ? actionData?.delivery : undefined) ??
		fetcher.data?.delivery ??
		actionData?.delivery
	const preview = currentPreview(latest, {
		despatchType: shipping.despatchType.value,
		address: shipping.address.value,
		suburb: shipping.suburb.value,
		state: shipping.state.value,
		zipCode: shipping.zipCode.value,
		vehicleType: String(delivery.vehicleType.value ?? ''),
	})
	// The Order Summary: with a delivery, its charge as a line once calculated; the Total is then
	// what Confirm Order places, and the form sends it so nothing else is placed.
	const totals = mode === 'delivery' && preview?.totals ? preview.totals : d.totals
	const deliveryCharge =
		mode === 'delivery' && d.totals ? (preview ? preview.chargeExTax : 'pending') : undefined
	// Over the user's limits, Confirm Order sends the order for approval instead (decision 059).
	const approval = approvalReason(d.limits, totals ? totals.total : d.cartTotal, d.format)
	// The fields a delivery is priced from, with their errors, beside the result.
	const deliveryErrors = [
		shipping.despatchType,
		shipping.address,
		shipping.suburb,
		shipping.state,
		shipping.zipCode,
		delivery.vehicleType,
	].flatMap((f) => (f.errors?.[0] ? [{ id: f.id, message: f.errors[0] }] : []))
	return (
		<div className="checkout-page">
			<p>
				<Link to="/cart">Back to Review Cart</Link>
			</p>
			<h1>Order Details</h1>
			{/* Its messages name their fields ('Please enter a Contact name'). */}
			<ErrorSummary form={form} />
			{/* Without JS, OK leads to the form below, everything typed kept. */}
			<FormErrorDialog result={result} errors={form.errors} closeTo="#checkout" />
			<Form method="post" {...getFormProps(form)} className="checkout">
				<input type="hidden" name="attempt" value={d.attempt} />
				{totals ? <input type="hidden" name="shownTotal" value={totals.total} /> : null}
				<div className="checkout__fields">
					<RequiredLegend />
					<ShippingFields
						shipping={shipping}
						mode={mode}
						wording={d.wording}
						methods={d.methods}
						states={d.states}
						siteAddresses={d.siteAddresses}
						zipRequired={d.zipRequired}
					/>
					{mode === 'delivery' ? (
						<fieldset>
							<legend>Delivery</legend>
							<CheckboxField meta={delivery.onsite} label="Contact will be on site" />
							<SelectField
								meta={delivery.vehicleType}
								label="Vehicle type"
								options={d.vehicles.map((v) => ({
									value: v.vehicleTypeID,
									label: v.vehicleTypeDesc,
								}))}
								placeholder="Select a vehicle type"
								required
							/>
							<StatusButton
								name="intent"
								value={CHECKOUT_INTENTS.delivery}
								formNoValidate
								// Without JS the answer is a new page: it opens at the result.
								formAction={`${CHECKOUT}#${RESULT_ID}`}
								pending={fetcher.state !== 'idle'}
								pendingLabel="Calculating..."
								onClick={(event) => {
									const button = event.currentTarget
									if (!button.form) return
									event.preventDefault()
									void fetcher.submit(new FormData(button.form, button), {
										method: 'POST',
										action: CHECKOUT,
									})
								}}
							>
								Calculate delivery
							</StatusButton>
							<DeliveryPreviewPanel
								preview={preview}
								errors={deliveryErrors}
								branches={d.branches}
								format={d.format}
							/>
						</fieldset>
					) : null}
					{mode === 'pickup' ? (
						<fieldset>
							<legend>Pickup</legend>
							<SelectField
								meta={delivery.branch}
								label="Branch"
								options={d.branches.map((b) => ({ value: b.branchID, label: b.branchName }))}
								placeholder="Select a branch"
								required
							/>
						</fieldset>
					) : null}
					<ContactFields delivery={delivery} locale={d.format.locale} today={today} />
				</div>
				<OrderSummary
					totals={totals}
					deliveryCharge={deliveryCharge}
					wording={d.wording}
					format={d.format}
					lineCount={d.lineCount}
				>
					{approval ? (
						<p className="checkout__approval" id="approval-reason">
							This order needs an administrator&rsquo;s approval: {approval}.
						</p>
					) : null}
					<div className="checkout__buttons">
						<StatusButton
							name="transactionType"
							value={approval ? 'Approval' : 'Order'}
							className="button button--primary button--block"
							aria-describedby={approval ? 'approval-reason' : undefined}
						>
							{approval ? 'Send for approval' : 'Confirm Order'}
						</StatusButton>
						<StatusButton name="transactionType" value="Quote" className="button button--block">
							Create Quote
						</StatusButton>
					</div>
				</OrderSummary>
			</Form>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Order Details | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
