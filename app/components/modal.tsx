import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { useNoScriptFragment } from './links.ts'

/**
 * A dialog rendered by the server, open: spec modals are URL or server state.
 * - `closeTo`: the URL without the modal; a Close link (and Escape, with JS) goes there. It may
 *   end in a fragment naming where the page was (a product's card), for a browser without JS,
 *   which loads that page at the top; with JS the scroll position is kept instead.
 * - `inline`: without JS the modal is a section at the top of the page rather than an overlay
 *   (long content stays usable on small screens); with JS it is a true modal either way.
 * Without JS an overlay modal stops the page scrolling and hides the page behind it, so Tab stays
 * in it (CSS :has). With JS it becomes a modal <dialog>: focus kept inside, background inert; once
 * it closes, the focus goes back to the control that opened it, or if that is gone to the element
 * `closeTo`'s fragment names (the product's card), or the page's heading.
 */
export function Modal({
	title,
	children,
	closeTo,
	dismissible = true,
	inline = false,
	onClose,
	className = '',
}: {
	title: string
	children: React.ReactNode
	closeTo?: string
	dismissible?: boolean
	inline?: boolean
	onClose?: () => void
	className?: string
}) {
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	const navigate = useNavigate()
	// With JS the page behind the dialog never moved: closing keeps it where it is.
	const closeTarget = useNoScriptFragment(closeTo ?? '')
	// The fragment names the list row the dialog is about (read before it is dropped for JS).
	const place = closeTo?.split('#')[1]
	useEffect(() => {
		const dialog = ref.current
		if (!dialog || !dialog.open) return
		dialog.close()
		dialog.showModal()
	}, [])
	// Closed before it leaves the page: the browser gives the focus back to what had it as the
	// dialog opened; 'dialog-closed' tells focus.tsx, which finds another place when that is gone.
	useLayoutEffect(() => {
		const dialog = ref.current
		return () => {
			dialog?.close()
			dialog?.dispatchEvent(new Event('dialog-closed', { bubbles: true }))
		}
	}, [])
	return (
		<div className={inline ? 'modal-backdrop modal-backdrop--inline' : 'modal-backdrop'}>
			<dialog
				ref={ref}
				className={`modal ${className}`}
				open
				aria-modal="true"
				aria-labelledby={titleId}
				data-place={place && decodeURIComponent(place)}
				onCancel={(event) => {
					event.preventDefault()
					if (!dismissible) return
					if (onClose) onClose()
					else if (closeTo) void navigate(closeTarget, { preventScrollReset: true })
				}}
			>
				<div className="modal__header">
					<h2 id={titleId} className="modal__title">
						{title}
					</h2>
					{closeTo && dismissible ? (
						<Link className="modal__close" to={closeTarget} preventScrollReset aria-label="Close">
							×
						</Link>
					) : null}
				</div>
				{children}
			</dialog>
		</div>
	)
}

/**
 * The 'Error' dialog a failed action shows. OK closes it: in place with JS, or by going to `closeTo`
 * without, where it is a section at the top of the page (the form below stays usable).
 */
export function ErrorDialog({
	message,
	closeTo,
	onClose,
}: {
	message: string
	closeTo: string
	onClose?: () => void
}) {
	return (
		<Modal title="Error" onClose={onClose} inline>
			<p className="modal__message">{message}</p>
			<Link
				className="button button--primary"
				to={closeTo}
				preventScrollReset
				onClick={(event) => {
					if (!onClose) return
					event.preventDefault()
					onClose()
				}}
			>
				OK
			</Link>
		</Modal>
	)
}
