import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/cart'
import { CartLineItem, UPDATE_FORM } from './cart-lines.tsx'
import { CART_INTENTS as INTENTS } from './cart-intents.ts'
import { cartAction } from './cart.server.ts'
import { getCustomer } from '#app/.server/request/context.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { recover, toRouteError } from '#app/.server/presenter/index.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { taxWording } from '#app/.server/display/wording.ts'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { loadedWhenShown } from '#app/components/lazy.tsx'
import { LazyTallyForm } from '#app/components/lazy-tally-form.tsx'
import { FormErrorDialog, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { Modal } from '#app/components/modal.tsx'
import { OrderSummary } from '#app/components/order-summary.tsx'
import { visiblePrice } from '#app/utils/product.ts'
import { cartTotals, lineSubtotal } from '#app/utils/money.ts'

const DialogSchema = z.object({
	dialog: z.enum(['clear', 'save-list', 'tally']).optional().catch(undefined),
	line: z.coerce.number().int().optional().catch(undefined),
	product: z.string().min(1).max(64).optional().catch(undefined),
})

export async function loader({ request, context }: Route.LoaderArgs) {
	const { presenter, settings, cart } = await getCustomer(context)
	if (settings.shopping_cart_disabled) throw data('Not Found', { status: 404 })
	const q = DialogSchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const editing = q.dialog === 'tally' && q.product !== undefined
	// The tally's stock lengths come in the same round as the cart: the product is in the URL. A
	// product the presenter does not know is no line of the cart either: the page, no dialog.
	const [lines, tallyLengths] = await Promise.all([
		cart.lines(),
		editing ? recover(presenter.catalogue.getTallyLengths(q.product!), 'no-records', () => []) : [],
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

export function action({ request, context }: Route.ActionArgs) {
	return cartAction(request, context)
}

/** 'Save Custom List': its form code (conform) loads when the dialog is first shown. */
const SaveListDialog = loadedWhenShown(
	() => import('./cart-save-list.tsx').then((m) => m.SaveListDialog),
	'form#save-list',
)

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
							{lines.map((line) => (
								<CartLineItem
									key={line.lineID}
									line={line}
									formIndex={formIndex.get(line.lineID)}
									errors={lineErrors(line.lineID)}
								/>
							))}
						</ul>
						<div className="cart__actions">
							{formIndex.size ? (
								<Form id={UPDATE_FORM} method="post" action="/cart" preventScrollReset noValidate>
									<SubmissionKey />
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
				<ConfirmDialog title="Clear All" here="/cart" intent={INTENTS.clear} confirm="Clear All">
					<p>Remove all {lines.length} lines from your cart?</p>
				</ConfirmDialog>
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
						// Line ids come back in a later cart: a draft belongs to the line with these lengths.
						draft={`${tally.line.productID}:line-${tally.line.lineID}:${tally.line.tallyLines
							.map((t) => `${t.length}x${t.qty}`)
							.join(',')}`}
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
