/** The honeypot: invisible to people, filled in by form-filling bots. */
export const HONEYPOT = 'website'

/** The honeypot's field, hidden from people and from assistive technology. */
export function HoneypotField({ id }: { id: string }) {
	return (
		<div className="visually-hidden" aria-hidden="true">
			<label htmlFor={id}>Leave this empty</label>
			<input id={id} name={HONEYPOT} tabIndex={-1} autoComplete="off" />
		</div>
	)
}
