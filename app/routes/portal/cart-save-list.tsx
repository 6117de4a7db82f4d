import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { type z } from 'zod'
import { CART_INTENTS } from './cart-intents.ts'
import type { SaveListSchema } from './cart.forms.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { DialogActions } from '#app/components/dialog-actions.tsx'
import { SubmissionKey } from '#app/components/forms.tsx'
import { RequiredLegend, TextField } from '#app/components/form-fields.tsx'
import { Modal } from '#app/components/modal.tsx'

/** 'Save Custom List' from the cart: a name, checked here and by the cart's action. */
export function SaveListDialog({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
	const check = useBrowserCheck(() => import('./cart.forms.ts').then((m) => m.SaveListSchema))
	const [form, fields] = useForm<z.input<typeof SaveListSchema>>({
		id: 'save-list',
		lastResult,
		...check,
		// Checked in the browser when sent, then as each field changes: a check when a field is left
		// moved the buttons under the pointer (a message came or went), and the click was lost.
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Modal title="Save Custom List" closeTo="/cart">
			<Form method="post" action="/cart?dialog=save-list" {...getFormProps(form)}>
				<SubmissionKey />
				<input type="hidden" name="intent" value={CART_INTENTS.saveList} />
				<RequiredLegend />
				<TextField meta={fields.name} label="Name" required />
				<DialogActions cancelTo="/cart" intent={CART_INTENTS.saveList}>
					Save
				</DialogActions>
			</Form>
		</Modal>
	)
}
