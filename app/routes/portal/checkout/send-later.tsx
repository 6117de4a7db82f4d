import { StatusButton } from '#app/components/forms.tsx'

/**
 * The ordering system is down: checkout offers to keep the order and place it when the system is
 * back, at the total shown (docs/decisions/064-presenter-outages.md). A delivery's charge cannot
 * be worked out until then, so the customer is told they will confirm the total with it.
 */
export function SendLater({ delivery }: { delivery: boolean }) {
	return (
		<div className="checkout__queue">
			<p id="queue-note">
				Our ordering system is unavailable. We can keep this order and place it as soon as the
				system is back, at the total shown, and email you its number.
				{delivery
					? ' The delivery charge is worked out then: we will ask you to confirm the total with it.'
					: ''}
			</p>
			<StatusButton
				name="transactionType"
				value="Queue"
				className="button button--block"
				aria-describedby="queue-note"
			>
				Send when the system is back
			</StatusButton>
		</div>
	)
}
