import { getFormProps, useForm } from '@conform-to/react'
import { Form, redirect } from 'react-router'
import { type z } from 'zod'
import { type Route } from './+types/playground'
import { playgroundSchema } from './playground.forms.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { formError, invalid, parseForm } from '#app/.server/request/forms.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { FormErrorDialog, StatusButton } from '#app/components/forms.tsx'
import {
	CheckboxField,
	DateField,
	SelectField,
	TextareaField,
	TextField,
} from '#app/components/form-fields.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { QuantityStepper } from '#app/components/quantity-stepper.tsx'

const SAMPLE_COLUMNS = [
	{ key: 'sku', label: 'SKU' },
	{ key: 'description', label: 'Description' },
	{ key: 'amount', label: 'Amount', numeric: true },
] as const
const SAMPLE_ROWS = [
	{ id: '1', cells: { sku: 'TMGP10003', description: 'MGP10 Pine 70x45', amount: '$4.28' } },
	{ id: '2', cells: { sku: 'HNAI001', description: 'Bright Nails 50mm x 3000', amount: '$89.10' } },
]

/**
 * /playground, the living style guide: the forms kit as every route uses
 * it — each field, its messages (the browser's, the server's without JS), the 'Error' dialog and
 * the pending button — and the table, the quantity stepper and a toast, so a change to a component
 * can be tried on one page, with and without JavaScript. Nothing is stored.
 */

export async function loader({ context }: Route.LoaderArgs) {
	return { locale: (await getCustomer(context)).settings.locale }
}

export async function action({ request, context }: Route.ActionArgs) {
	if (new URL(request.url).searchParams.has('toast')) {
		getSession(context).flash({ type: 'success', message: 'A toast, as every action shows one' })
		return redirect('/playground')
	}
	const submission = await parseForm(
		request,
		playgroundSchema((await getCustomer(context)).settings.locale),
	)
	if (submission.status !== 'success') return invalid(submission)
	if (submission.value.outcome === 'fail') return formError(submission, 'Something went wrong.')
	return { ...submission.reply({ resetForm: true }), done: true as const }
}

export default function PlaygroundRoute({ loaderData, actionData }: Route.ComponentProps) {
	const check = useBrowserCheck(() =>
		import('./playground.forms.ts').then((m) => m.playgroundSchema(loaderData.locale)),
	)
	const [form, fields] = useForm<
		z.input<ReturnType<typeof playgroundSchema>>,
		z.output<ReturnType<typeof playgroundSchema>>
	>({
		id: 'playground',
		lastResult: actionData,
		...check,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<div className="page page--narrow">
			<h1>Playground</h1>
			<p>The forms kit: submit it empty, with a bad email, or ask for a failure.</p>
			{actionData && 'done' in actionData ? <p role="status">Everything checked out.</p> : null}
			<Form method="post" {...getFormProps(form)}>
				<TextField meta={fields.name} label="Name" />
				<TextField meta={fields.email} label="Email" type="email" />
				<SelectField
					meta={fields.branch}
					label="Branch"
					placeholder="Select a branch"
					options={[
						{ value: 1, label: 'Alexandria' },
						{ value: 2, label: 'Parramatta' },
					]}
				/>
				<DateField meta={fields.date} label="Date" locale={loaderData.locale} />
				<TextareaField meta={fields.note} label="Note" rows={3} />
				<CheckboxField meta={fields.agree} label="I agree" />
				<SelectField
					meta={fields.outcome}
					label="Outcome"
					options={[
						{ value: 'ok', label: 'Succeed' },
						{ value: 'fail', label: 'Fail like the presenter' },
					]}
				/>
				<StatusButton className="button button--primary">Submit</StatusButton>
			</Form>
			<FormErrorDialog result={actionData} errors={form.errors} closeTo="/playground" />
			<h2>Table</h2>
			<DataTable caption="Sample rows" columns={SAMPLE_COLUMNS} rows={SAMPLE_ROWS} />
			<h2>Quantity stepper</h2>
			<QuantityStepper id="playground-qty" label="Quantity" />
			<h2>Toast</h2>
			<Form method="post" action="/playground?toast">
				<StatusButton className="button">Show a toast</StatusButton>
			</Form>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Playground | Trade Portal' }]
