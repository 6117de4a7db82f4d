import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/cart'
import { getCustomer, getSession } from '#app/.server/context.ts'
import { formError, invalid, presenterFailure, readForm } from '#app/.server/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { taxWording } from '#app/.server/wording.ts'
import { TrashIcon } from '#app/components/confirm-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ErrorList, FormErrorDialog, StatusButton, TextField } from '#app/components/forms.tsx'
import { Modal } from '#app/components/modal.tsx'
import { OrderSummary } from '#app/components/order-summary.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { QuantityStepper } from '#app/components/quantity-stepper.tsx'
import { formatMoney } from '#app/utils/format.ts'
import { MAX_QUANTITY, NO_PRICE, unitLabel, visiblePrice } from '#app/utils/product.ts'
import { cartTotals, lineSubtotal } from '#app/utils/totals.ts'

const INTENTS = {
	update: 'update-line',
	remove: 'remove-line',
	clear: 'clear-all',
	saveList: 'save-list',
} as const

const LineRef = { lineID: z.coerce.number().int(), productID: z.string().min(1).max(64) }
const SaveListSchema = z.object({
	intent: z.literal(INTENTS.saveList),
	name: z
		.string({ error: 'Required' })
		.trim()
		.min(1, 'Required')
		.max(80, 'Use at most 80 characters'),
})
const CartIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal(INTENTS.update),
		...LineRef,
		uom: z.string().min(1).max(20),
		quantity: z.coerce
			.number({ error: 'Enter a quantity' })
			.int('Enter a whole number')
			.min(1, 'Enter a quantity of at least 1')
			.max(MAX_QUANTITY, 'That quantity is too large'),
	}),
	z.object({ intent: z.literal(INTENTS.remove), ...LineRef }),
	z.object({ intent: z.literal(INTENTS.clear) }),
	SaveListSchema,
])

export async function loader({ request, context }: Route.LoaderArgs) {
	const { settings, cart } = getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('Not Found', { status: 404 })
	const lines = await cart.lines().catch(toRouteError)
	const dialog = pageUrl(request).searchParams.get('dialog')
	return {
		lines,
		totals: settings.hide_review_price ? null : cartTotals(lines, settings.tax_inclusive),
		wording: taxWording(settings),
		format: { locale: settings.locale, currency: settings.currency },
		dialog: dialog === 'clear' || dialog === 'save-list' ? dialog : null,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { presenter, settings } = getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('The cart is not available', { status: 403 })
	const submission = parseWithZod(await readForm(request), { schema: CartIntentSchema })
	if (submission.status !== 'success') return invalid(submission)
	const value = submission.value
	const cartSessionId = getSession(context).current.get('cartSessionId')
	if (!cartSessionId) return formError(submission, 'CartSessionId undefined')
	try {
		switch (value.intent) {
			case INTENTS.update:
				await presenter.cart.updateLine(cartSessionId, {
					lineID: value.lineID,
					productID: value.productID,
					uom: value.uom,
					quantity: value.quantity,
				})
				break
			case INTENTS.remove:
				await presenter.cart.removeLine(cartSessionId, value)
				break
			case INTENTS.clear:
				await presenter.cart.clear(cartSessionId)
				break
			case INTENTS.saveList:
				await presenter.lists.saveCart(cartSessionId, value.name)
				getSession(context).flash({ type: 'success', message: 'Custom list saved' })
				break
		}
	} catch (error) {
		return presenterFailure(submission, error, 'Something went wrong.')
	}
	return redirect('/cart')
}

function SaveListDialog({ lastResult }: { lastResult: Route.ComponentProps['actionData'] }) {
	const [form, fields] = useForm<z.input<typeof SaveListSchema>>({ id: 'save-list', lastResult })
	return (
		<Modal title="Save Custom List" closeTo="/cart">
			<Form method="post" action="/cart?dialog=save-list" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={INTENTS.saveList} />
				<TextField meta={fields.name} label="Name" />
				<div className="modal__actions">
					<StatusButton className="button button--primary" intent={INTENTS.saveList}>
						Save
					</StatusButton>
					<Link to="/cart" className="button">
						Cancel
					</Link>
				</div>
			</Form>
		</Modal>
	)
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { lines, totals, wording, format, dialog } = loaderData
	const money = (n: number) => formatMoney(n, format.locale, format.currency)
	const lineErrors = (lineID: number) =>
		actionData?.initialValue?.intent === INTENTS.update &&
		actionData.initialValue.lineID === String(lineID)
			? actionData.error?.quantity
			: undefined
	return (
		<div className="cart-page">
			<h1>Review Cart</h1>
			<p>
				<Link to="/quick-order">Quick Order</Link>: paste or upload a list of SKUs and quantities.
			</p>
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo="/cart" />
			{lines.length === 0 ? (
				<section className="empty-state">
					<p>Your cart is empty.</p>
					<Link to="/products" className="button button--primary">
						View Products
					</Link>
				</section>
			) : (
				<div className="cart">
					<section aria-label="Cart lines" className="cart__lines">
						<ul className="cart-lines">
							{lines.map((line) => {
								const errors = lineErrors(line.lineID)
								return (
									<li key={line.lineID} className="cart-line">
										<ProductImage
											src={line.productImage}
											alt=""
											width={96}
											height={72}
											className="cart-line__image"
										/>
										<div className="cart-line__body">
											<h2 className="cart-line__title">{line.prodDesc}</h2>
											<p className="cart-line__sku">SKU {line.productID}</p>
											{line.tallyLines.length ? (
												<ul className="cart-line__tally" aria-label={`Lengths of ${line.prodDesc}`}>
													{line.tallyLines.map((t, i) => (
														<li key={i}>
															{t.length.toFixed(2)} m × {t.qty}
														</li>
													))}
												</ul>
											) : null}
										</div>
										<div className="cart-line__qty">
											{line.isTally ? (
												<p>
													{line.prodQty} {line.UOM}
												</p>
											) : (
												<Form
													method="post"
													action="/cart"
													preventScrollReset
													noValidate
													className="cart-line__update"
												>
													<input type="hidden" name="intent" value={INTENTS.update} />
													<input type="hidden" name="lineID" value={line.lineID} />
													<input type="hidden" name="productID" value={line.productID} />
													<input type="hidden" name="uom" value={line.UOM} />
													<QuantityStepper
														id={`qty-${line.lineID}`}
														label={`Quantity of ${line.prodDesc}`}
														defaultValue={line.prodQty}
														invalid={Boolean(errors?.length)}
														errorId={errors?.length ? `qty-${line.lineID}-error` : undefined}
													/>
													<span className="cart-line__uom">{line.UOM}</span>
													<StatusButton
														intent={INTENTS.update}
														match={{ lineID: String(line.lineID) }}
													>
														Update
													</StatusButton>
													<ErrorList id={`qty-${line.lineID}-error`} errors={errors} />
												</Form>
											)}
										</div>
										<dl className="cart-line__prices">
											<div>
												<dt>Unit price</dt>
												<dd>
													{visiblePrice(line.unitPrice) === null
														? NO_PRICE
														: `${money(line.unitPrice)} ${unitLabel(line.UOM)}`}
												</dd>
											</div>
											<div>
												<dt>Extended</dt>
												<dd>
													{visiblePrice(line.unitPrice) === null
														? NO_PRICE
														: money(lineSubtotal(line))}
												</dd>
											</div>
										</dl>
										<Form
											method="post"
											action="/cart"
											preventScrollReset
											className="cart-line__remove"
										>
											<input type="hidden" name="intent" value={INTENTS.remove} />
											<input type="hidden" name="lineID" value={line.lineID} />
											<input type="hidden" name="productID" value={line.productID} />
											<button
												type="submit"
												className="icon-button"
												aria-label={`Remove ${line.prodDesc}`}
											>
												<TrashIcon />
											</button>
										</Form>
									</li>
								)
							})}
						</ul>
						<div className="cart__actions">
							<Link to="/cart?dialog=clear" className="button" preventScrollReset>
								Clear All
							</Link>
							<Link to="/cart?dialog=save-list" className="button" preventScrollReset>
								Save Custom List
							</Link>
						</div>
					</section>
					<OrderSummary totals={totals} wording={wording} format={format} lineCount={lines.length}>
						<Link to="/checkout" className="button button--primary button--block">
							Checkout
						</Link>
					</OrderSummary>
				</div>
			)}
			{dialog === 'clear' && lines.length ? (
				<Modal title="Clear All" closeTo="/cart">
					<p>Remove all {lines.length} lines from your cart?</p>
					<Form method="post" action="/cart" className="modal__actions">
						<button
							type="submit"
							name="intent"
							value={INTENTS.clear}
							className="button button--primary"
						>
							Clear All
						</button>
						<Link to="/cart" className="button">
							Cancel
						</Link>
					</Form>
				</Modal>
			) : null}
			{dialog === 'save-list' && lines.length ? (
				<SaveListDialog
					lastResult={
						actionData?.initialValue?.intent === INTENTS.saveList ? actionData : undefined
					}
				/>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Review Cart | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
