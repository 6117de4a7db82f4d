import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { type z } from 'zod'
import { PRICEBOOK_INTENTS, PRICEBOOK_PATH, REQUEST_CHANGES_DIALOG } from './intents.ts'
import type { RequestChangesFields } from './pricebook.forms.ts'
import { type PriceBookData } from './pricebook.server.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { DialogActions } from '#app/components/dialog-actions.tsx'
import { SubmissionKey } from '#app/components/forms.tsx'
import {
	CheckboxField,
	RequiredLegend,
	SelectField,
	TextareaField,
	TextField,
} from '#app/components/form-fields.tsx'
import { Modal } from '#app/components/modal.tsx'

type Choices = Record<
	'type' | 'deliveryFormat' | 'frequency',
	Array<{ value: string; label: string }>
>

/** 'Request Changes': the configuration to ask for, from the current one. */
export function RequestChangesDialog({
	priceBook,
	choices,
	lastResult,
}: {
	priceBook: PriceBookData
	choices: Choices
	lastResult: SubmissionResult<string[]> | undefined
}) {
	// The recipient and the message's length; the choices are the action's to narrow.
	const check = useBrowserCheck(() =>
		import('./pricebook.forms.ts').then((m) => m.RequestChangesFields),
	)
	const [form, fields] = useForm<
		z.input<typeof RequestChangesFields>,
		z.output<typeof RequestChangesFields>
	>({
		id: 'request-changes',
		lastResult,
		defaultValue: priceBook.defaults,
		...check,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Modal title="Request Changes" closeTo={PRICEBOOK_PATH} inline>
			<Form
				method="post"
				action={`${PRICEBOOK_PATH}?dialog=${REQUEST_CHANGES_DIALOG}`}
				{...getFormProps(form)}
			>
				<SubmissionKey />
				<input type="hidden" name="intent" value={PRICEBOOK_INTENTS.requestChanges} />
				<RequiredLegend />
				<SelectField meta={fields.type} label="Type" options={choices.type} />
				<SelectField meta={fields.deliveryFormat} label="Format" options={choices.deliveryFormat} />
				<SelectField meta={fields.frequency} label="Frequency" options={choices.frequency} />
				<TextField
					meta={fields.recipient}
					label="Sent to"
					type="email"
					autoComplete="email"
					required
				/>
				<CheckboxField meta={fields.showNewProductCodes} label="Show new product codes" />
				<CheckboxField meta={fields.showCoreProductsOnly} label="Core products only" />
				<CheckboxField
					meta={fields.isRequiredQuarterly}
					label="Full price list required quarterly"
				/>
				<CheckboxField meta={fields.isPricebookZipped} label="Product file zipped" />
				<TextareaField meta={fields.emailText} label="Message" rows={6} />
				<DialogActions cancelTo={PRICEBOOK_PATH} intent={PRICEBOOK_INTENTS.requestChanges}>
					Send
				</DialogActions>
			</Form>
		</Modal>
	)
}
