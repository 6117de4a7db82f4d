import { getFormProps, useForm } from '@conform-to/react'
import { data, Form, Link, type RouterContextProvider } from 'react-router'
import { type Route } from './+types/edit'
import { JOB_INTENTS } from './intents.ts'
import { jobIntentSchema, type JobForm, type JobValues } from './jobs.forms.ts'
import {
	addJob,
	requireJob,
	requireJobAdmin,
	requireJobs,
	setJobOpen,
	updateJob,
} from '#app/.server/jobs/index.ts'
import { getCustomer, getSession, startCustomer } from '#app/.server/request/context.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { invalid, parseForm } from '#app/.server/request/forms.ts'
import { pageUrl } from '#app/.server/request/redirect.ts'
import { toRouteError } from '#app/.server/presenter/index.ts'
import { useBrowserCheck } from '#app/components/browser-check.ts'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	ErrorSummary,
	FormErrorDialog,
	StatusButton,
	SubmissionKey,
} from '#app/components/forms.tsx'
import { RequiredLegend, SelectField, TextField } from '#app/components/form-fields.tsx'
import { decimalDollars, storedCents } from '#app/utils/money.ts'

/**
 * A job being added (`/jobs/new`: administrators, and sales users the customer lets) or edited,
 * closed and reopened (`/jobs/{id}/edit`: administrators only).
 */
async function loadJob(
	context: Readonly<RouterContextProvider>,
	id: string | undefined,
	fresh: boolean,
) {
	const customer = await getCustomer(context)
	const states = await customer.presenter.auth.getStates().catch(toRouteError)
	if (id === undefined) {
		await requireJobs(customer, { fresh })
		return { job: null, states }
	}
	await requireJobAdmin(customer, { fresh })
	return { job: await requireJob(customer.identity.customerId, id), states }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const { job, states } = await loadJob(context, params.id, false)
	const url = pageUrl(request)
	return {
		here: url.pathname,
		// A new job's name and number as Jobs offered them from the customer's history (one line each).
		prefill: job
			? null
			: {
					name: (url.searchParams.get('name') ?? '').slice(0, 100),
					number: (url.searchParams.get('number') ?? '').slice(0, 30),
				},
		states: states.map((s) => ({ value: s.stateID, label: s.stateName })),
		job: job && {
			name: job.name,
			open: job.open,
			defaults: {
				name: job.name,
				number: job.number ?? '',
				street: job.street,
				suburb: job.suburb,
				state: job.state,
				postcode: job.postcode,
				contactName: job.contactName ?? '',
				contactPhone: job.contactPhone ?? '',
				budget: job.budget === null ? '' : decimalDollars(storedCents(job.budget)),
			} satisfies Partial<JobForm>,
		},
	}
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const { identity } = startCustomer(context)
	const { job, states } = await loadJob(context, params.id, true)
	const submission = await parseForm(request, jobIntentSchema(states.map((s) => s.stateID)), {
		maxBytes: 16 * 1024,
	})
	if (submission.status !== 'success') return invalid(submission)
	const done = (message: string) => redirectWithFlash(getSession(context), '/jobs', message)
	const { value } = submission
	if (value.intent !== JOB_INTENTS.save) {
		if (!job) throw data('Not Found', { status: 404 })
		const open = value.intent === JOB_INTENTS.reopen
		await setJobOpen(identity.customerId, job.id, open)
		return done(open ? 'Job reopened' : 'Job closed')
	}
	const { intent: _, ...fields } = value
	const saved = job
		? await updateJob(identity.customerId, job.id, fields)
		: await addJob(identity.customerId, fields)
	if ('message' in saved)
		return invalid(
			submission,
			saved.field
				? { fieldErrors: { [saved.field]: [saved.message] } }
				: { formErrors: [saved.message] },
		)
	return done(job ? 'Job updated' : 'Job added')
}

const LABELS = {
	name: 'Job name',
	number: 'Job or PO number',
	street: 'Street address',
	suburb: 'Suburb',
	state: 'State',
	postcode: 'Postcode',
	contactName: 'Contact name',
	contactPhone: 'Contact phone',
	budget: 'Budget (inc. GST)',
} as const

export default function JobRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { here, job, states } = loaderData
	const title = job ? `Edit ${job.name}` : 'Add Job'
	const stateIds = states.map((s) => s.value)
	const check = useBrowserCheck(() => import('./jobs.forms.ts').then((m) => m.jobSchema(stateIds)))
	const [form, fields] = useForm<JobForm, JobValues>({
		id: 'job',
		lastResult: actionData?.initialValue?.intent === JOB_INTENTS.save ? actionData : undefined,
		defaultValue: job?.defaults ?? loaderData.prefill ?? undefined,
		...check,
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<div className="account-area account-form">
			<Breadcrumbs
				crumbs={[
					{ label: 'Jobs', to: '/jobs' },
					{ label: title, to: here },
				]}
			/>
			<h1>{title}</h1>
			{job && !job.open ? <p className="account-status account-status--alert">Closed</p> : null}
			<FormErrorDialog result={actionData} errors={actionData?.error?.['']} closeTo={here} />
			<Form
				key={here}
				method="post"
				action={here}
				{...getFormProps(form)}
				className="account-form__form"
			>
				<ErrorSummary form={form} labels={LABELS} />
				<SubmissionKey />
				<input type="hidden" name="intent" value={JOB_INTENTS.save} />
				<RequiredLegend />
				<fieldset>
					<legend>Job</legend>
					<TextField meta={fields.name} label={LABELS.name} required autoComplete="off" />
					<TextField
						meta={fields.number}
						label={LABELS.number}
						hint="Found on orders and invoices by this number or the job name"
						autoComplete="off"
					/>
					<TextField
						meta={fields.budget}
						label={LABELS.budget}
						hint="In dollars, e.g. 250000; leave blank for none"
						inputMode="decimal"
						autoComplete="off"
					/>
				</fieldset>
				<fieldset>
					<legend>Site address</legend>
					<TextField meta={fields.street} label={LABELS.street} required autoComplete="off" />
					<TextField meta={fields.suburb} label={LABELS.suburb} required autoComplete="off" />
					<SelectField
						meta={fields.state}
						label={LABELS.state}
						options={states}
						placeholder="Select a state"
						required
					/>
					<TextField
						meta={fields.postcode}
						label={LABELS.postcode}
						required
						inputMode="numeric"
						autoComplete="off"
					/>
				</fieldset>
				<fieldset>
					<legend>Site contact</legend>
					<TextField meta={fields.contactName} label={LABELS.contactName} autoComplete="off" />
					<TextField
						meta={fields.contactPhone}
						label={LABELS.contactPhone}
						type="tel"
						autoComplete="off"
					/>
				</fieldset>
				<div className="account-area__actions">
					<StatusButton className="button button--primary" intent={JOB_INTENTS.save}>
						{job ? 'Save Changes' : 'Add Job'}
					</StatusButton>
					<Link className="button" to="/jobs">
						Cancel
					</Link>
				</div>
			</Form>
			{job ? (
				<Form method="post" action={here} className="account-area__actions">
					<SubmissionKey />
					<input
						type="hidden"
						name="intent"
						value={job.open ? JOB_INTENTS.close : JOB_INTENTS.reopen}
					/>
					<StatusButton
						className={job.open ? 'button button--danger' : 'button'}
						intent={job.open ? JOB_INTENTS.close : JOB_INTENTS.reopen}
					>
						{job.open ? 'Close Job' : 'Reopen Job'}
					</StatusButton>
				</Form>
			) : null}
		</div>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.job ? 'Edit Job' : 'Add Job'} | Trade Portal` },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
