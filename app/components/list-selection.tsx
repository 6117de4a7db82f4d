import { createContext, use, useEffect, useRef, useState, type ComponentProps } from 'react'
import { Form, Link } from 'react-router'

/**
 * A list's rows selected with checkboxes (DataTable `select`, in list-table.tsx): the form around
 * them, its bar of actions and the link to it.
 */

/** How many rows of the SelectionForm around are checked, as far as JavaScript knows. */
const SelectedCount = createContext(0)
const checkedIn = (form: HTMLFormElement, name: string) =>
	form.querySelectorAll(`input[type="checkbox"][name="${CSS.escape(name)}"]:checked`).length

/**
 * The form around a list whose rows are selected with checkboxes (DataTable `select`), for the
 * actions of its SelectionBar: plain checkboxes in a form, so selecting works without
 * JavaScript (`selectable`: CSS shows the bar and counts what is checked). With JavaScript it
 * counts the checked boxes named `name` for the bar, including boxes of rows on other pages that
 * the page renders checked and out of sight (SelectedElsewhere). Each new page (e.g. after the
 * action) should key it by `location.key`, so it starts from what the server rendered.
 */
export function SelectionForm({
	name,
	className,
	children,
	...props
}: ComponentProps<typeof Form> & { name: string }) {
	const ref = useRef<HTMLFormElement>(null)
	const [count, setCount] = useState(0)
	const recount = (form: HTMLFormElement) => setCount(checkedIn(form, name))
	// What the server rendered checked, or the browser restored (back and forward).
	useEffect(() => {
		if (ref.current) setCount(checkedIn(ref.current, name))
	}, [name])
	return (
		<Form
			ref={ref}
			{...props}
			className={className ? `selectable ${className}` : 'selectable'}
			// The native input event: React's onChange skips a box checked again after a reset.
			onInput={(event) => recount(event.currentTarget)}
			onReset={(event) => {
				const form = event.currentTarget
				// The event comes before the boxes are reset.
				setTimeout(() => recount(form))
			}}
		>
			<SelectedCount value={count}>{children}</SelectedCount>
		</Form>
	)
}

/**
 * Rows selected on other pages (a selection kept in the URL, `ids` less this page's rows), inside
 * a SelectionForm: checked boxes nobody sees or reaches, rather than hidden fields, so they are
 * submitted with the page's and the bar's CSS finds and counts them without JavaScript.
 */
export function SelectedElsewhere({ name, ids }: { name: string; ids: readonly string[] }) {
	return (
		<div className="visually-hidden" inert>
			{ids.map((id) => (
				<input key={id} type="checkbox" name={name} value={id} defaultChecked />
			))}
		</div>
	)
}

/**
 * The bar of a list's checked rows, inside its SelectionForm: the actions (`children`), then
 * 'Unselect All' and `error`. CSS shows it only while a checkbox is checked (or it shows an
 * error), so without JavaScript too, and there the count is a CSS counter of them; with
 * JavaScript it is text, announced as it changes. 'Unselect All' resets the form, or, where rows
 * of other pages are selected too, is a link to `unselectTo` (the list with none).
 */
export function SelectionBar({
	id,
	label,
	unselectTo,
	error,
	children,
}: {
	/** What a SelectionSkip links to. */
	id?: string
	label: string
	unselectTo?: string
	error?: string | null
	children: React.ReactNode
}) {
	const count = use(SelectedCount)
	return (
		<div
			id={id}
			// A fragment's target (SelectionSkip without JS): the next Tab is its first action.
			tabIndex={id ? -1 : undefined}
			className="selection-bar"
			role="group"
			aria-label={label}
		>
			<p className="selection-bar__count">
				<span className="js-only" aria-live="polite">
					{count} selected
				</span>
			</p>
			{children}
			{unselectTo ? (
				<Link className="button" to={unselectTo} preventScrollReset replace>
					Unselect All
				</Link>
			) : (
				<button type="reset" className="button">
					Unselect All
				</button>
			)}
			{error ? (
				<p className="field-error" role="alert">
					{error}
				</p>
			) : null}
		</div>
	)
}

/**
 * A link to a SelectionBar's actions (`to`, the bar's id), placed before the rows inside the
 * SelectionForm: the keyboard goes back to it from the rows it has checked (Shift+Tab), rather
 * than on past every row after them. Shown only while a row is checked, and like the page's skip
 * link only while it has the focus. With JS it focuses the bar's first action in place (a
 * fragment navigation would draw the list again, unchecking the boxes).
 */
export function SelectionSkip({ to, children }: { to: string; children: React.ReactNode }) {
	return (
		<a
			className="selection-skip"
			href={`#${to}`}
			onClick={(event) => {
				const action = document.getElementById(to)?.querySelector<HTMLElement>('button, a[href]')
				if (!action) return
				event.preventDefault()
				action.focus()
			}}
		>
			{children}
		</a>
	)
}
