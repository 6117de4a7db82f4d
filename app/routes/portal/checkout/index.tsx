import { getFormProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { Form, Link, useFetcher, type ShouldRevalidateFunction } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/index'
import { CHECKOUT_INTENTS } from './intents.ts'
import type { checkoutSchema } from './checkout.forms.ts'
import { checkoutAction, checkoutData } from './checkout.server.ts'
import { CHECKOUT, currentPreview, DeliveryPreviewPanel, RESULT_ID } from './delivery-preview.tsx'
import { loadedWhenShown } from '#app/components/lazy.tsx'
import { SiteAddressPicker } from './site-address-picker.tsx'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorSummary, FormErrorDialog, StatusButton } from '#app/components/forms.tsx'
import {
	CheckboxField,
	DateField,
	RequiredLegend,
	SelectField,
	TextareaField,
	TextField,
} from '#app/components/form-fields.tsx'
import { OrderSummary } from '#app/components/order-summary.tsx'
import { approvalReason } from '#app/utils/approvals.ts'
import { afterConflict } from '#app/utils/revalidate.ts'

type CheckoutSchema = ReturnType<typeof checkoutSchema>

/** 'Use job': loaded when the Job choice shows, out of the page's first load. */
const UseJob = loadedWhenShown(
	() => import('./use-job.tsx').then((m) => m.UseJob),
	'.job-choice',
	<button type="button" className="button" disabled>
		Use job
	</button>,
)

/** Shown only while the ordering system is down: loaded then, out of the page's first load. */
const SendLater = loadedWhenShown(
	() => import('./send-later.tsx').then((m) => m.SendLater),
	'.checkout__queue',
)

export function loader({ request, context }: Route.LoaderArgs) {
	return checkoutData(request, context)
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
	const { today } = d
	const check = useBrowserCheck<CheckoutSchema>(() =>
		import('./checkout.forms.ts').then(
			(m) => (formData: FormData) =>
				m.checkoutSchema({
					methods: d.methods,
					settings: d.rules,
					despatchType: String(formData.get('shipping.despatchType') ?? ''),
					today,
					jobs: d.jobs,
				}),
		),
	)
	const [form, fields] = useForm<z.input<CheckoutSchema>, z.output<CheckoutSchema>>({
		id: 'checkout',
		lastResult: result,
		defaultValue: {
			job: d.jobs.last ?? '',
			...(d.shipping ? { shipping: d.shipping } : {}),
			delivery: {
				branch: d.defaults.branch ? String(d.defaults.branch) : '',
				clientEmail: d.defaults.email,
				contactName: d.defaults.contactName,
				...(d.defaults.contactPhone ? { contactPhone: d.defaults.contactPhone } : {}),
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
	// The ordering system is down, as the page was read or as the last submission found it.
	const down = d.down || Boolean(actionData && 'down' in actionData && actionData.down)
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
					{d.jobs.open.length || d.jobs.required ? (
						<div className="job-choice">
							<SelectField
								meta={fields.job}
								label="Job"
								options={d.jobs.open.map((j) => ({ value: j.id, label: j.label }))}
								placeholder={d.jobs.required ? 'Select a job' : 'No job'}
								hint="Choose a job to fill in the delivery details"
								required={d.jobs.required}
							/>
							<UseJob jobs={d.jobs.open} intent={CHECKOUT_INTENTS.useJob} />
						</div>
					) : null}
					<fieldset>
						<legend>Shipping Details</legend>
						<SelectField
							meta={shipping.despatchType}
							label={`${d.wording.despatch} type`}
							options={d.methods.map((m) => ({ value: m.methodName, label: m.methodDesc }))}
							placeholder={`Select a ${d.wording.despatch.toLowerCase()} type`}
							required
						/>
						<button
							type="submit"
							name="intent"
							value={CHECKOUT_INTENTS.refresh}
							formNoValidate
							className="button no-js-only"
						>
							Update
						</button>
						<TextField
							meta={shipping.deliveryTo}
							label="Delivery To"
							autoComplete="name"
							required
						/>
						{mode !== 'pickup' ? (
							<>
								<SiteAddressPicker addresses={d.siteAddresses} />
								<TextField
									meta={shipping.address}
									label="Address"
									autoComplete="street-address"
									required
								/>
								<TextField
									meta={shipping.suburb}
									label="Suburb"
									autoComplete="address-level2"
									required
								/>
								<SelectField
									meta={shipping.state}
									label="State"
									options={d.states.map((s) => ({ value: s.stateID, label: s.stateName }))}
									placeholder="Select a state"
									required
								/>
								<TextField
									meta={shipping.zipCode}
									label={d.wording.zipCode}
									autoComplete="postal-code"
									inputMode="numeric"
									required={d.zipRequired}
								/>
							</>
						) : null}
						<TextField meta={shipping.reference} label="Reference" />
						<TextareaField meta={shipping.notes} label="Notes" rows={3} />
					</fieldset>
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
					<fieldset>
						<legend>Contact</legend>
						<TextField
							meta={delivery.contactName}
							label="Contact name"
							autoComplete="name"
							required
						/>
						<TextField
							meta={delivery.contactPhone}
							label="Contact phone"
							type="tel"
							autoComplete="tel"
							required
						/>
						<TextField
							meta={delivery.contactMobile}
							label="Contact mobile"
							type="tel"
							autoComplete="tel"
						/>
						<TextField
							meta={delivery.clientEmail}
							label="Email"
							type="email"
							autoComplete="email"
						/>
						<DateField
							meta={delivery.requiredDate}
							label="Required date"
							locale={d.format.locale}
							min={today}
							required
						/>
						<TextField
							meta={delivery.requiredTime}
							label="Required time (24-hour, e.g. 7:30)"
							placeholder="H:mm"
							inputMode="numeric"
							required
						/>
					</fieldset>
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
					{down ? <SendLater delivery={mode === 'delivery'} /> : null}
				</OrderSummary>
			</Form>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Order Details | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
