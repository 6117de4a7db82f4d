import { getFormProps, useForm } from '@conform-to/react'
import { Form, redirect } from 'react-router'
import { z } from 'zod'
import { type Route } from './+types/playground'
import { getCustomer, getSession } from '#app/.server/context.ts'
import { formError, invalid, parseForm } from '#app/.server/forms.ts'
import { inputDate } from '#app/.server/checkout.ts'
import {
	CheckboxField,
	DateField,
	FormErrorDialog,
	SelectField,
	StatusButton,
	TextareaField,
	TextField,
} from '#app/components/forms.tsx'
import { DataTable } from '#app/components/list.tsx'
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
 * /playground (spec part 1 §1 routes), the living style guide: the forms kit as every route uses
 * it — each field, its server-side messages, the 'Error' dialog and the pending button — and the
 * table, the quantity stepper and a toast, so a change to a component can be tried on one page,
 * with and without JavaScript. Nothing is stored.
 */
const schemaFor = (locale: 'en-AU' | 'en-US') =>
	z.object({
		name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(60),
		email: z.email('Invalid email address'),
		branch: z.enum(['1', '2'], { error: 'Please select a Branch' }),
		date: inputDate(locale, 'Required'),
		note: z.string().max(200).optional(),
		agree: z.boolean({ error: 'Required' }),
		outcome: z.enum(['ok', 'fail']).default('ok'),
	})

export function loader({ context }: Route.LoaderArgs) {
	return { locale: getCustomer(context).settings.locale }
}

export async function action({ request, context }: Route.ActionArgs) {
	if (new URL(request.url).searchParams.has('toast')) {
		getSession(context).flash({ type: 'success', message: 'A toast, as every action shows one' })
		return redirect('/playground')
	}
	const submission = await parseForm(request, schemaFor(getCustomer(context).settings.locale))
	if (submission.status !== 'success') return invalid(submission)
	if (submission.value.outcome === 'fail') return formError(submission, 'Something went wrong.')
	return { ...submission.reply({ resetForm: true }), done: true as const }
}

export default function PlaygroundRoute({ loaderData, actionData }: Route.ComponentProps) {
	const [form, fields] = useForm<z.input<ReturnType<typeof schemaFor>>>({
		id: 'playground',
		lastResult: actionData,
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
