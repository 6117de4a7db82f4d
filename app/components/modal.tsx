import { useEffect, useId, useRef } from 'react'

/**
 * A dialog rendered by the server, open (spec modals are URL or server state). Without JS it is
 * an overlay with a backdrop and the page does not scroll (CSS :has); with JS it becomes a true
 * modal <dialog> (focus kept inside, background inert).
 */
export function Modal({
	title,
	children,
	dismissible = true,
	onClose,
}: {
	title: string
	children: React.ReactNode
	dismissible?: boolean
	onClose?: () => void
}) {
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	useEffect(() => {
		const dialog = ref.current
		if (!dialog || !dialog.open) return
		dialog.close()
		dialog.showModal()
	}, [])
	return (
		<div className="modal-backdrop">
			<dialog
				ref={ref}
				className="modal"
				open
				aria-modal="true"
				aria-labelledby={titleId}
				onCancel={(event) => {
					if (!dismissible) event.preventDefault()
					else onClose?.()
				}}
			>
				<h2 id={titleId} className="modal__title">
					{title}
				</h2>
				{children}
			</dialog>
		</div>
	)
}
