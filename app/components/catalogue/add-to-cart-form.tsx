import { useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { ServerOnly } from 'remix-utils/server-only'
import { type Product } from '#app/.server/presenter/contract/catalogue.ts'
import { CATALOGUE_INTENTS } from '#app/routes/portal/products/intents.ts'
import { ErrorList } from '../forms.tsx'
import { ErrorDialog } from '../modal.tsx'
import { QuantityStepper } from '../quantity-stepper.tsx'

export type CatalogueActionData = {
	ok: boolean
	error: string | null
	productID?: string
	result?: { error?: Record<string, string[] | null> | null }
	tally?: unknown
}

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
	const fetcher = useFetcher<CatalogueActionData>({ key: `add-${idPrefix}-${product.productID}` })
	const documentAction = useActionData<CatalogueActionData>()
	const outcome =
		fetcher.data ?? (documentAction?.productID === product.productID ? documentAction : undefined)

	// After each successful add the stepper starts again at 1 (spec part 1 §4).
	const [seen, setSeen] = useState(fetcher.data)
	const [resets, setResets] = useState(0)
	const [dismissed, setDismissed] = useState<CatalogueActionData | undefined>()
	if (fetcher.data !== seen) {
		setSeen(fetcher.data)
		if (fetcher.data?.ok) setResets((n) => n + 1)
	}

	const id = `${idPrefix}-${product.productID}`
	const quantityErrors = outcome?.result?.error?.quantity ?? undefined
	const busy = fetcher.state !== 'idle'
	return (
		// noValidate: the server's message shows next to the field, also without JS.
		<fetcher.Form method="post" className="add-to-cart" noValidate>
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
			<button type="submit" className="button button--primary" aria-busy={busy || undefined}>
				Add to cart
			</button>
			<ErrorList id={`${id}-qty-error`} errors={quantityErrors} />
			{outcome?.error && outcome !== dismissed ? (
				<ErrorDialog
					message={outcome.error}
					closeTo={redirectTo}
					onClose={() => setDismissed(outcome)}
				/>
			) : null}
		</fetcher.Form>
	)
}
