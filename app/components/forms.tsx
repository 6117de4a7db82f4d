import { type SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { useFormAction, useMatches, useNavigation } from 'react-router'
import { useSpinDelay } from 'spin-delay'
// Loads the offline handling after the page: every form's 'Not sent' (docs/decisions/057).
import './connection.tsx'
import { loadedWhenShown } from './lazy.tsx'
import { ErrorDialog } from './modal.tsx'
import { SUBMISSION_FIELD } from '#app/utils/submission-key.ts'

/**
 * The forms kit (docs/decisions/012-actions-and-forms.md): labelled fields wired to conform, with
 * `aria-invalid`, `aria-describedby` and their errors beside them (form-fields.tsx); the 'Error'
 * dialog for an action's form errors; and the submit button that shows its own form is pending.
 */

export type ListOfErrors = Array<string | null | undefined> | null | undefined

/**
 * The submission key of a mutating form, hidden (docs/decisions/056-exactly-once-forms.md): the
 * server answers a repeat of the post (double tap, retry, resubmit from Back) with its first
 * answer. The key is the deepest route's `submissionKey` loader data: the portal layout's, which
 * is new after every action, or a public page's own.
 */
export function SubmissionKey() {
	const key = useSubmissionKey()
	return key ? <input type="hidden" name={SUBMISSION_FIELD} value={key} /> : null
}

/** The submission key for a post built in code (fetcher.submit with its own fields). */
export function useSubmissionKey() {
	const key = useMatches()
		.map((match) => (match.loaderData as { submissionKey?: unknown } | undefined)?.submissionKey)
		.findLast((value) => typeof value === 'string')
	return typeof key === 'string' ? key : undefined
}

/**
 * Field errors, announced, with the id the field's aria-describedby names. Other attributes go
 * to the list (`tabIndex` and `autoFocus` for a message that takes the focus).
 */
export function ErrorList({
	id,
	errors,
	...attributes
}: { id?: string; errors?: ListOfErrors } & React.HTMLAttributes<HTMLDivElement>) {
	const shown = errors?.filter(Boolean)
	if (!shown?.length) return null
	return (
		<div id={id} className="error-list" role="alert" {...attributes}>
			{shown.map((e) => (
				<p key={e}>{e}</p>
			))}
		</div>
	)
}

/**
 * What a refused form says first, 'There is a problem' and a link to each field in error
 * (error-summary.tsx): its code loads when a summary first shows, or before hydrating a page that
 * arrives with one.
 */
export const ErrorSummary = loadedWhenShown(
	() => import('./error-summary.tsx').then((m) => m.ErrorSummary),
	'.error-summary',
)

/**
 * The 'Error' dialog that shows an action's form errors. OK closes it in
 * place with JS; without JS it is a page section whose OK link goes to `closeTo`.
 */
export function FormErrorDialog({
	result,
	errors,
	closeTo,
}: {
	/** The action's reply: the dialog shows again for each new one. */
	result: SubmissionResult<string[]> | null | undefined
	errors: ListOfErrors
	closeTo: string
}) {
	const [dismissed, setDismissed] = useState<typeof result>()
	const shown = errors?.filter((e): e is string => Boolean(e))
	if (!shown?.length || !result || result === dismissed) return null
	return (
		<ErrorDialog
			message={shown.join('\n')}
			closeTo={closeTo}
			onClose={() => setDismissed(result)}
		/>
	)
}

/**
 * Whether a navigation is submitting this route's form (or `formAction`'s) and, when `fields` are
 * given, the submission carries each of them (the button pressed, the form's intent, a line id).
 */
export function useIsPending({
	formAction,
	formMethod = 'POST',
	fields = {},
}: { formAction?: string; formMethod?: 'POST' | 'GET'; fields?: Record<string, string> } = {}) {
	const navigation = useNavigation()
	const routeAction = useFormAction()
	if (navigation.state === 'idle' || !navigation.formAction) return false
	if (navigation.formMethod?.toUpperCase() !== formMethod) return false
	const path = (url: string) => new URL(url, 'http://portal.invalid').pathname
	if (path(navigation.formAction) !== path(formAction ?? routeAction)) return false
	return Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value)
}

/** A button says it is busy once its answer has taken this long. */
const PENDING_DELAY_MS = 300

/**
 * A submit button that shows when its own submission is pending: its form (by action), and only
 * this button — matched by its own name and value, the form's `intent`, and any other `match`ing
 * fields (a line id) — not every button on the page. `pending` overrides (fetchers pass their
 * state). The busy look waits a moment so quick answers don't flicker; the button refuses clicks
 * at once, so a double click sends once. It refuses them with `aria-disabled` rather than
 * `disabled`, which would take the focus away from it (to the page's start) while it waits.
 */
export function StatusButton({
	pending,
	intent,
	match,
	pendingLabel,
	children,
	className = 'button',
	...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & {
	pending?: boolean
	/** The form's hidden `intent` this button submits. */
	intent?: string
	/** Other fields that tell this button's submission apart, e.g. `{ lineID: '3' }`. */
	match?: Record<string, string>
	/** What the button says while busy, e.g. 'Sending...'. */
	pendingLabel?: string
}) {
	const fields: Record<string, string> = { ...match }
	if (intent) fields.intent = intent
	if (props.name && props.value !== undefined) fields[props.name] = String(props.value)
	const formAction = typeof props.formAction === 'string' ? props.formAction : undefined
	const own = useIsPending({ formAction, fields })
	const isPending = pending ?? own
	// Says so only when the answer takes a while: a quick one does not flicker.
	const busy = useSpinDelay(isPending, { delay: PENDING_DELAY_MS, minDuration: 300 })
	return (
		<button
			type="submit"
			{...props}
			className={className}
			aria-disabled={isPending || undefined}
			onClick={(event) => {
				if (isPending) return event.preventDefault()
				props.onClick?.(event)
			}}
			aria-busy={busy || undefined}
			data-pending={busy || undefined}
		>
			{busy ? <span className="spinner" aria-hidden="true" /> : null}
			{busy && pendingLabel ? pendingLabel : children}
		</button>
	)
}
