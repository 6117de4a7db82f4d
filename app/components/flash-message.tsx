import { useEffect, useState } from 'react'
import { type Flash } from '#app/.server/flash.ts'

/** Spec part 1 §9: notifications last 3000 ms. */
export const FLASH_DURATION_MS = 3000

/**
 * The flash toast, rendered by the server in a live region so it shows without JS;
 * with JS it dismisses itself after 3 s.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
	const [dismissed, setDismissed] = useState<Flash | null>(null)
	useEffect(() => {
		if (!flash) return
		const timer = setTimeout(() => setDismissed(flash), FLASH_DURATION_MS)
		return () => clearTimeout(timer)
	}, [flash])
	const visible = flash && dismissed !== flash ? flash : null
	return (
		<div className="toasts" role="status" aria-live="polite">
			{visible ? <p className={`toast toast--${visible.type}`}>{visible.message}</p> : null}
		</div>
	)
}
