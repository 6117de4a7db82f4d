import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { type Flash } from '#app/.server/flash.ts'

/** Spec part 1 §9: notifications last 3000 ms. */
export const FLASH_DURATION_MS = 3000

/**
 * The flash toast, rendered by the server in a live region so it shows without JS;
 * with JS it dismisses itself after 3 s, unless it offers a link (it then stays for this page).
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
	const [dismissed, setDismissed] = useState<Flash | null>(null)
	useEffect(() => {
		if (!flash || flash.link) return
		const timer = setTimeout(() => setDismissed(flash), FLASH_DURATION_MS)
		return () => clearTimeout(timer)
	}, [flash])
	const visible = flash && dismissed !== flash ? flash : null
	return (
		<div className="toasts" role="status" aria-live="polite">
			{visible && (visible.details?.length || visible.link) ? (
				<div className={`toast toast--${visible.type}`}>
					<p>{visible.message}</p>
					{visible.details?.length ? (
						<ul className="toast__details">
							{visible.details.map((d, i) => (
								<li key={i}>{d}</li>
							))}
						</ul>
					) : null}
					{visible.link ? (
						<Link className="toast__link" to={visible.link.href}>
							{visible.link.label}
						</Link>
					) : null}
				</div>
			) : visible ? (
				<p className={`toast toast--${visible.type}`}>{visible.message}</p>
			) : null}
		</div>
	)
}
