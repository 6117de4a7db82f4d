import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { randomUUID } from 'node:crypto'
import { useState } from 'react'
import { data, Form, Link, redirect, useFetcher, type ShouldRevalidateFunction } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/index'
import {
	ADDRESS_NOT_FOUND,
	checkoutSchema,
	deliveryPreviewSchema,
	placeOrder,
	presenterFailed,
	previewDelivery,
	type DeliveryPreview,
} from './checkout.server.ts'
import { completedAttempts } from '#app/.server/checkout.ts'
import { getCustomer, getSession } from '#app/.server/context.ts'
import { type PortalSession } from '#app/.server/session.ts'
import { canDefer, startDeferred } from '#app/.server/deferred.ts'
import { formError, invalid, readForm } from '#app/.server/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { loadSiteAddresses } from '#app/.server/site-addresses.ts'
import { taxWording } from '#app/.server/wording.ts'
import { SiteAddressPicker } from '#app/components/site-address-picker.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	CheckboxField,
	DateField,
	FormErrorDialog,
	RequiredLegend,
	SelectField,
	StatusButton,
	TextareaField,
	TextField,
} from '#app/components/forms.tsx'
import { OrderSummary } from '#app/components/order-summary.tsx'
import { formatMoney, type Currency, type Locale } from '#app/utils/format.ts'
import { cartTotals } from '#app/utils/totals.ts'

type CheckoutInput = z.input<ReturnType<typeof checkoutSchema>>

export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings, cart } = getCustomer(context)
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
	return {
		// One checkout attempt: every submission of this form carries it (docs/decisions/008).
		attempt: randomUUID(),
		lineCount: lines.length,
		totals: settings.hide_finalise_price ? null : cartTotals(lines, settings.tax_inclusive),
		wording: taxWording(settings),
		// The zip code is required only in tax mode (spec part 1 §5).
		zipRequired: settings.tax_mode,
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

/** The most placed transactions a session remembers for /checkout/complete. */
const PLACED_KEPT = 20

/** The confirmation of what this session placed (only it may show the transaction there). */
function complete(session: PortalSession, outcome: { type: string; number: number }) {
	const placed = session.get('placed') ?? []
	if (!placed.includes(outcome.number))
		session.set('placed', [outcome.number, ...placed].slice(0, PLACED_KEPT))
	return redirect(`/checkout/complete?type=${outcome.type}&number=${outcome.number}`)
}

/** The action's answer: the form's result, with the delivery 'Calculate delivery' found. */
type CheckoutReply = SubmissionResult<string[]> & { delivery?: DeliveryPreview }

export async function action({
	request,
	context,
}: Route.ActionArgs): Promise<Response | CheckoutReply | ReturnType<typeof data<CheckoutReply>>> {
	const { presenter, settings, cart } = getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('The cart is not available', { status: 403 })
	const formData = await readForm(request)
	const attempt = String(formData.get('attempt') ?? '')
	const session = getSession(context).current
	const done = completedAttempts.get(attempt)
	if (done) {
		cart.ordered()
		return complete(session, done)
	}
	const methods = await presenter.checkout.getDespatchMethods().catch(() => null)
	const despatchType = String(formData.get('shipping.despatchType') ?? '')
	const submission = parseWithZod(formData, {
		schema: checkoutSchema({ methods: methods ?? [], settings, despatchType }),
	})
	if (!methods) return formError(submission, 'deliveryMethods not available', 503)
	// 'Update' without JS: show the chosen despatch method's fields, keep what was typed, and the
	// default branch when none was chosen yet (the pickup fields were not on the page).
	if (formData.get('intent') === 'refresh') {
		const reply: SubmissionResult<string[]> = { ...submission.reply(), error: {} }
		const values = reply.initialValue as { delivery?: Record<string, string> } | null
		if (values && !values.delivery?.branch && settings.initial_branchID) {
			values.delivery = { ...values.delivery, branch: String(settings.initial_branchID) }
		}
		return reply
	}
	// 'Use address' without JS: the chosen previous site address in the address fields.
	if (formData.get('intent') === 'use-address') {
		const reply: SubmissionResult<string[]> = { ...submission.reply(), error: {} }
		const key = String(formData.get('siteAddress') ?? '')
		const chosen = (await loadSiteAddresses(presenter).catch(() => [])).find((a) => a.key === key)
		const values = reply.initialValue as { shipping?: Record<string, string> } | null
		if (values && chosen) {
			values.shipping = {
				...values.shipping,
				address: chosen.address,
				suburb: chosen.suburb,
				state: chosen.state,
				zipCode: chosen.postcode,
			}
		}
		return reply
	}
	// 'Calculate delivery': the charge, branch and distance for the address and vehicle typed, the
	// form kept as it is; errors only for the fields a delivery is priced from.
	if (formData.get('intent') === 'delivery') {
		const fields = parseWithZod(formData, {
			schema: deliveryPreviewSchema({ methods, settings, despatchType }),
		})
		const reply = (error: Record<string, string[] | null>, delivery?: DeliveryPreview) =>
			data({ ...submission.reply(), error, delivery }, { status: delivery ? 200 : 400 })
		if (fields.status !== 'success') return reply(fields.error ?? {})
		const preview = await previewDelivery({
			presenter,
			cart,
			settings,
			address: fields.value.shipping,
			vehicleType: fields.value.delivery.vehicleType ?? 0,
		}).catch(presenterFailed)
		if (preview && 'ok' in preview) return formError(submission, preview.message, preview.status)
		if (!preview) return reply({ 'shipping.address': [ADDRESS_NOT_FOUND] })
		return reply({}, preview)
	}
	if (submission.status !== 'success') return invalid(submission)
	const outcome = await placeOrder({
		presenter,
		cart,
		cartSessionId: session.get('cartSessionId'),
		settings,
		methods,
		values: submission.value,
	})
	if (!outcome.ok && outcome.field)
		return invalid(submission, { fieldErrors: { [outcome.field]: [outcome.message] } })
	if (!outcome.ok && outcome.delivery) {
		// The total changed from the one shown (the delivery was not calculated): the summary
		// shows the new one, to be confirmed.
		const reply = submission.reply({ formErrors: [outcome.message] }) as SubmissionResult<string[]>
		return data({ ...reply, delivery: outcome.delivery }, { status: outcome.status })
	}
	if (!outcome.ok) return formError(submission, outcome.message, outcome.status)
	return complete(session, outcome)
}

/** A delivery preview fetched with JS changes nothing the page loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
	formData,
	defaultShouldRevalidate,
}) => (formData?.get('intent') === 'delivery' ? false : defaultShouldRevalidate)

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
	const [form, fields] = useForm<CheckoutInput>({
		id: 'checkout',
		lastResult: result,
		defaultValue: {
			delivery: {
				branch: d.defaults.branch ? String(d.defaults.branch) : '',
				clientEmail: d.defaults.email,
				contactName: d.defaults.contactName,
			},
		},
		shouldRevalidate: 'onBlur',
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
			{/* Without JS, OK leads to the form below, everything typed kept. */}
			<FormErrorDialog result={result} errors={form.errors} closeTo="#checkout" />
			<Form method="post" {...getFormProps(form)} className="checkout">
				<input type="hidden" name="attempt" value={d.attempt} />
				{totals ? (
					<input type="hidden" name="shownTotal" value={Math.round(totals.total * 100)} />
				) : null}
				<div className="checkout__fields">
					<RequiredLegend />
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
							value="refresh"
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
								value="delivery"
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
					<div className="checkout__buttons">
						<StatusButton
							name="transactionType"
							value="Order"
							className="button button--primary button--block"
						>
							Confirm Order
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

/** Where the checkout posts; 'Calculate delivery' adds the result's fragment. */
const CHECKOUT = '/checkout'
const RESULT_ID = 'delivery-result'

/**
 * The preview if it was calculated for the despatch method, address and vehicle the form has now;
 * null once any of them changed.
 */
function currentPreview(
	preview: DeliveryPreview | undefined,
	current: Record<keyof DeliveryPreview['for'], string | undefined>,
) {
	if (!preview) return null
	const stale = Object.entries(preview.for).some(
		([key, value]) => String(value) !== (current[key as keyof typeof current] ?? '').trim(),
	)
	return stale ? null : preview
}

/**
 * What 'Calculate delivery' found: charge, branch and distance, for the address it names; or
 * what stopped it, each linked to its field. With JS it goes away as soon as the despatch method,
 * address or vehicle type is changed, so it is never shown stale.
 */
function DeliveryPreviewPanel({
	preview,
	errors,
	branches,
	format,
}: {
	preview: DeliveryPreview | null
	errors: Array<{ id: string; message: string }>
	branches: Array<{ branchID: number; branchName: string }>
	format: { locale: Locale; currency: Currency }
}) {
	const branch = preview && branches.find((b) => b.branchID === preview.branchID)
	return (
		<div id={RESULT_ID} aria-live="polite">
			{preview ? (
				<section aria-label="Delivery charge" className="delivery-preview">
					<p className="delivery-preview__to">
						To{' '}
						{[
							preview.for.address,
							preview.for.suburb,
							`${preview.for.state} ${preview.for.zipCode}`,
						]
							.map((part) => part.trim())
							.filter(Boolean)
							.join(', ')}
					</p>
					<dl className="order-summary__totals">
						{preview.charge !== null ? (
							<div>
								<dt>Delivery charge</dt>
								<dd>{formatMoney(preview.charge, format.locale, format.currency)}</dd>
							</div>
						) : null}
						<div>
							<dt>From branch</dt>
							<dd>{branch?.branchName ?? preview.branchID}</dd>
						</div>
						<div>
							<dt>Distance</dt>
							<dd>{preview.distanceKm} km</dd>
						</div>
					</dl>
				</section>
			) : errors.length ? (
				<ul className="delivery-preview__errors">
					{errors.map((e) => (
						<li key={e.id}>
							<a href={`#${e.id}`}>{e.message}</a>
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Order Details | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
