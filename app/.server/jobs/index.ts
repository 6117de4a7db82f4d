import { data } from 'react-router'
import { type Customer } from '../request/context.ts'
import { getStore, type Job, type JobFields } from '../store/index.ts'
import { jobKey, jobOfRow, type TransactionRow } from './match.ts'
import { jobsFromHistory } from './from-history.ts'
import { type Presenter } from '../presenter/index.ts'

/**
 * Jobs (docs/decisions/067-jobs.md): the sites a customer's purchases are booked against, kept in
 * the portal's store (the presenter has none). Administrators add, change, close and reopen them;
 * a customer setting lets sales users add them too. Routes call these; nothing else reaches the
 * store's jobs. Every call names the signed-in customer, so no one reads another customer's jobs.
 */
export { jobKey, jobOf, jobOfRow, type JobRefs, type TransactionRefs } from './match.ts'
export { jobsFromHistory, type HistoryJob } from './from-history.ts'
export { jobSpend, jobTransactions, type JobSpend, type JobTransaction } from './spend.ts'
export type { Job, JobFields }

/** The most jobs a customer keeps (closed ones count): a bound on what one customer stores. */
export const MAX_JOBS = 500
const SALES_MAY_ADD = 'salesMayAddJobs'

/** Who is asking: the signed-in customer's presenter (for the role) and identity. */
type Asker = Pick<Customer, 'presenter' | 'identity'>

/** What the signed-in user may do with jobs. */
export type JobsAccess = {
	/** An administrator: adds, edits, closes and reopens jobs, and sets who may add them. */
	admin: boolean
	/** May add jobs: administrators, and sales users when the customer lets them. */
	mayAdd: boolean
	/** The customer's setting: sales users may add jobs (off until an administrator turns it on). */
	salesMayAdd: boolean
}

/** Whether the customer lets sales users add jobs (off by default). */
export async function salesMayAddJobs(customerId: number) {
	return (await getStore().customerSettings.read(customerId, SALES_MAY_ADD)) === 'true'
}

/** The customer's checkout rules for jobs (both off until an administrator turns them on). */
export type JobRules = {
	/** Every order and quote names one of the customer's open jobs. */
	required: boolean
	/** A Reference is one of the open jobs' numbers or names (ignoring case and spacing). */
	onlyListed: boolean
}
const RULES = { required: 'jobRequired', onlyListed: 'onlyListedJobs' } as const

/** The customer's checkout rules for jobs. */
export async function jobRules(customerId: number): Promise<JobRules> {
	const read = (name: string) => getStore().customerSettings.read(customerId, name)
	const [required, onlyListed] = await Promise.all([read(RULES.required), read(RULES.onlyListed)])
	return { required: required === 'true', onlyListed: onlyListed === 'true' }
}

/** Saves the Jobs page's settings: whether sales users may add jobs, and the checkout rules. */
export async function saveJobSettings(
	customerId: number,
	settings: JobRules & { salesMayAdd: boolean },
) {
	const save = (name: string, on: boolean) =>
		getStore().customerSettings.save(customerId, name, String(on))
	await Promise.all([
		save(SALES_MAY_ADD, settings.salesMayAdd),
		save(RULES.required, settings.required),
		save(RULES.onlyListed, settings.onlyListed),
	])
}

/** What a user of `role` may do with the customer's jobs. */
async function accessFor(customerId: number, role: string): Promise<JobsAccess> {
	const salesMayAdd = await salesMayAddJobs(customerId)
	const admin = role === 'admin'
	return { admin, mayAdd: admin || salesMayAdd, salesMayAdd }
}

/**
 * The signed-in user's access to Jobs, or 403 for a user who may not add jobs (a sales user the
 * customer has not let). `fresh` reads the role again (an action), not from the session's cache.
 */
export async function requireJobs(asker: Asker, { fresh = false } = {}) {
	const user = await asker.presenter.users.getDetails(fresh ? { fresh } : undefined)
	const access = await accessFor(asker.identity.customerId, user.roleID)
	if (!access.mayAdd) throw data('You do not have access to this page', { status: 403 })
	return access
}

/**
 * As requireJobs, for what only an administrator may do (edit, close, reopen, settings): 403
 * otherwise. Actions read the role afresh.
 */
export async function requireJobAdmin(asker: Asker, { fresh = true } = {}) {
	const access = await requireJobs(asker, { fresh })
	if (!access.admin) throw data('Only an administrator can change or close jobs', { status: 403 })
	return access
}

/** The customer's jobs, open ones first, then by name. */
export const listJobs = (customerId: number) => getStore().jobs.list(customerId)

/** One of the customer's jobs, or 404 (none, or another customer's: the same answer). */
export async function requireJob(customerId: number, id: string) {
	const job = /^[0-9a-f-]{36}$/.test(id) ? await getStore().jobs.get(customerId, id) : undefined
	if (!job) throw data('Not Found', { status: 404 })
	return job
}

/** A job that could not be saved: the field and what to say beside it. */
export type JobRefusal = { field: keyof JobFields | ''; message: string }

/**
 * Why `fields` cannot be another job of these: each name and each number names one job only
 * (ignoring case and spacing, as transactions are matched to jobs).
 */
function clash(fields: JobFields, others: Job[]): JobRefusal | null {
	if (others.some((j) => jobKey(j.name) === jobKey(fields.name)))
		return { field: 'name', message: 'Another job has this name' }
	if (fields.number && others.some((j) => j.number && jobKey(j.number) === jobKey(fields.number)))
		return { field: 'number', message: 'Another job has this number' }
	return null
}

/**
 * Adds a job to the customer's, under the customer's jobs lock (two adds of one name, on any
 * instances, cannot both pass the check): the job, or why not.
 */
export function addJob(customerId: number, fields: JobFields) {
	const store = getStore()
	return store.withLock(`jobs:${customerId}`, async (): Promise<Job | JobRefusal> => {
		const jobs = await store.jobs.list(customerId)
		if (jobs.length >= MAX_JOBS)
			return {
				field: '',
				message: `You have ${MAX_JOBS} jobs, the most the portal keeps`,
			}
		return clash(fields, jobs) ?? (await store.jobs.add(customerId, fields))
	})
}

/** Changes one of the customer's jobs (404 when not theirs): the job, or why not. */
export function updateJob(customerId: number, id: string, fields: JobFields) {
	const store = getStore()
	return store.withLock(`jobs:${customerId}`, async (): Promise<Job | JobRefusal> => {
		const jobs = await store.jobs.list(customerId)
		const refused = clash(
			fields,
			jobs.filter((j) => j.id !== id),
		)
		if (refused) return refused
		if (!(await store.jobs.update(customerId, id, fields))) throw data('Not Found', { status: 404 })
		return requireJob(customerId, id)
	})
}

/** Closes or reopens one of the customer's jobs (404 when not theirs). */
export async function setJobOpen(customerId: number, id: string, open: boolean) {
	if (!(await getStore().jobs.setOpen(customerId, id, open)))
		throw data('Not Found', { status: 404 })
}

/**
 * A list's job filter (`?job=`): the customer's jobs it offers, and its allowed values ('' for
 * every transaction first, then each job's id). Another customer's job id is not among them.
 */
export async function jobFilter(customerId: number) {
	const jobs = await listJobs(customerId)
	return {
		jobs,
		values: ['', ...jobs.map((j) => j.id)],
		/** What the filter's select offers: each job by name, its number and whether it is closed. */
		options: jobs.map((j) => ({
			value: j.id,
			label: [j.name, j.number && `(${j.number})`, !j.open && '(closed)'].filter(Boolean).join(' '),
		})),
	}
}

/**
 * The ids of the transactions that belong to the job `id` (docs/decisions/067-jobs.md): each
 * transaction's Order Ref and Job Name matched against every job of the customer's.
 */
export function idsOfJob<T extends TransactionRow>(
	transactions: readonly T[],
	idOf: (t: T) => string,
	id: string,
	jobs: readonly Job[],
) {
	return new Set(transactions.filter((t) => jobOfRow(t, jobs)?.id === id).map(idOf))
}

/** A job's site address on one line: '14 Smith St, Marrickville NSW 2204'. */
export function siteLine(street: string, suburb: string, state: string, postcode: string) {
	return `${street}, ${suburb} ${state} ${postcode}`
}

/**
 * Adds the jobs of `keys` among those the customer's history names (jobsFromHistory, read again:
 * the offer is not trusted) that have a known site; each through addJob, so a name or number that
 * is a job already is not added twice. How many were added.
 */
export async function addJobsFromHistory(
	presenter: Presenter,
	customerId: number,
	keys: readonly string[],
	today: string,
) {
	const offered = await jobsFromHistory(presenter, await listJobs(customerId), today)
	let added = 0
	for (const job of offered) {
		if (!keys.includes(job.key) || !job.site) continue
		const result = await addJob(customerId, {
			name: job.name.slice(0, 100),
			number: job.number?.slice(0, 30) ?? null,
			street: job.site.address.slice(0, 200),
			suburb: job.site.suburb.slice(0, 100),
			state: job.site.state,
			postcode: job.site.postcode,
			contactName: null,
			contactPhone: null,
			budget: null,
		})
		if ('id' in result) added++
	}
	return added
}

/** A job as the checkout offers it: what picking it fills in. */
export type CheckoutJob = {
	id: string
	name: string
	number: string | null
	/** Its name, with its number when it has one. */
	label: string
	/** What it fills the Reference with: its number, else its name. */
	reference: string
	address: string
	suburb: string
	state: string
	postcode: string
	contactName: string | null
	contactPhone: string | null
}

/**
 * What the checkout needs of jobs: the customer's open jobs, the user's last one first, its id
 * (the choice made already), and the customer's rules.
 */
export async function checkoutJobs(customerId: number, username: string) {
	const store = getStore()
	const [jobs, last, rules] = await Promise.all([
		store.jobs.list(customerId),
		store.lastJobs.read(customerId, username),
		jobRules(customerId),
	])
	const open = jobs
		.filter((j) => j.open)
		.map((j): CheckoutJob => ({
			id: j.id,
			name: j.name,
			number: j.number,
			label: j.number ? `${j.name} (${j.number})` : j.name,
			reference: j.number ?? j.name,
			address: j.street,
			suburb: j.suburb,
			state: j.state,
			postcode: j.postcode,
			contactName: j.contactName,
			contactPhone: j.contactPhone,
		}))
	const lastJob = open.find((j) => j.id === last)
	return {
		jobs: lastJob ? [lastJob, ...open.filter((j) => j !== lastJob)] : open,
		last: lastJob?.id,
		rules,
	}
}

/** Notes the job a user placed an order or quote with: their next checkout offers it first. */
export function rememberJob(customerId: number, username: string, id: string) {
	return getStore().lastJobs.save(customerId, username, id)
}
