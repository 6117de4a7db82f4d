import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { type z } from 'zod'
import {
	type acceptSchema,
	type CommentSchema,
	type EmailSchema,
	type RequestChangeSchema,
} from '#app/routes/portal/transactions/detail.server.ts'
import { DETAIL_INTENTS } from '#app/routes/portal/transactions/intents.ts'
import { summariseNumbers } from '#app/utils/numbers-list.ts'
import { type Locale } from '#app/utils/format.ts'
import {
	DateField,
	RequiredLegend,
	SelectField,
	StatusButton,
	TextareaField,
	TextField,
} from '../forms.tsx'
import { Modal } from '../modal.tsx'

/**
 * The transaction detail page's dialogs (spec part 2 §2 Modals). Each is URL state
 * (`?dialog=…`): a <dialog> with JS, a page section without; each posts to the page's action.
 */

type Result = SubmissionResult<string[]> | undefined

export const EMAIL_FORMATS = [
	{ value: 'pdf', label: 'PDF' },
	{ value: 'csv', label: 'CSV' },
	{ value: 'xero', label: 'Xero' },
	{ value: 'simpro', label: 'Simpro' },
	{ value: 'tradify', label: 'Tradify' },
	{ value: 'fergus', label: 'Fergus' },
]

function Actions({ here, label, intent }: { here: string; label: string; intent: string }) {
	return (
		<div className="modal__actions">
			<StatusButton
				className="button button--primary"
				intent={intent}
				// Spec part 2 §4: a Send button reads 'Sending...' while sending.
				pendingLabel={label === 'Send' ? 'Sending...' : undefined}
			>
				{label}
			</StatusButton>
			<Link to={here} className="button" preventScrollReset>
				Cancel
			</Link>
		</div>
	)
}

/** Email: the address (Send stays disabled while it is empty, with JS) and, for invoices, the format. */
export function EmailDialog({
	here,
	type,
	number,
	lastResult,
}: {
	here: string
	type: string
	number: string
	lastResult: Result
}) {
	const [form, fields] = useForm<z.input<typeof EmailSchema>>({
		id: 'email',
		lastResult,
		defaultValue: { format: 'pdf' },
	})
	const [email, setEmail] = useState(String(fields.emailAddress.initialValue ?? ''))
	const hydrated = useHydrated()
	return (
		<Modal title={`Email ${type}`} closeTo={here} inline>
			<p>
				{type} {summariseNumbers([number])}
			</p>
			<Form method="post" action={`${here}?dialog=email`} {...getFormProps(form)}>
				<input type="hidden" name="intent" value={DETAIL_INTENTS.email} />
				<RequiredLegend />
				<TextField
					meta={fields.emailAddress}
					label="Email address"
					type="email"
					autoComplete="email"
					required
					onInput={(e) => setEmail(e.currentTarget.value)}
				/>
				{type === 'Invoice' ? (
					<SelectField meta={fields.format} label="Format" options={EMAIL_FORMATS} />
				) : (
					<input type="hidden" name="format" value="pdf" />
				)}
				<div className="modal__actions">
					{/* Disabled while the address is empty; only JS can know that before sending. */}
					<StatusButton
						className="button button--primary"
						intent={DETAIL_INTENTS.email}
						pendingLabel="Sending..."
						disabled={hydrated && !email.trim()}
					>
						Send
					</StatusButton>
					<Link to={here} className="button" preventScrollReset>
						Cancel
					</Link>
				</div>
			</Form>
		</Modal>
	)
}

/** An invoice's comment (5 rows, no validation). */
export function CommentDialog({
	here,
	comment,
	lastResult,
}: {
	here: string
	comment: string
	lastResult: Result
}) {
	const [form, fields] = useForm<z.input<typeof CommentSchema>>({
		id: 'comment',
		lastResult,
		defaultValue: { userComment: comment },
	})
	return (
		<Modal title="Comment" closeTo={here} inline>
			<Form method="post" action={`${here}?dialog=comment`} {...getFormProps(form)}>
				<input type="hidden" name="intent" value={DETAIL_INTENTS.comment} />
				<TextareaField meta={fields.userComment} label="Comment" rows={5} />
				<Actions here={here} label="Save" intent={DETAIL_INTENTS.comment} />
			</Form>
		</Modal>
	)
}

/** Request Change: a message to the supplier from the user's address (6 rows). */
export function RequestChangeDialog({
	here,
	userEmail,
	lastResult,
}: {
	here: string
	userEmail: string
	lastResult: Result
}) {
	const [form, fields] = useForm<z.input<typeof RequestChangeSchema>>({
		id: 'request-change',
		lastResult,
		defaultValue: { emailAddress: userEmail },
	})
	return (
		<Modal title="Request Changes" closeTo={here} inline>
			<Form method="post" action={`${here}?dialog=request-change`} {...getFormProps(form)}>
				<input type="hidden" name="intent" value={DETAIL_INTENTS.requestChange} />
				<RequiredLegend />
				<TextField meta={fields.emailAddress} label="Email address" type="email" required />
				<TextareaField meta={fields.message} label="Message" rows={6} required />
				<Actions here={here} label="Send" intent={DETAIL_INTENTS.requestChange} />
			</Form>
		</Modal>
	)
}

/** Accept a quote: delivery date and comment, both required. */
export function AcceptDialog({
	here,
	lastResult,
	locale,
}: {
	here: string
	lastResult: Result
	locale: Locale
}) {
	const [form, fields] = useForm<z.input<ReturnType<typeof acceptSchema>>>({
		id: 'accept',
		lastResult,
	})
	return (
		<Modal title="Accept Quote" closeTo={here} inline>
			<Form method="post" action={`${here}?dialog=accept`} {...getFormProps(form)}>
				<input type="hidden" name="intent" value={DETAIL_INTENTS.accept} />
				<RequiredLegend />
				<DateField meta={fields.deliveryDate} label="Delivery date" locale={locale} required />
				<TextareaField meta={fields.comment} label="Comment" rows={5} required />
				<Actions here={here} label="Accept" intent={DETAIL_INTENTS.accept} />
			</Form>
		</Modal>
	)
}
