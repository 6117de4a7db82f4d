import { type SubmissionResult } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { ServerOnly } from 'remix-utils/server-only'
import { type Product } from '#app/.server/presenter/contract/catalogue.ts'
import { CATALOGUE_INTENTS } from './intents.ts'
import { ErrorList, FormErrorDialog, StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { QuantityStepper } from '#app/components/quantity-stepper.tsx'

type Result = SubmissionResult<string[]>

/**
 * How long the button says 'Added ✓' after an add, taking no other tap: a double tap, or a second
 * tap just after a quick answer, is one add.
 */
export const ADDED_HOLD_MS = 1500

/**
 * Unit, quantity and 'Add to cart'. With JS a fetcher posts in place (the toast and the cart badge
 * update when the page revalidates); without JS it is a form post that comes back to this page.
 */
export function AddToCartForm({
	product,
	idPrefix,
	redirectTo,
}: {
	product: Pick<Product, 'productID' | 'UOMList' | 'productShortDesc'>
	idPrefix: string
	redirectTo: string
}) {
	const fetcher = useFetcher<Result>({ key: `add-${idPrefix}-${product.productID}` })
	const documentResult = useActionData<Result>()
	const outcome =
		fetcher.data ??
		(documentResult?.initialValue?.productID === product.productID ? documentResult : undefined)

	// After each successful add the stepper starts again at 1, and the button says
	// 'Added ✓' for a moment.
	const [seen, setSeen] = useState(fetcher.data)
	const [resets, setResets] = useState(0)
	const [added, setAdded] = useState(false)
	if (fetcher.data !== seen) {
		setSeen(fetcher.data)
		// conform's reply({ resetForm: true }) is the success reply.
		if (fetcher.data?.initialValue === null) {
			setResets((n) => n + 1)
			setAdded(true)
		}
	}
	useEffect(() => {
		if (!added) return
		const timer = setTimeout(() => setAdded(false), ADDED_HOLD_MS)
		return () => clearTimeout(timer)
	}, [added, resets])

	const id = `${idPrefix}-${product.productID}`
	const quantityErrors = outcome?.error?.quantity ?? undefined
	return (
		// noValidate: the server's message shows next to the field, also without JS.
		<fetcher.Form
			method="post"
			className="add-to-cart"
			noValidate
			onSubmit={(event) => {
				if (added) event.preventDefault()
			}}
		>
			<SubmissionKey />
			<input type="hidden" name="intent" value={CATALOGUE_INTENTS.addToCart} />
			<input type="hidden" name="productID" value={product.productID} />
			<ServerOnly>{() => <input type="hidden" name="redirectTo" value={redirectTo} />}</ServerOnly>
			{product.UOMList.length > 1 ? (
				<>
					<label className="visually-hidden" htmlFor={`${id}-uom`}>
						Unit of measure
					</label>
					<select id={`${id}-uom`} name="uom" defaultValue={product.UOMList[0]?.UOM}>
						{product.UOMList.map((u) => (
							<option key={u.UOM}>{u.UOM}</option>
						))}
					</select>
				</>
			) : (
				<>
					<input type="hidden" name="uom" value={product.UOMList[0]?.UOM} />
					<span className="add-to-cart__uom">{product.UOMList[0]?.UOM}</span>
				</>
			)}
			<QuantityStepper
				key={resets}
				id={`${id}-qty`}
				label="Quantity"
				invalid={Boolean(quantityErrors?.length)}
				errorId={quantityErrors?.length ? `${id}-qty-error` : undefined}
			/>
			<StatusButton
				className="button button--primary"
				pending={fetcher.state !== 'idle'}
				pendingLabel="Adding…"
				// Not disabled: the button keeps its focus.
				aria-disabled={added || undefined}
			>
				{added ? 'Added ✓' : 'Add to cart'}
			</StatusButton>
			<ErrorList id={`${id}-qty-error`} errors={quantityErrors} />
			<FormErrorDialog result={outcome} errors={outcome?.error?.['']} closeTo={redirectTo} />
		</fetcher.Form>
	)
}
