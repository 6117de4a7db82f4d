import { Form } from 'react-router'
import { DialogActions } from './dialog-actions.tsx'
import { Modal } from './modal.tsx'
import { SubmissionKey } from './forms.tsx'

/** A destructive step asked first: a server-rendered dialog whose button posts `intent` to `here`. */
export function ConfirmDialog({
	title,
	here,
	intent,
	confirm,
	children,
}: {
	title: string
	here: string
	intent: string
	confirm: string
	children: React.ReactNode
}) {
	return (
		<Modal title={title} closeTo={here}>
			{children}
			<Form method="post" action={here}>
				<SubmissionKey />
				<DialogActions cancelTo={here} name="intent" value={intent}>
					{confirm}
				</DialogActions>
			</Form>
		</Modal>
	)
}

/** The remove (bin) icon of line buttons. */
export function TrashIcon() {
	return (
		<svg
			aria-hidden="true"
			width="18"
			height="18"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
		>
			<path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
		</svg>
	)
}
