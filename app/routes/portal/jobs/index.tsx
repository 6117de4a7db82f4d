import { Form, Link } from 'react-router'
import { type Route } from './+types/index'
import { HistoryJobs, type OfferedJob } from './history-jobs.tsx'
import { JOB_INTENTS } from './intents.ts'
import { JobsPageSchema } from './jobs.forms.ts'
import {
	addJobsFromHistory,
	jobRules,
	jobsFromHistory,
	listJobs,
	requireJobAdmin,
	requireJobs,
	saveJobSettings,
	siteLine,
	type HistoryJob,
	type JobRules,
} from '#app/.server/jobs/index.ts'
import { canDefer, startDeferred } from '#app/.server/request/deferred.ts'
import { branchToday } from '#app/utils/input-date.ts'
import { displayFormat } from '#app/.server/display/format.ts'
import { getCustomer, getSession } from '#app/.server/request/context.ts'
import { redirectWithFlash } from '#app/.server/request/session.ts'
import { invalid, parseForm } from '#app/.server/request/forms.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { StatusButton, SubmissionKey } from '#app/components/forms.tsx'
import { DataTable } from '#app/components/list-table.tsx'
import { storedCents } from '#app/utils/money.ts'

/**
 * My Account → Jobs (docs/decisions/067-jobs.md): the customer's jobs, open ones first. For
 * administrators, and sales users when the customer lets them add jobs; only administrators edit,
 * close and reopen jobs and set who may add them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const customer = await getCustomer(context)
	const [access, jobs, rules] = await Promise.all([
		requireJobs(customer),
		listJobs(customer.identity.customerId),
		jobRules(customer.identity.customerId),
	])
	const { money, date } = displayFormat(customer.settings)
	// An administrator whose customer has no jobs yet is offered those their history names
	// (deferred with JS: it reads the order and invoice lists, then a transaction per job).
	const offer = (found: HistoryJob[]): OfferedJob[] =>
		found.map((job) => ({
			key: job.key,
			name: job.name,
			number: job.number,
			site:
				job.site && siteLine(job.site.address, job.site.suburb, job.site.state, job.site.postcode),
			seen: `${job.transactions} ${job.transactions === 1 ? 'transaction' : 'transactions'}, the last on ${date(job.last)}`,
			addHref: `/jobs/new?${new URLSearchParams({ name: job.name, number: job.number ?? '' })}`,
		}))
	const history =
		access.admin && !jobs.length
			? startDeferred(request, () =>
					jobsFromHistory(customer.presenter, jobs, branchToday()).then(offer),
				).catch(() => [] as OfferedJob[])
			: null
	return {
		history: history && (canDefer(request) ? history : await history),
		access,
		// Only administrators see and change the checkout rules.
		rules: access.admin ? rules : null,
		jobs: jobs.map((job) => ({
			id: job.id,
			href: `/jobs/${job.id}`,
			cells: {
				name: job.name,
				number: job.number ?? '',
				site: siteLine(job.street, job.suburb, job.state, job.postcode),
				contact: [job.contactName, job.contactPhone].filter(Boolean).join(', '),
				budget: job.budget === null ? '' : money(storedCents(job.budget)),
				status: job.open ? 'Open' : 'Closed',
			},
		})),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const customer = await getCustomer(context)
	const [, submission] = await Promise.all([
		requireJobAdmin(customer),
		parseForm(request, JobsPageSchema, { maxBytes: 16 * 1024 }),
	])
	if (submission.status !== 'success') return invalid(submission)
	const { value } = submission
	const { customerId } = customer.identity
	if (value.intent === JOB_INTENTS.fromHistory) {
		const added = await addJobsFromHistory(customer.presenter, customerId, value.key, branchToday())
		return redirectWithFlash(
			getSession(context),
			'/jobs',
			added === 1 ? '1 job added' : `${added} jobs added`,
		)
	}
	await saveJobSettings(customerId, {
		salesMayAdd: value.salesMayAdd,
		required: value.jobRequired,
		onlyListed: value.onlyListedJobs,
	})
	return redirectWithFlash(getSession(context), '/jobs', 'Job settings saved')
}

const COLUMNS = [
	{ key: 'name', label: 'Job', card: 'title' },
	{ key: 'number', label: 'Job/PO number', card: 'summary' },
	{ key: 'site', label: 'Site address', card: 'summary' },
	{ key: 'contact', label: 'Site contact' },
	{ key: 'budget', label: 'Budget (inc. GST)', numeric: true },
	{ key: 'status', label: 'Status', card: 'summary' },
] as const

/** A setting's checkbox: a plain form field (no rules to check in the browser). */
function Setting({ name, on, label }: { name: string; on: boolean; label: string }) {
	return (
		<div className="field field--checkbox">
			<label className="checkbox">
				<input type="checkbox" name={name} defaultChecked={on} />
				{label}
			</label>
		</div>
	)
}

/**
 * Who may add jobs and the checkout's job rules: a plain form, as nothing in it is checked before
 * it is sent (the action reads it with its schema).
 */
function SettingsForm({ salesMayAdd, rules }: { salesMayAdd: boolean; rules: JobRules }) {
	return (
		<Form method="post" action="/jobs" className="jobs__settings">
			<SubmissionKey />
			<input type="hidden" name="intent" value={JOB_INTENTS.settings} />
			<Setting name="salesMayAdd" on={salesMayAdd} label="Sales users may add jobs" />
			<Setting
				name="jobRequired"
				on={rules.required}
				label="A job is required on every order and quote"
			/>
			<Setting
				name="onlyListedJobs"
				on={rules.onlyListed}
				label="Only listed jobs: the Reference must be an open job’s number or name"
			/>
			<StatusButton className="button" intent={JOB_INTENTS.settings}>
				Save Settings
			</StatusButton>
		</Form>
	)
}

export default function JobsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { access, jobs, history, rules } = loaderData
	return (
		<div className="account-area jobs">
			<div className="admin__users-header">
				<h1>Jobs</h1>
				<Link className="button button--primary" to="/jobs/new">
					Add Job
				</Link>
			</div>
			{rules ? <SettingsForm salesMayAdd={access.salesMayAdd} rules={rules} /> : null}
			{jobs.length === 0 ? (
				<>
					<p className="empty-state">No jobs yet. Add a job for each site you buy for.</p>
					{history ? (
						<HistoryJobs
							offered={history}
							lastResult={
								actionData?.initialValue?.intent === JOB_INTENTS.fromHistory
									? actionData
									: undefined
							}
						/>
					) : null}
				</>
			) : (
				<DataTable caption="Jobs" columns={COLUMNS} rows={jobs} />
			)}
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Jobs | Trade Portal' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
