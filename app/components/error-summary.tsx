import { type FormMetadata } from '@conform-to/react'

/**
 * What a refused form says first (the GOV.UK error summary): 'There is a problem' and a link to
 * each field in error, named by its message, after its label where the message does not name the
 * field ('Required'): `labels`, by field name, in the page's order. A page loaded with it (a post refused without JS) opens on it (autofocus); the links
 * take the focus to their fields. With JS the browser's check or the server's answer focuses the
 * first field in error instead (conform), and the summary's alert says what is wrong.
 */
export function ErrorSummary({
	form,
	labels,
}: {
	form: Pick<FormMetadata<Record<string, unknown>, string[]>, 'id' | 'allErrors'>
	labels?: Record<string, string>
}) {
	// In the page's order: the order of `labels`.
	const order = Object.keys(labels ?? {})
	const place = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
	const errors = Object.entries(form.allErrors)
		.flatMap(([name, messages]) => (name && messages?.[0] ? [{ name, message: messages[0] }] : []))
		.sort((a, b) => place(a.name) - place(b.name))
	if (!errors.length) return null
	const titleId = `${form.id}-summary`
	return (
		// eslint-disable-next-line jsx-a11y/no-autofocus -- a refused page opens on what is wrong
		<div className="error-summary" tabIndex={-1} autoFocus aria-labelledby={titleId} role="group">
			<div role="alert">
				<h2 id={titleId} className="error-summary__title">
					There is a problem
				</h2>
				<ul className="error-summary__list">
					{errors.map(({ name, message }) => {
						const fieldId = `${form.id}-${name}`
						return (
							<li key={name}>
								<a
									href={`#${fieldId}`}
									onClick={(event) => {
										const field = document.getElementById(fieldId)
										if (!field) return
										// In place, with JS: no history entry for the fragment.
										event.preventDefault()
										field.focus()
									}}
								>
									{labels?.[name] ? `${labels[name]}: ${message}` : message}
								</a>
							</li>
						)
					})}
				</ul>
			</div>
		</div>
	)
}
