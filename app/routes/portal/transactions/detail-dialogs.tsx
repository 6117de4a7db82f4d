import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { type z } from 'zod'
import type { acceptSchema, RequestChangeSchema } from './detail.forms.ts'
import { useBranchToday } from '#app/components/branch-today.ts'
import { DETAIL_INTENTS } from './intents.ts'
import { type Locale } from '#app/utils/format.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { DialogActions } from '#app/components/dialog-actions.tsx'
import { SubmissionKey } from '#app/components/forms.tsx'
import {
	DateField,
	RequiredLegend,
	TextareaField,
	TextField,
} from '#app/components/form-fields.tsx'
import { Modal } from '#app/components/modal.tsx'

/**
 * The transaction detail page's own dialogs (Email and Comment are shared,
 * document-dialogs.tsx). Each is URL state (`?dialog=…`): a <dialog> with JS, a page section
 * without; each posts to the page's action.
 */

type Result = SubmissionResult<string[]> | undefined
type AcceptForm = z.input<ReturnType<typeof acceptSchema>>

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
	const check = useBrowserCheck(() =>
		import('./detail.forms.ts').then((m) => m.RequestChangeSchema),
	)
	const [form, fields] = useForm<
		z.input<typeof RequestChangeSchema>,
		z.output<typeof RequestChangeSchema>
	>({
		id: 'request-change',
		lastResult,
		defaultValue: { emailAddress: userEmail },
		...check,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Modal title="Request Changes" closeTo={here} inline>
			<Form method="post" action={`${here}?dialog=request-change`} {...getFormProps(form)}>
				<SubmissionKey />
				<input type="hidden" name="intent" value={DETAIL_INTENTS.requestChange} />
				<RequiredLegend />
				<TextField meta={fields.emailAddress} label="Email address" type="email" required />
				<TextareaField meta={fields.message} label="Message" rows={6} required />
				<DialogActions cancelTo={here} intent={DETAIL_INTENTS.requestChange}>
					Send
				</DialogActions>
			</Form>
		</Modal>
	)
}

/**
 * Accept a quote: delivery date and comment, both required. Over the user's limits (`approval`
 * says why) accepting is sent for an administrator's approval instead, and the button says so.
 */
export function AcceptDialog({
	here,
	lastResult,
	locale,
	approval,
}: {
	here: string
	lastResult: Result
	locale: Locale
	approval: string | null
}) {
	const today = useBranchToday()
	const check = useBrowserCheck(() =>
		import('./detail.forms.ts').then((m) => m.acceptSchema(locale, today)),
	)
	const [form, fields] = useForm<AcceptForm, z.output<ReturnType<typeof acceptSchema>>>({
		id: 'accept',
		lastResult,
		...check,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Modal title="Accept Quote" closeTo={here} inline>
			<Form method="post" action={`${here}?dialog=accept`} {...getFormProps(form)}>
				<SubmissionKey />
				<input type="hidden" name="intent" value={DETAIL_INTENTS.accept} />
				<RequiredLegend />
				<DateField
					meta={fields.deliveryDate}
					label="Delivery date"
					locale={locale}
					min={today}
					required
				/>
				<TextareaField meta={fields.comment} label="Comment" rows={5} required />
				{approval ? (
					<>
						<p className="checkout__approval">
							Accepting this quote needs an administrator’s approval: {approval}.
						</p>
						<input type="hidden" name="send" value="approval" />
					</>
				) : null}
				<DialogActions cancelTo={here} intent={DETAIL_INTENTS.accept}>
					{approval ? 'Send for approval' : 'Accept'}
				</DialogActions>
			</Form>
		</Modal>
	)
}
