import type { CheckoutJob } from '#app/.server/jobs/index.ts'

/** The checkout form's fields a job fills in, by name, and the job's part for each. */
const FIELDS = {
	'shipping.address': 'address',
	'shipping.suburb': 'suburb',
	'shipping.state': 'state',
	'shipping.zipCode': 'postcode',
	'shipping.reference': 'reference',
	'delivery.contactName': 'contactName',
	'delivery.contactPhone': 'contactPhone',
} as const

/**
 * 'Use job' beside the checkout's Job choice. Without JS it posts the checkout form, which comes
 * back with the job's site address, contact and reference filled in; with JS it fills the form's
 * fields in place (they are uncontrolled, docs/decisions/010), as 'Use address' does. A job
 * without a contact leaves the contact typed. Loaded when it first shows, so it imports nothing
 * of the page's.
 */
export function UseJob({ jobs, intent }: { jobs: CheckoutJob[]; intent: string }) {
	return (
		<button
			type="submit"
			name="intent"
			value={intent}
			formNoValidate
			className="button"
			onClick={(event) => {
				const form = event.currentTarget.form
				const select = form?.elements.namedItem('job')
				if (!form || !(select instanceof HTMLSelectElement)) return
				event.preventDefault()
				const chosen = jobs.find((j) => j.id === select.value)
				if (!chosen) return
				for (const [name, part] of Object.entries(FIELDS)) {
					const field = form.elements.namedItem(name)
					const value = chosen[part]
					if (!value) continue
					if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
						field.value = value
						field.dispatchEvent(new Event('input', { bubbles: true }))
					}
				}
			}}
		>
			Use job
		</button>
	)
}
