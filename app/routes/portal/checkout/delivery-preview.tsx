import type { DeliveryPreview } from '#app/.server/orders/index.ts'
import { type Currency, type Locale } from '#app/utils/format.ts'
import { loadedWhenShown } from '#app/components/lazy.tsx'

/** Where the checkout posts; 'Calculate delivery' adds the result's fragment. */
export const CHECKOUT = '/checkout'
export const RESULT_ID = 'delivery-result'

/**
 * The preview if it was calculated for the despatch method, address and vehicle the form has now;
 * null once any of them changed.
 */
export function currentPreview(
	preview: DeliveryPreview | undefined,
	current: Record<keyof DeliveryPreview['for'], string | undefined>,
) {
	if (!preview) return null
	const stale = Object.entries(preview.for).some(
		([key, value]) => String(value) !== (current[key as keyof typeof current] ?? '').trim(),
	)
	return stale ? null : preview
}

/** The props of what 'Calculate delivery' found (delivery-result.tsx). */
export type DeliveryResultProps = {
	preview: DeliveryPreview | null
	errors: Array<{ id: string; message: string }>
	branches: Array<{ branchID: number; branchName: string }>
	format: { locale: Locale; currency: Currency }
}

/**
 * Where 'Calculate delivery' shows what it found (a live region, there before it has anything to
 * say). Its content's code loads when it first shows: a checkout that never calculates a delivery
 * does not load it.
 */
const DeliveryResult = loadedWhenShown(
	() => import('./delivery-result.tsx').then((m) => m.DeliveryResult),
	`#${RESULT_ID} > *`,
)

/**
 * What 'Calculate delivery' found, or what stopped it. With JS it goes away as soon as the
 * despatch method, address or vehicle type is changed, so it is never shown stale.
 */
export function DeliveryPreviewPanel(props: DeliveryResultProps) {
	return (
		<div id={RESULT_ID} aria-live="polite">
			{props.preview || props.errors.length ? <DeliveryResult {...props} /> : null}
		</div>
	)
}
