import { useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { CART_INTENTS as INTENTS } from './cart-intents.ts'
import type { cartAction } from './cart.server.ts'
import type { CartLine } from '#app/.server/presenter/contract/cart.ts'
import { TrashIcon } from '#app/components/confirm-dialog.tsx'
import { ErrorList, SubmissionKey, useSubmissionKey } from '#app/components/forms.tsx'
import { ProductImage } from '#app/components/product-image.tsx'
import { QuantityStepper } from '#app/components/quantity-stepper.tsx'
import { NO_PRICE, unitLabel } from '#app/utils/product.ts'
import { SUBMISSION_FIELD } from '#app/utils/submission-key.ts'

/** The href of a tally line's 'Edit lengths' dialog; the product lets the loader read its lengths. */
export function tallyHref(line: { lineID: number; productID: string }) {
	return `/cart?${new URLSearchParams({ dialog: 'tally', line: String(line.lineID), product: line.productID })}`
}

/** The one form all quantities belong to ('Update cart'); each line keeps its own remove form. */
export const UPDATE_FORM = 'cart-update'
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
	line: CartLine
	index: number
	documentErrors: string[] | null | undefined
}) {
	const fetcher = useFetcher<typeof cartAction>({ key: `cart-line-${line.lineID}` })
	const submissionKey = useSubmissionKey()
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	// The quantity the cart has now: a save that would not change it is not sent.
	const saved = useRef(line.prodQty)
	useEffect(() => {
		saved.current = line.prodQty
	}, [line.prodQty])
	useEffect(() => {
		// 'Update cart' sends every quantity: a save still waiting would only come after it (and,
		// answered once the customer has moved on, take them back to the cart).
		const form = document.getElementById(UPDATE_FORM)
		const cancel = () => clearTimeout(timer.current)
		form?.addEventListener('submit', cancel)
		return () => {
			form?.removeEventListener('submit', cancel)
			cancel()
		}
	}, [])
	const save = (quantity: number) => {
		clearTimeout(timer.current)
		if (quantity === saved.current) return
		timer.current = setTimeout(() => {
			if (quantity === saved.current) return
			void fetcher.submit(
				{
					intent: INTENTS.update,
					lineID: line.lineID,
					productID: line.productID,
					uom: line.UOM,
					quantity,
					[SUBMISSION_FIELD]: submissionKey ?? '',
				},
				{ method: 'post', action: '/cart' },
			)
		}, SAVE_DELAY_MS)
	}
	// A refusal or failure of this line's own save shows here too.
	const errors = fetcher.data?.error
		? [...(fetcher.data.error.quantity ?? []), ...(fetcher.data.error[''] ?? [])]
		: documentErrors
	// Said when a save ends: 'Saved', unless it was refused (its errors say so).
	const busy = fetcher.state !== 'idle'
	const [seen, setSeen] = useState({ busy, saved: false })
	if (seen.busy !== busy) setSeen({ busy, saved: !busy && !fetcher.data?.error })
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
			<span className="cart-line__saving" role="status">
				{busy ? 'Saving…' : seen.saved ? <span className="visually-hidden">Saved</span> : null}
			</span>
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/** A cart line: image, description, tally lengths, quantity (or 'Edit lengths'), prices, remove. */
export function CartLineItem({
	line,
	formIndex,
	errors,
}: {
	/** The line, its prices written by the server (null: no price). */
	line: CartLine & { shown: { unitPrice: string; extended: string } | null }
	/** Its place in the 'Update cart' form; none for a tally line. */
	formIndex: number | undefined
	/** The 'Update cart' post's errors for its quantity. */
	errors: string[] | null | undefined
}) {
	return (
		<li className="cart-line">
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
					<LineQuantity line={line} index={formIndex ?? 0} documentErrors={errors} />
				)}
			</div>
			<dl className="cart-line__prices">
				<div>
					<dt>Unit price</dt>
					<dd>{line.shown ? `${line.shown.unitPrice} ${unitLabel(line.UOM)}` : NO_PRICE}</dd>
				</div>
				<div>
					<dt>Extended</dt>
					<dd>{line.shown ? line.shown.extended : NO_PRICE}</dd>
				</div>
			</dl>
			<Form method="post" action="/cart" preventScrollReset className="cart-line__remove">
				<SubmissionKey />
				<input type="hidden" name="intent" value={INTENTS.remove} />
				<input type="hidden" name="lineID" value={line.lineID} />
				<input type="hidden" name="productID" value={line.productID} />
				<button type="submit" className="icon-button" aria-label={`Remove ${line.prodDesc}`}>
					<TrashIcon />
				</button>
			</Form>
		</li>
	)
}
