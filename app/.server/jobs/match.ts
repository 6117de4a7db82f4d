/**
 * Which job a transaction belongs to (docs/decisions/067-jobs.md): its Order Ref or Job Name is
 * one of the customer's jobs' numbers or names, ignoring case and spacing. Pure, so the lists,
 * their CSV and (later) the job's page find the same job.
 */

import { jobKey } from '#app/utils/job-key.ts'

export { jobKey }

/** What a job is known by. */
export type JobRefs = { id: string; name: string; number: string | null }
/** What a transaction says of its job: its Order Ref and Job Name. */
export type TransactionRefs = { orderRef?: string | null; jobName?: string | null }

/** What a row of the presenter's order or invoice list says of its job. */
export type TransactionRow = { customerOrderNumber: string; jobName: string }

/** The job a row of the order or invoice list belongs to: jobOf its Order Ref and Job Name. */
export function jobOfRow<J extends JobRefs>(row: TransactionRow, jobs: readonly J[]) {
	return jobOf({ orderRef: row.customerOrderNumber, jobName: row.jobName }, jobs)
}

/**
 * The job a transaction belongs to, or undefined: a job whose number is the Order Ref or the Job
 * Name, else one whose name is. A number is the more particular, so it wins when both match
 * different jobs; among jobs that tie, the first listed.
 */
export function jobOf<J extends JobRefs>(transaction: TransactionRefs, jobs: readonly J[]) {
	const refs = [transaction.orderRef, transaction.jobName].map(jobKey).filter(Boolean)
	if (!refs.length) return undefined
	return (
		jobs.find((j) => j.number && refs.includes(jobKey(j.number))) ??
		jobs.find((j) => refs.includes(jobKey(j.name)))
	)
}
