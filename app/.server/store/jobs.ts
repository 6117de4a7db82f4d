import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { type Job, type JobFields, type Store } from './contract.ts'
import { user } from './approvals.ts'
import { type Database } from './schema.ts'

/**
 * The store's queries of jobs and customers' settings (docs/decisions/067-jobs.md). Every query
 * names the customer, so no customer reads or changes another's jobs.
 */

/** The store's database once its migrations ran. */
type Db = () => Promise<Kysely<Database>>

function fromRow(row: Database['jobs']): Job {
	return {
		id: row.id,
		customerId: row.customer_id,
		name: row.name,
		number: row.number,
		street: row.street,
		suburb: row.suburb,
		state: row.state,
		postcode: row.postcode,
		contactName: row.contact_name,
		contactPhone: row.contact_phone,
		budget: row.budget,
		open: Boolean(row.open),
		createdAt: row.created_at,
		updatedAt: row.updated_at,
	}
}

function toRow(job: JobFields) {
	return {
		name: job.name,
		number: job.number,
		street: job.street,
		suburb: job.suburb,
		state: job.state,
		postcode: job.postcode,
		contact_name: job.contactName,
		contact_phone: job.contactPhone,
		budget: job.budget,
	}
}

/** Customers' jobs (createStore). */
export function jobQueries(db: Db): Store['jobs'] {
	const get = async (customerId: number, id: string) => {
		const row = await (
			await db()
		)
			.selectFrom('jobs')
			.selectAll()
			.where('customer_id', '=', customerId)
			.where('id', '=', id)
			.executeTakeFirst()
		return row && fromRow(row)
	}
	return {
		async list(customerId) {
			const rows = await (
				await db()
			)
				.selectFrom('jobs')
				.selectAll()
				.where('customer_id', '=', customerId)
				.orderBy('open', 'desc')
				.orderBy(sql`lower(name)`)
				.orderBy('seq')
				.execute()
			return rows.map(fromRow)
		},
		get,
		async add(customerId, job) {
			const id = randomUUID()
			const now = Date.now()
			await (
				await db()
			)
				.insertInto('jobs')
				.values({
					id,
					customer_id: customerId,
					...toRow(job),
					open: true,
					created_at: now,
					updated_at: now,
					seq: sql<number>`(SELECT coalesce(max(seq), 0) + 1 FROM jobs)`,
				})
				.execute()
			const added = await get(customerId, id)
			if (!added) throw new Error('The job added was not found')
			return added
		},
		async update(customerId, id, job) {
			const result = await (
				await db()
			)
				.updateTable('jobs')
				.set({ ...toRow(job), updated_at: Date.now() })
				.where('customer_id', '=', customerId)
				.where('id', '=', id)
				.executeTakeFirst()
			return result.numUpdatedRows > 0n
		},
		async setOpen(customerId, id, open) {
			const result = await (
				await db()
			)
				.updateTable('jobs')
				.set({ open, updated_at: Date.now() })
				.where('customer_id', '=', customerId)
				.where('id', '=', id)
				.executeTakeFirst()
			return result.numUpdatedRows > 0n
		},
	}
}

/** Customers' portal settings (createStore). */
export function customerSettingQueries(db: Db): Store['customerSettings'] {
	return {
		async read(customerId, name) {
			const row = await (
				await db()
			)
				.selectFrom('customer_settings')
				.select('value')
				.where('customer_id', '=', customerId)
				.where('name', '=', name)
				.executeTakeFirst()
			return row?.value
		},
		async save(customerId, name, value) {
			await (
				await db()
			)
				.insertInto('customer_settings')
				.values({ customer_id: customerId, name, value })
				.onConflict((c) => c.columns(['customer_id', 'name']).doUpdateSet({ value }))
				.execute()
		},
	}
}

/** The job each user last placed an order or quote with (createStore). */
export function lastJobQueries(db: Db): Store['lastJobs'] {
	return {
		async read(customerId, username) {
			const row = await (
				await db()
			)
				.selectFrom('last_jobs')
				.select('job_id')
				.where('customer_id', '=', customerId)
				.where('username', '=', user(username))
				.executeTakeFirst()
			return row?.job_id
		},
		async save(customerId, username, jobId) {
			const row = {
				customer_id: customerId,
				username: user(username),
				job_id: jobId,
				at: Date.now(),
			}
			await (
				await db()
			)
				.insertInto('last_jobs')
				.values(row)
				.onConflict((c) =>
					c.columns(['customer_id', 'username']).doUpdateSet({ job_id: row.job_id, at: row.at }),
				)
				.execute()
		},
	}
}
