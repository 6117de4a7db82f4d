import { useEffect, useState } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { type Flash } from '#app/.server/request/flash.ts'

/** Notifications (toasts) last 3000 ms. */
export const FLASH_DURATION_MS = 3000

/**
 * Gone after FLASH_DURATION_MS, the clock stopped while `paused` (hovered or focused) and started
 * again when it is not.
 */
function useExpiry(flash: Flash | null, paused: boolean) {
	const [expired, setExpired] = useState<Flash | null>(null)
	useEffect(() => {
		if (!flash || paused || expired === flash) return
		const timer = setTimeout(() => setExpired(flash), FLASH_DURATION_MS)
		return () => clearTimeout(timer)
	}, [flash, paused, expired])
	return { gone: flash !== null && expired === flash, dismiss: () => setExpired(flash) }
}

/** Handlers that pause a toast's clock while the pointer is on it or focus is in it. */
function usePause() {
	const [hovered, setHovered] = useState(false)
	const [focused, setFocused] = useState(false)
	return {
		paused: hovered || focused,
		handlers: {
			onMouseEnter: () => setHovered(true),
			onMouseLeave: () => setHovered(false),
			onFocus: () => setFocused(true),
			onBlur: () => setFocused(false),
		},
	}
}

/** What the root loader says of the flash (typed here: importing root.tsx makes an import circle). */
const useRootData = () =>
	useRouteLoaderData('root') as { flash: Flash | null; scripted: boolean } | undefined

/**
 * The page's one-time message (a flash the server set before redirecting), rendered by the server
 * at the top of the page's content, in the page flow: without JS it stays there until the next page
 * and never covers a control. With JS (CSS keys on `html[data-js]`) a brief message is a
 * toast, top right for 3 s, its clock paused while hovered or focused; a message with detail (lines
 * listed, a link) stays in the page until the customer moves on, and only its first line is also
 * toasted. Place it first in each page's main content.
 */
export function FlashMessage() {
	const root = useRootData()
	const flash = root?.flash ?? null
	const detailed = Boolean(flash?.details?.length || flash?.link)
	const pause = usePause()
	const toast = useExpiry(flash, pause.paused)
	const [closed, setClosed] = useState<Flash | null>(null)
	const notice = flash && closed !== flash && !(toast.gone && !detailed) ? flash : null
	return (
		<>
			<div className="notices" role="status" aria-live="polite">
				{notice ? (
					<div
						className={`notice notice--${notice.type} ${detailed ? 'notice--detailed' : 'notice--brief'}`}
						// A post's outcome takes the focus: a page loaded without JS opens on it (autofocus,
						// unless the address names a place in the page); with JS, RouteFocus puts it there
						// after a navigation to another page.
						tabIndex={-1}
						// eslint-disable-next-line jsx-a11y/no-autofocus
						autoFocus={!root?.scripted}
						{...(detailed ? {} : pause.handlers)}
					>
						<p>{notice.message}</p>
						{notice.details?.length ? (
							<ul className="notice__details">
								{notice.details.map((d, i) => (
									<li key={i}>{d}</li>
								))}
							</ul>
						) : null}
						{notice.link ? (
							<Link className="notice__link" to={notice.link.href}>
								{notice.link.label}
							</Link>
						) : null}
						<button
							type="button"
							className="notice__dismiss js-only"
							aria-label="Dismiss"
							onClick={() => (detailed ? setClosed(notice) : toast.dismiss())}
						>
							×
						</button>
					</div>
				) : null}
			</div>
			{flash && detailed && !toast.gone ? (
				// The detail is read in the page; the toast only echoes its first line.
				<p className={`toast toast--${flash.type}`} aria-hidden="true" {...pause.handlers}>
					{flash.message}
				</p>
			) : null}
		</>
	)
}

/**
 * The page's message again where it is about (the flash's `at` is `id`): a page without JS that
 * comes back to a product's card is scrolled there, past the message at its top. With JS the
 * message is the toast, which is in view anyway (CSS hides this).
 */
export function FlashHere({ id }: { id: string }) {
	const flash = useRootData()?.flash ?? null
	if (flash?.at !== id) return null
	return <p className={`flash-here flash-here--${flash.type}`}>{flash.message}</p>
}
