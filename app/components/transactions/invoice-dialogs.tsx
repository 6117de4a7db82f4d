import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type z } from 'zod'
import { EMAIL_FORMATS } from './detail-dialogs.tsx'
import {
	type EmailInvoicesSchema,
	type InvoiceCommentSchema,
} from '#app/routes/portal/transactions/invoices.server.ts'
import { INVOICE_INTENTS } from '#app/routes/portal/transactions/intents.ts'
import { summariseNumbers } from '#app/utils/numbers-list.ts'
import { RequiredLegend, SelectField, StatusButton, TextareaField, TextField } from '../forms.tsx'
import { Modal } from '../modal.tsx'

/**
 * The invoices list's dialogs, URL state of the list (`?dialog=email&sel=…`, `?comment=…`): a
 * <dialog> with JS, a page section without; each posts to the list's action at the same URL.
 */

type Result = SubmissionResult<string[]> | undefined

/**
 * Email the selected invoices: at most 5 numbers then '...and N more.' (spec part 2 §9), the
 * address (Send stays disabled while it is empty, with JS) and the format.
 */
export function EmailInvoicesDialog({
	action,
	closeTo,
	selected,
	lastResult,
}: {
	/** The list's URL, where the form posts. */
	action: string
	/** The list with the selection kept. */
	closeTo: string
	selected: string[]
	lastResult: Result
}) {
	const [form, fields] = useForm<z.input<typeof EmailInvoicesSchema>>({
		id: 'email-invoices',
		lastResult,
		defaultValue: { format: 'pdf' },
	})
	const [email, setEmail] = useState(String(fields.emailAddress.initialValue ?? ''))
	const hydrated = useHydrated()
	return (
		<Modal title="Email Invoices" closeTo={closeTo} inline>
			<p>
				{selected.length === 1 ? 'Invoice' : 'Invoices'} {summariseNumbers(selected)}
			</p>
			<Form method="post" action={action} {...getFormProps(form)}>
				<input type="hidden" name="intent" value={INVOICE_INTENTS.email} />
				{selected.map((ref) => (
					<input key={ref} type="hidden" name="sel" value={ref} />
				))}
				<RequiredLegend />
				<TextField
					meta={fields.emailAddress}
					label="Email address"
					type="email"
					autoComplete="email"
					required
					onInput={(e) => setEmail(e.currentTarget.value)}
				/>
				<SelectField meta={fields.format} label="Format" options={EMAIL_FORMATS} />
				<div className="modal__actions">
					<StatusButton
						className="button button--primary"
						intent={INVOICE_INTENTS.email}
						pendingLabel="Sending..."
						disabled={hydrated && !email.trim()}
					>
						Send
					</StatusButton>
					<Link to={closeTo} className="button" preventScrollReset>
						Cancel
					</Link>
				</div>
			</Form>
		</Modal>
	)
}

/** An invoice's comment from the list: the whole text to read, and to change (5 rows). */
export function InvoiceCommentDialog({
	action,
	closeTo,
	invoice,
	number,
	comment,
	lastResult,
}: {
	action: string
	closeTo: string
	/** The invoice's reference, {number}-{suffix}. */
	invoice: string
	number: string
	comment: string
	lastResult: Result
}) {
	const [form, fields] = useForm<z.input<typeof InvoiceCommentSchema>>({
		id: 'invoice-comment',
		lastResult,
		defaultValue: { userComment: comment },
	})
	return (
		<Modal title="Comment" closeTo={closeTo} inline>
			<p>Invoice {number}</p>
			<Form method="post" action={action} {...getFormProps(form)}>
				<input type="hidden" name="intent" value={INVOICE_INTENTS.comment} />
				<input type="hidden" name="invoice" value={invoice} />
				<TextareaField meta={fields.userComment} label="Comment" rows={5} />
				<div className="modal__actions">
					<StatusButton className="button button--primary" intent={INVOICE_INTENTS.comment}>
						Save
					</StatusButton>
					<Link to={closeTo} className="button" preventScrollReset>
						Cancel
					</Link>
				</div>
			</Form>
		</Modal>
	)
}
