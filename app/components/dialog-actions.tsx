import { type ComponentProps } from 'react'
import { Link } from 'react-router'
import { StatusButton } from './forms.tsx'

/**
 * A dialog's bar: its submit button (a StatusButton; its props go to it) and 'Cancel', a link to
 * `cancelTo` (the page without the dialog), so it closes without JavaScript too. A 'Send' button
 * reads 'Sending...' while it sends.
 */
export function DialogActions({
	cancelTo,
	children,
	pendingLabel = children === 'Send' ? 'Sending...' : undefined,
	className = 'button button--primary',
	...button
}: ComponentProps<typeof StatusButton> & { cancelTo: string }) {
	return (
		<div className="modal__actions">
			<StatusButton className={className} pendingLabel={pendingLabel} {...button}>
				{children}
			</StatusButton>
			<Link to={cancelTo} className="button" preventScrollReset>
				Cancel
			</Link>
		</div>
	)
}
