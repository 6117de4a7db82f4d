import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useEffect, useState } from 'react'
import { Form, useRouteLoaderData } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useBrowserCheck } from './browser-check.ts'
import { summariseNumbers } from '#app/utils/numbers-list.ts'
import { DialogActions } from './dialog-actions.tsx'
import { ErrorSummary, SubmissionKey } from './forms.tsx'
import { RequiredLegend, SelectField, TextareaField, TextField } from './form-fields.tsx'
import { Modal } from './modal.tsx'

/**
 * The Email and Comment dialogs of a transaction's page and of the invoices list.
 * Each is URL state of its page: a <dialog> with JS, a page section without; each
 * posts `intent` and its `hidden` fields to `action`, and 'Cancel' goes to `closeTo`.
 */

type Result = SubmissionResult<string[]> | undefined

type DialogForm = {
	/** The form's id (conform's, and what its errors are known by). */
	id: string
	action: string
	closeTo: string
	intent: string
	/** Fields the form carries as they are, e.g. the selected invoices. */
	hidden?: Array<[name: string, value: string]>
	lastResult: Result
	/**
	 * Loads the form's rules (its route's `*.forms.ts`, a dynamic import) to check it in the browser
	 * before it is sent, once the page has hydrated (useBrowserCheck, decision 050).
	 */
	loadCheck: Parameters<typeof useBrowserCheck>[0]
}

/** conform's options for the browser check: when sent, then as each field changes. */
function useDialogCheck(load: DialogForm['loadCheck']) {
	return {
		...useBrowserCheck(load),
		shouldValidate: 'onSubmit' as const,
		shouldRevalidate: 'onInput' as const,
	}
}

export const EMAIL_FORMATS = [
	{ value: 'pdf', label: 'PDF' },
	{ value: 'csv', label: 'CSV' },
	{ value: 'xero', label: 'Xero' },
	{ value: 'simpro', label: 'Simpro' },
	{ value: 'tradify', label: 'Tradify' },
	{ value: 'fergus', label: 'Fergus' },
]

function Hidden({ intent, hidden = [] }: Pick<DialogForm, 'intent' | 'hidden'>) {
	return (
		<>
			<input type="hidden" name="intent" value={intent} />
			{hidden.map(([name, value]) => (
				<input key={`${name}=${value}`} type="hidden" name={name} value={value} />
			))}
		</>
	)
}

/**
 * Email documents: which ones ('Invoice 1001', at most 5 numbers then '...and N more.'),
 * the address (the user's own to start with; Send stays disabled while it is empty, with
 * JS) and, for invoices, the format (others are sent as PDF).
 */
export function EmailDialog({
	title,
	kind,
	numbers,
	formats,
	...form
}: DialogForm & {
	title: string
	/** What is sent, singular ('Invoice'); 's' is added for more than one. */
	kind: string
	numbers: string[]
	/** Whether the user chooses the format. */
	formats: boolean
}) {
	// The user's own address is offered: documents are most often sent to oneself first.
	const own = useRouteLoaderData('routes/portal/layout') as { user: { email: string } } | undefined
	const [conform, fields] = useForm<{ emailAddress: string; format: string }, unknown>({
		id: form.id,
		lastResult: form.lastResult,
		defaultValue: { format: 'pdf', emailAddress: own?.user.email ?? '' },
		...useDialogCheck(form.loadCheck),
	})
	const [email, setEmail] = useState(String(fields.emailAddress.initialValue ?? ''))
	const hydrated = useHydrated()
	// An address typed before the page hydrated is in the field, not yet in state.
	useEffect(() => {
		const field = document.getElementById(fields.emailAddress.id)
		// The field is the source here (it is uncontrolled): state catches up with it once.
		// eslint-disable-next-line react-hooks/set-state-in-effect
		if (field instanceof HTMLInputElement) setEmail(field.value)
	}, [fields.emailAddress.id])
	return (
		<Modal title={title} closeTo={form.closeTo} inline>
			<p>
				{numbers.length === 1 ? kind : `${kind}s`} {summariseNumbers(numbers)}
			</p>
			<Form method="post" action={form.action} {...getFormProps(conform)}>
				<ErrorSummary form={conform} labels={{ emailAddress: 'Email address', format: 'Format' }} />
				<SubmissionKey />
				<Hidden intent={form.intent} hidden={form.hidden} />
				<RequiredLegend />
				<TextField
					meta={fields.emailAddress}
					label="Email address"
					type="email"
					autoComplete="email"
					required
					onInput={(e) => setEmail(e.currentTarget.value)}
				/>
				{formats ? (
					<SelectField meta={fields.format} label="Format" options={EMAIL_FORMATS} />
				) : (
					<input type="hidden" name="format" value="pdf" />
				)}
				{/* Disabled while the address is empty; only JS can know that before sending. */}
				<DialogActions
					cancelTo={form.closeTo}
					intent={form.intent}
					disabled={hydrated && !email.trim()}
				>
					Send
				</DialogActions>
			</Form>
		</Modal>
	)
}

/** A document's comment: the whole text to read, and to change (5 rows, at most 2000 characters). */
export function CommentDialog({
	subject,
	comment,
	...form
}: DialogForm & {
	/** Whose comment, when the page does not say ('Invoice 1001'). */
	subject?: string
	comment: string
}) {
	const [conform, fields] = useForm<{ userComment: string }, unknown>({
		id: form.id,
		lastResult: form.lastResult,
		defaultValue: { userComment: comment },
		...useDialogCheck(form.loadCheck),
	})
	return (
		<Modal title="Comment" closeTo={form.closeTo} inline>
			{subject ? <p>{subject}</p> : null}
			<Form method="post" action={form.action} {...getFormProps(conform)}>
				<ErrorSummary form={conform} labels={{ userComment: 'Comment' }} />
				<SubmissionKey />
				<Hidden intent={form.intent} hidden={form.hidden} />
				<TextareaField meta={fields.userComment} label="Comment" rows={5} />
				<DialogActions cancelTo={form.closeTo} intent={form.intent}>
					Save
				</DialogActions>
			</Form>
		</Modal>
	)
}
