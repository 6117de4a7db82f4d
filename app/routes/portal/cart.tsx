import { parseWithZod } from '@conform-to/zod/v4'
import pLimit from 'p-limit'
import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useFetcher } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/cart'
import { CART_INTENTS as INTENTS } from './cart-intents.ts'
import { LINE_CONCURRENCY } from '#app/.server/add-lines.ts'
import { getCustomer, getSession } from '#app/.server/context.ts'
import { displayFormat } from '#app/.server/format.ts'
import { formError, presenterFailure, readForm, unfinished } from '#app/.server/forms.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/redirect.ts'
import { applyTallyPick, storedTally, tallyFailure, TallyLinesSchema } from '#app/.server/tally.ts'
import { taxWording } from '#app/.server/wording.ts'
import { TrashIcon } from '#app/components/confirm-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { loadedWhenShown } from '#app/components/lazy.tsx'
import { LazyTallyForm } from '#app/components/catalogue/lazy-tally-form.tsx'
import { ErrorList, FormErrorDialog, StatusButton } from '#app/components/forms.tsx'
import { Modal } from '#app/components/modal.tsx'
import { OrderSummary } from '#app/components/order-summary.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { QuantityStepper } from '#app/components/quantity-stepper.tsx'
import {
	MAX_QUANTITY,
	MAX_TALLY_LINES,
	NO_PRICE,
	unitLabel,
	visiblePrice,
} from '#app/utils/product.ts'
import { cartTotals, lineSubtotal } from '#app/utils/totals.ts'

const LineRef = { lineID: z.coerce.number().int(), productID: z.string().min(1).max(64) }
const SaveListSchema = z.object({
	intent: z.literal(INTENTS.saveList),
	name: z
		.string({ error: 'Required' })
		.trim()
		.min(1, 'Required')
		.max(80, 'Use at most 80 characters'),
})
const QuantityFields = {
	...LineRef,
	uom: z.string().min(1).max(20),
	quantity: z.coerce
		.number({ error: 'Enter a quantity' })
		.int('Enter a whole number')
		.min(1, 'Enter a quantity of at least 1')
		.max(MAX_QUANTITY, 'That quantity is too large'),
}
const CartIntentSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal(INTENTS.update), ...QuantityFields }),
	z.object({
		intent: z.literal(INTENTS.updateAll),
		lines: z.array(z.object(QuantityFields)).max(MAX_TALLY_LINES).default([]),
	}),
	z.object({
		intent: z.literal(INTENTS.updateTally),
		...LineRef,
		uom: z.string().min(1).max(20),
		lines: TallyLinesSchema,
	}),
	z.object({ intent: z.literal(INTENTS.remove), ...LineRef }),
	z.object({ intent: z.literal(INTENTS.clear) }),
	SaveListSchema,
])

const DialogSchema = z.object({
	dialog: z.enum(['clear', 'save-list', 'tally']).optional().catch(undefined),
	line: z.coerce.number().int().optional().catch(undefined),
	product: z.string().min(1).max(64).optional().catch(undefined),
})

/** The href of a tally line's 'Edit lengths' dialog; the product lets the loader read its lengths. */
function tallyHref(line: { lineID: number; productID: string }) {
	return `/cart?${new URLSearchParams({ dialog: 'tally', line: String(line.lineID), product: line.productID })}`
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings, cart } = getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('Not Found', { status: 404 })
	const q = DialogSchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const editing = q.dialog === 'tally' && q.product !== undefined
	// The tally's stock lengths come in the same round as the cart: the product is in the URL.
	const [lines, tallyLengths] = await Promise.all([
		cart.lines(),
		editing ? presenter.catalogue.getTallyLengths(q.product!) : [],
	]).catch(toRouteError)
	const tallyLine = editing
		? lines.find((l) => l.isTally && l.lineID === q.line && l.productID === q.product)
		: undefined
	const { money } = displayFormat(settings)
	return {
		// Each line's prices as money (null: the line has no price).
		lines: lines.map((line) => ({
			...line,
			shown:
				visiblePrice(line.unitPrice) === null
					? null
					: {
							unitPrice: money(line.unitPrice),
							extended: money(lineSubtotal(line, settings.tax_inclusive)),
						},
		})),
		totals: settings.hide_review_price ? null : cartTotals(lines, settings.tax_inclusive),
		wording: taxWording(settings),
		format: { locale: settings.locale, currency: settings.currency },
		dialog: q.dialog === 'clear' || q.dialog === 'save-list' ? q.dialog : null,
		tally: tallyLine ? { line: tallyLine, lengths: tallyLengths } : null,
		showPrices: !settings.hide_review_price,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { presenter, settings, cart } = getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('The cart is not available', { status: 403 })
	const formData = await readForm(request, { maxIndex: MAX_TALLY_LINES })
	applyTallyPick(formData)
	const submission = parseWithZod(formData, { schema: CartIntentSchema })
	// Also the tally's row buttons' round trips without JS (conform's list intents).
	if (submission.status !== 'success') return unfinished(submission)
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
			case INTENTS.updateAll: {
				// Only the lines whose quantity changed, LINE_CONCURRENCY at a time (not one after another).
				const current = new Map((await cart.lines()).map((l) => [l.lineID, l.prodQty]))
				const limit = pLimit(LINE_CONCURRENCY)
				await Promise.all(
					value.lines
						.filter((line) => current.get(line.lineID) !== line.quantity)
						.map((line) => limit(() => presenter.cart.updateLine(cartSessionId, line))),
				)
				break
			}
			case INTENTS.updateTally:
				try {
					await presenter.cart.updateTally(cartSessionId, {
						lineID: value.lineID,
						uom: value.uom,
						tally: storedTally(value.lines),
					})
				} catch (error) {
					return tallyFailure(submission, error, value.lines)
				}
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

/** 'Save Custom List': its form code (conform) loads when the dialog is first shown. */
const SaveListDialog = loadedWhenShown(
	() => import('./cart-save-list.tsx').then((m) => m.SaveListDialog),
	'form#save-list',
)

/** The one form all quantities belong to ('Update cart'); each line keeps its own remove form. */
const UPDATE_FORM = 'cart-update'
/** How long a quantity rests before it is saved on its own, with JS. */
const SAVE_DELAY_MS = 600

/**
 * A line's quantity, in the 'Update cart' form (`lines[index]`). With JS a changed quantity is
 * also saved on its own once it rests (one fetcher per line, so lines never cancel each other);
 * its errors show here, as do the document post's.
 */
function LineQuantity({
	line,
	index,
	documentErrors,
}: {
	line: Route.ComponentProps['loaderData']['lines'][number]
	index: number
	documentErrors: string[] | null | undefined
}) {
	const fetcher = useFetcher<typeof action>({ key: `cart-line-${line.lineID}` })
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	const save = (quantity: number) => {
		clearTimeout(timer.current)
		if (quantity === line.prodQty) return
		timer.current = setTimeout(() => {
			void fetcher.submit(
				{
					intent: INTENTS.update,
					lineID: line.lineID,
					productID: line.productID,
					uom: line.UOM,
					quantity,
				},
				{ method: 'post', action: '/cart' },
			)
		}, SAVE_DELAY_MS)
	}
	// A refusal or failure of this line's own save shows here too.
	const errors = fetcher.data?.error
		? [...(fetcher.data.error.quantity ?? []), ...(fetcher.data.error[''] ?? [])]
		: documentErrors
	const name = (field: string) => `lines[${index}].${field}`
	const errorId = `qty-${line.lineID}-error`
	return (
		<div className="cart-line__update">
			<input type="hidden" form={UPDATE_FORM} name={name('lineID')} value={line.lineID} />
			<input type="hidden" form={UPDATE_FORM} name={name('productID')} value={line.productID} />
			<input type="hidden" form={UPDATE_FORM} name={name('uom')} value={line.UOM} />
			<QuantityStepper
				id={`qty-${line.lineID}`}
				name={name('quantity')}
				form={UPDATE_FORM}
				label={`Quantity of ${line.prodDesc}`}
				defaultValue={line.prodQty}
				invalid={Boolean(errors?.length)}
				errorId={errors?.length ? errorId : undefined}
				onQuantity={save}
			/>
			<span className="cart-line__uom">{line.UOM}</span>
			{fetcher.state !== 'idle' ? <span className="cart-line__saving">Saving…</span> : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { lines, totals, wording, format, dialog, tally } = loaderData
	// The quantity inputs of the lines sold by count, numbered in the one 'Update cart' form.
	const formIndex = new Map(lines.filter((l) => !l.isTally).map((l, i) => [l.lineID, i] as const))
	const lineErrors = (lineID: number) =>
		actionData?.initialValue?.intent === INTENTS.updateAll
			? actionData.error?.[`lines[${formIndex.get(lineID)}].quantity`]
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
												<>
													<p>
														{line.prodQty} {line.UOM}
													</p>
													<Link
														to={tallyHref(line)}
														preventScrollReset
														aria-label={`Edit lengths of ${line.prodDesc}`}
													>
														Edit lengths
													</Link>
												</>
											) : (
												<LineQuantity
													line={line}
													index={formIndex.get(line.lineID) ?? 0}
													documentErrors={lineErrors(line.lineID)}
												/>
											)}
										</div>
										<dl className="cart-line__prices">
											<div>
												<dt>Unit price</dt>
												<dd>
													{line.shown ? `${line.shown.unitPrice} ${unitLabel(line.UOM)}` : NO_PRICE}
												</dd>
											</div>
											<div>
												<dt>Extended</dt>
												<dd>{line.shown ? line.shown.extended : NO_PRICE}</dd>
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
							{formIndex.size ? (
								<Form id={UPDATE_FORM} method="post" action="/cart" preventScrollReset noValidate>
									<StatusButton intent={INTENTS.updateAll} name="intent" value={INTENTS.updateAll}>
										Update cart
									</StatusButton>
								</Form>
							) : null}
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
			{tally ? (
				<Modal title={`Tally: ${tally.line.prodDesc}`} closeTo="/cart" inline>
					<p className="product-detail__sku">SKU {tally.line.productID}</p>
					<LazyTallyForm
						id={`tally-line-${tally.line.lineID}`}
						tallyLengths={tally.lengths}
						unitPrice={loaderData.showPrices ? tally.line.unitPrice : null}
						format={format}
						hidden={{
							intent: INTENTS.updateTally,
							lineID: String(tally.line.lineID),
							productID: tally.line.productID,
							uom: tally.line.UOM,
						}}
						defaultLines={tally.line.tallyLines.map((t) => ({
							length: t.length.toFixed(2),
							qty: String(t.qty),
						}))}
						submitLabel="Save"
						lastResult={
							actionData?.initialValue?.intent === INTENTS.updateTally ? actionData : undefined
						}
					>
						<Link to="/cart" className="button" preventScrollReset>
							Cancel
						</Link>
					</LazyTallyForm>
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
