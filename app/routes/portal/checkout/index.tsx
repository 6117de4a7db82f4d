import {
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	useForm,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { randomUUID } from 'node:crypto'
import { data, Form, Link, redirect } from 'react-router'
import { type Route } from './+types/index'
import { checkoutSchema, placeOrder } from './checkout.server.ts'
import { requireCustomer } from '#app/.server/auth.ts'
import { loadCart } from '#app/.server/cart.ts'
import { completedAttempts, dateInputFormat } from '#app/.server/checkout.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { taxWording } from '#app/.server/wording.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { OrderSummary } from '#app/components/order-summary.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { cartTotals } from '#app/utils/totals.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const { presenter, session, settings } = await requireCustomer(request)
	if (settings.shopping_cart_disabled) throw data('Not Found', { status: 404 })
	const [cart, user, methods, vehicles, branches, states] = await Promise.all([
		loadCart(presenter, session),
		presenter.users.getDetails(),
		presenter.checkout.getDespatchMethods(),
		presenter.checkout.getVehicleTypes(),
		presenter.checkout.getOrderBranches(),
		presenter.auth.getStates(),
	]).catch(toRouteError)
	if (!cart.lines.length)
		throw redirect('/cart', {
			headers: cart.setCookie ? { 'Set-Cookie': cart.setCookie } : undefined,
		})
	return {
		// One checkout attempt: every submission of this form carries it (docs/decisions/008).
		attempt: randomUUID(),
		lineCount: cart.lines.length,
		totals: settings.hide_finalise_price ? null : cartTotals(cart.lines, settings.tax_inclusive),
		wording: taxWording(settings),
		format: { locale: settings.locale, currency: settings.currency },
		dateFormat: dateInputFormat(settings.locale).toLowerCase(),
		methods,
		vehicles,
		branches,
		states,
		defaults: {
			branch: settings.initial_branchID,
			email: user.userEmailAddress,
			contactName: `${user.name_first} ${user.name_last}`,
		},
	}
}

export async function action({ request }: Route.ActionArgs) {
	const { presenter, session, settings } = await requireCustomer(request)
	const formData = await request.formData()
	const attempt = String(formData.get('attempt') ?? '')
	const done = completedAttempts.get(attempt)
	if (done) return redirect(`/checkout/complete?type=${done.type}&number=${done.number}`)

	const methods = await presenter.checkout.getDespatchMethods().catch(() => null)
	if (!methods)
		return data({ result: null, formError: 'deliveryMethods not available' }, { status: 503 })
	const despatchType = String(formData.get('shipping.despatchType') ?? '')
	const submission = parseWithZod(formData, {
		schema: checkoutSchema({ methods, settings, despatchType }),
	})
	// 'Update' without JS: show the chosen despatch method's fields, keep what was typed.
	if (formData.get('intent') === 'refresh') {
		return data({ result: { ...submission.reply(), error: {} }, formError: null })
	}
	if (submission.status !== 'success') {
		return data({ result: submission.reply(), formError: null }, { status: 400 })
	}
	const outcome = await placeOrder({
		presenter,
		session,
		settings,
		methods,
		values: submission.value,
	})
	if (!outcome.ok) {
		return data(
			{ result: submission.reply(), formError: outcome.message },
			{ status: outcome.status },
		)
	}
	return redirect(`/checkout/complete?type=${outcome.type}&number=${outcome.number}`, {
		headers: outcome.setCookie ? { 'Set-Cookie': outcome.setCookie } : undefined,
	})
}

type Values = {
	attempt: string
	transactionType: string
	shipping: {
		despatchType: string
		deliveryTo: string
		address: string
		suburb: string
		state: string
		notes: string
		reference: string
		zipCode: string
	}
	delivery: {
		branch: string
		onsite: string
		contactName: string
		contactPhone: string
		contactMobile: string
		clientEmail: string
		requiredDate: string
		requiredTime: string
		vehicleType: string
	}
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
	const d = loaderData
	const [form, fields] = useForm<Values>({
		id: 'checkout',
		lastResult: actionData?.result,
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
	const text = (
		field: typeof shipping.deliveryTo,
		label: string,
		extra: React.InputHTMLAttributes<HTMLInputElement> = {},
	) => (
		<div className="field">
			<label htmlFor={field.id}>{label}</label>
			<input {...getInputProps(field, { type: 'text' })} {...extra} />
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
	const select = (
		field: typeof shipping.state,
		label: string,
		options: Array<{ value: string | number; label: string }>,
		placeholder: string,
	) => (
		<div className="field">
			<label htmlFor={field.id}>{label}</label>
			<select {...getSelectProps(field)}>
				<option value="">{placeholder}</option>
				{options.map((o) => (
					<option key={o.value} value={o.value}>
						{o.label}
					</option>
				))}
			</select>
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
	return (
		<div className="checkout-page">
			<p>
				<Link to="/cart">Back to Review Cart</Link>
			</p>
			<h1>Order Details</h1>
			<Form method="post" {...getFormProps(form)} noValidate className="checkout">
				<input type="hidden" name="attempt" value={d.attempt} />
				<div className="checkout__fields">
					{actionData?.formError ? (
						<p className="form-error" role="alert">
							{actionData.formError}
						</p>
					) : null}
					<fieldset>
						<legend>Shipping Details</legend>
						{select(
							shipping.despatchType,
							`${d.wording.despatch} type`,
							d.methods.map((m) => ({ value: m.methodName, label: m.methodDesc })),
							`Select a ${d.wording.despatch.toLowerCase()} type`,
						)}
						<button
							type="submit"
							name="intent"
							value="refresh"
							formNoValidate
							className="button no-js-only"
						>
							Update
						</button>
						{text(shipping.deliveryTo, 'Delivery To', { autoComplete: 'name' })}
						{mode !== 'pickup' ? (
							<>
								{text(shipping.address, 'Address', { autoComplete: 'street-address' })}
								{text(shipping.suburb, 'Suburb', { autoComplete: 'address-level2' })}
								{select(
									shipping.state,
									'State',
									d.states.map((s) => ({ value: s.stateID, label: s.stateName })),
									'Select a state',
								)}
								{text(shipping.zipCode, d.wording.zipCode, {
									autoComplete: 'postal-code',
									inputMode: 'numeric',
								})}
							</>
						) : null}
						{text(shipping.reference, 'Reference')}
						<div className="field">
							<label htmlFor={shipping.notes.id}>Notes</label>
							<textarea {...getTextareaProps(shipping.notes)} rows={3} />
						</div>
					</fieldset>
					{mode === 'delivery' ? (
						<fieldset>
							<legend>Delivery</legend>
							<label className="checkbox">
								<input {...getInputProps(delivery.onsite, { type: 'checkbox' })} />
								Contact will be on site
							</label>
							<ErrorList id={delivery.onsite.errorId} errors={delivery.onsite.errors} />
							{select(
								delivery.vehicleType,
								'Vehicle type',
								d.vehicles.map((v) => ({ value: v.vehicleTypeID, label: v.vehicleTypeDesc })),
								'Select a vehicle type',
							)}
						</fieldset>
					) : null}
					{mode === 'pickup' ? (
						<fieldset>
							<legend>Pickup</legend>
							{select(
								delivery.branch,
								'Branch',
								d.branches.map((b) => ({ value: b.branchID, label: b.branchName })),
								'Select a branch',
							)}
						</fieldset>
					) : null}
					<fieldset>
						<legend>Contact</legend>
						{text(delivery.contactName, 'Contact name', { autoComplete: 'name' })}
						{text(delivery.contactPhone, 'Contact phone', {
							autoComplete: 'tel',
							inputMode: 'tel',
						})}
						{text(delivery.contactMobile, 'Contact mobile', {
							autoComplete: 'tel',
							inputMode: 'tel',
						})}
						{text(delivery.clientEmail, 'Email', { autoComplete: 'email', inputMode: 'email' })}
						{text(delivery.requiredDate, `Required date (${d.dateFormat})`, {
							placeholder: d.dateFormat,
							inputMode: 'numeric',
						})}
						{text(delivery.requiredTime, 'Required time (24-hour, e.g. 7:30)', {
							placeholder: 'H:mm',
							inputMode: 'numeric',
						})}
					</fieldset>
				</div>
				<OrderSummary
					totals={d.totals}
					wording={d.wording}
					format={d.format}
					lineCount={d.lineCount}
				>
					<div className="checkout__buttons">
						<StatusButton
							type="submit"
							name="transactionType"
							value="Order"
							className="button button--primary button--block"
						>
							Confirm Order
						</StatusButton>
						<StatusButton
							type="submit"
							name="transactionType"
							value="Quote"
							className="button button--block"
						>
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
