import { Form, Link } from 'react-router'
import { type Route } from './+types/quick-order'
import { QUICK_ORDER_INTENTS as I } from './quick-order-intents.ts'
import { quickOrderAction, quickOrderLoader } from './quick-order.server.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { useTextDraft } from '#app/components/draft.ts'
import { ErrorList, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { unitLabel } from '#app/utils/product.ts'

export function loader({ context }: Route.LoaderArgs) {
	return quickOrderLoader(context)
}

export async function action({ request, context }: Route.ActionArgs) {
	return quickOrderAction(request, context)
}

/** Where the confirmation is: the check's address, so the page opens at it, JS or not. */
const RESULT_ID = 'check-result'
/**
 * The checks post to the page's address with the confirmation's fragment: a post's reply cannot
 * set a fragment, but the browser keeps the form's, and a page without JS opens at the result
 * (1,400 px down on a phone) rather than at the top. A refused check has no such element: the
 * page stays at the top, at the field and its message.
 */
const CHECK_ACTION = `/quick-order#${RESULT_ID}`

type Confirmation = NonNullable<NonNullable<Route.ComponentProps['actionData']>['confirmation']>

export default function QuickOrderRoute({ actionData }: Route.ComponentProps) {
	const errors = actionData?.result.error
	const confirmation = actionData?.confirmation ?? null
	// A refused check gives back what was typed (without JS the page is new).
	const typed = actionData?.result.initialValue?.lines
	const { restore, onInput, clear } = useTextDraft('quick-order')
	return (
		<div className="quick-order">
			<h1>Quick Order</h1>
			<p>
				One product a line: its SKU and a quantity (<code>HNAI001 20</code>), or for timber and
				other products sold by length, its lengths in metres and pieces (
				<code>TMGP10005 4.8x20 6.0x10</code>, also <code>4.8*20</code> or <code>20 @ 4.8</code>
				).
			</p>
			<div className="quick-order__forms">
				<Form method="post" action={CHECK_ACTION} className="quick-order__paste">
					<input type="hidden" name="intent" value={I.check} />
					<div className="field">
						<label htmlFor="quick-order-lines">Lines</label>
						<textarea
							// A new confirmation brings its own text (a CSV's lines, too).
							key={confirmation?.text}
							id="quick-order-lines"
							name="lines"
							rows={10}
							defaultValue={confirmation?.text ?? (typeof typed === 'string' ? typed : '')}
							spellCheck={false}
							ref={restore}
							onInput={onInput}
							aria-invalid={errors?.lines ? true : undefined}
							aria-describedby={errors?.lines ? 'quick-order-lines-error' : undefined}
						/>
						<ErrorList id="quick-order-lines-error" errors={errors?.lines} />
					</div>
					<StatusButton className="button button--primary" intent={I.check}>
						Check lines
					</StatusButton>
				</Form>
				<Form
					method="post"
					action={CHECK_ACTION}
					encType="multipart/form-data"
					className="quick-order__upload"
				>
					<input type="hidden" name="intent" value={I.upload} />
					<div className="field">
						<label htmlFor="quick-order-file">CSV file</label>
						<input
							id="quick-order-file"
							type="file"
							name="file"
							accept=".csv,text/csv"
							aria-invalid={errors?.file ? true : undefined}
							aria-describedby={errors?.file ? 'quick-order-file-error' : 'quick-order-file-hint'}
						/>
						<p id="quick-order-file-hint" className="field__hint">
							Columns SKU, Qty and Length (for products sold by length); a header row is optional.
						</p>
						<ErrorList id="quick-order-file-error" errors={errors?.file} />
					</div>
					<StatusButton className="button" intent={I.upload}>
						Upload CSV
					</StatusButton>
				</Form>
			</div>
			{confirmation ? <QuickOrderConfirmation confirmation={confirmation} onAdd={clear} /> : null}
		</div>
	)
}

function QuickOrderConfirmation({
	confirmation,
	onAdd,
}: {
	confirmation: Confirmation
	/** The lines go to the cart: the draft is sent. */
	onAdd: () => void
}) {
	const { lines, count, confirmed, total } = confirmation
	const problems = lines.length - count
	const label = `Add ${count} ${count === 1 ? 'line' : 'lines'} to cart`
	return (
		<section id={RESULT_ID} aria-labelledby="quick-order-confirm" className="quick-order__confirm">
			<h2 id="quick-order-confirm">Check your order</h2>
			<p role="status">
				{count} of {lines.length} {lines.length === 1 ? 'line' : 'lines'} ready
				{problems ? `, ${problems} to fix` : ''}
				{total !== null && count ? ` · ${total}` : ''}
			</p>
			<ol className="quick-lines">
				{lines.map((l) => (
					<li
						key={l.line}
						className={`quick-line${l.status === 'problem' ? ' quick-line--problem' : ''}`}
					>
						<p className="quick-line__text">
							<span className="visually-hidden">Line {l.line}: </span>
							<code>{l.text}</code>
						</p>
						{l.status === 'ok' ? (
							<>
								<p className="quick-line__product">
									{l.description} <span className="quick-line__sku">SKU {l.productID}</span>
								</p>
								{l.request.kind === 'tally' ? (
									<p className="quick-line__tally">
										{l.request.tally.map((t) => `${t.length.toFixed(1)} m × ${t.qty}`).join(', ')}
									</p>
								) : null}
								<dl className="quick-line__facts">
									<div>
										<dt>Quantity</dt>
										<dd>
											{l.quantity} {l.uom}
										</dd>
									</div>
									{l.shown ? (
										<>
											<div>
												<dt>Price</dt>
												<dd>
													{l.shown.price} {unitLabel(l.uom)}
												</dd>
											</div>
											<div>
												<dt>Extended</dt>
												<dd>{l.shown.extended}</dd>
											</div>
										</>
									) : null}
									<div>
										<dt>Stock</dt>
										<dd>{l.stock}</dd>
									</div>
								</dl>
							</>
						) : (
							<div className="quick-line__problem">
								<p className="field-error">{l.message}</p>
								{l.suggestions.length ? (
									<>
										<p>Did you mean:</p>
										<ul className="quick-line__suggestions">
											{l.suggestions.map((s) => (
												<li key={s.productID}>
													<code>{s.productID}</code> {s.description}
												</li>
											))}
										</ul>
									</>
								) : null}
							</div>
						)}
					</li>
				))}
			</ol>
			{count ? (
				<Form method="post" action="/quick-order" className="quick-order__add" onSubmit={onAdd}>
					<SubmissionKey />
					<input type="hidden" name="intent" value={I.add} />
					<input type="hidden" name="lines" value={confirmed} />
					<StatusButton className="button button--primary" intent={I.add}>
						{label}
					</StatusButton>
				</Form>
			) : null}
			<p>
				<Link to="/cart">Review Cart</Link>
			</p>
		</section>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Quick Order' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
