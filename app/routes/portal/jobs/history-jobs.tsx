import { type SubmissionResult } from '@conform-to/react'
import { Suspense } from 'react'
import { Await, Form, Link } from 'react-router'
import { JOB_INTENTS } from './intents.ts'
import { ErrorList, StatusButton, SubmissionKey } from '#app/components/forms.tsx'

/** A job the customer's history names, as the Jobs page offers it. */
export type OfferedJob = {
	key: string
	name: string
	number: string | null
	/** The most recent delivery's site, one line; null when none is known. */
	site: string | null
	/** '3 transactions, the last on 12/10/2026'. */
	seen: string
	/** Add Job with the name and number filled in (for a job without a known site). */
	addHref: string
}

/**
 * The jobs the customer's orders, quotes and invoices of the last 12 months name, offered to an
 * administrator whose customer has no jobs yet. Those with a known site are added in one go (a
 * plain form: one checkbox each); the others open Add Job with their name and number. With JS they
 * stream in after the page.
 */
export function HistoryJobs({
	offered,
	lastResult,
}: {
	offered: Promise<OfferedJob[]> | OfferedJob[]
	lastResult: SubmissionResult<string[]> | undefined
}) {
	return (
		<section aria-labelledby="jobs-history" className="jobs__history">
			<h2 id="jobs-history">Jobs from your orders</h2>
			<Suspense fallback={<p>Looking through your orders…</p>}>
				<Await resolve={offered}>{(jobs) => <Offer jobs={jobs} lastResult={lastResult} />}</Await>
			</Suspense>
		</section>
	)
}

const ERROR_ID = 'jobs-history-error'

/**
 * The offer's form: plain, as nothing in it is checked before it is sent; a refusal (nothing
 * chosen) comes back with what was sent and the message beside the choices.
 */
function Offer({
	jobs,
	lastResult,
}: {
	jobs: OfferedJob[]
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const errors = lastResult?.error?.key ?? undefined
	if (!jobs.length) return <p>Your orders of the last 12 months name no jobs.</p>
	const withSite = jobs.filter((j) => j.site)
	// Every one is chosen at first; a refused form comes back as it was sent.
	const sent = lastResult ? [lastResult.initialValue?.key ?? []].flat() : null
	return (
		<>
			<p>
				Your orders, quotes and invoices of the last 12 months name these jobs. Add the ones you
				still buy for.
			</p>
			{withSite.length ? (
				<Form method="post" action="/jobs">
					<SubmissionKey />
					<input type="hidden" name="intent" value={JOB_INTENTS.fromHistory} />
					<fieldset aria-describedby={errors ? ERROR_ID : undefined}>
						<legend>Jobs to add</legend>
						<ul className="jobs__offered">
							{withSite.map((job) => (
								<li key={job.key}>
									<label className="checkbox">
										<input
											type="checkbox"
											name="key"
											value={job.key}
											defaultChecked={sent ? sent.includes(job.key) : true}
										/>
										<span>
											<strong>{job.name}</strong>
											{job.number ? ` (${job.number})` : null}
											<br />
											{job.site}
											<br />
											<small>{job.seen}</small>
										</span>
									</label>
								</li>
							))}
						</ul>
						<ErrorList id={ERROR_ID} errors={errors} />
					</fieldset>
					<StatusButton className="button button--primary" intent={JOB_INTENTS.fromHistory}>
						Add Selected Jobs
					</StatusButton>
				</Form>
			) : null}
			{jobs.length > withSite.length ? (
				<>
					<h3>Without a site address</h3>
					<ul className="jobs__offered">
						{jobs
							.filter((j) => !j.site)
							.map((job) => (
								<li key={job.key}>
									<strong>{job.name}</strong>
									{job.number ? ` (${job.number})` : null} <small>{job.seen}</small>{' '}
									<Link to={job.addHref} aria-label={`Add ${job.name} with its site address`}>
										Add with its site address
									</Link>
								</li>
							))}
					</ul>
				</>
			) : null}
		</>
	)
}
