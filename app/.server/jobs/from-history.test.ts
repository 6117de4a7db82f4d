import { describe, expect, test } from 'vitest'
import { jobsFromHistory } from './from-history.ts'
import { type Presenter } from '../presenter/index.ts'

type Row = {
	transactionNumber: number
	transactionSuffix: number
	customerOrderNumber: string
	jobName: string
	shipAddress1: string
	deliveryDate: string
	invoiceDate: string
}
const row = (n: number, fields: Partial<Row>): Row => ({
	transactionNumber: n,
	transactionSuffix: 0,
	customerOrderNumber: '',
	jobName: '',
	shipAddress1: '',
	deliveryDate: '',
	invoiceDate: '',
	...fields,
})

/** A presenter answering the lists and details the offer reads, counting the details read. */
function presenter(
	orders: Row[],
	invoices: Row[],
	sites: Record<number, [string, string, string]>,
) {
	const read: number[] = []
	const fake = {
		transactions: {
			listOrders: async () => orders,
			get: async (n: number) => {
				read.push(n)
				const site = sites[n]
				return site && { shipAddress1: site[0], shipAddress2: site[1], shipAddress3: site[2] }
			},
		},
		invoices: { list: async () => invoices },
		auth: { getStates: async () => [{ stateID: 'NSW' }, { stateID: 'VIC' }] },
	}
	return { presenter: fake as unknown as Presenter, read }
}

describe('jobs from history', () => {
	test('each reference of the last 12 months once, newest first, with its latest delivery site', async () => {
		const { presenter: p, read } = presenter(
			[
				row(10, {
					jobName: 'Smith St reno',
					customerOrderNumber: 'PO-1',
					deliveryDate: '2026-10-01',
					shipAddress1: '14 Smith St',
				}),
				row(11, {
					jobName: 'smith st  RENO',
					customerOrderNumber: 'PO-1',
					deliveryDate: '2026-11-01',
					shipAddress1: '14 Smith St',
				}),
				row(12, { customerOrderNumber: 'Lot 212', deliveryDate: '2026-11-20' }),
				row(13, { jobName: 'Old job', deliveryDate: '2025-11-01', shipAddress1: '1 Old Rd' }),
				row(14, { jobName: 'Next year', deliveryDate: '2027-01-10', shipAddress1: '1 New Rd' }),
				row(15, { deliveryDate: '2026-11-25', shipAddress1: '9 No Ref St' }),
			],
			[
				row(11, {
					jobName: 'Smith St reno',
					customerOrderNumber: 'PO-1',
					invoiceDate: '2026-11-02',
				}),
			],
			{ 11: ['14 Smith St', 'Marrickville', 'NSW 2204'] },
		)
		const offered = await jobsFromHistory(p, [], '2026-11-28')
		expect(offered).toEqual([
			{
				key: 'lot212',
				name: 'Lot 212',
				number: null,
				site: null,
				transactions: 1,
				last: '2026-11-20',
			},
			{
				key: 'smithstreno',
				name: 'Smith St reno',
				number: 'PO-1',
				site: { address: '14 Smith St', suburb: 'Marrickville', state: 'NSW', postcode: '2204' },
				// Order 11 and its invoice are one transaction.
				transactions: 2,
				last: '2026-11-02',
			},
		])
		// Only the newest delivered transaction of each reference is read in full.
		expect(read).toEqual([11])
	})

	test('a reference that is a job already, by its number or its name, is not offered', async () => {
		const { presenter: p } = presenter(
			[
				row(1, {
					jobName: 'Smith St reno',
					customerOrderNumber: 'PO-1',
					deliveryDate: '2026-11-01',
				}),
				row(2, { jobName: 'Unit 4', customerOrderNumber: 'X', deliveryDate: '2026-11-01' }),
				row(3, { jobName: 'Lot 9', deliveryDate: '2026-11-01' }),
			],
			[],
			{},
		)
		const jobs = [
			{ id: 'a', name: 'Another name', number: ' po-1' },
			{ id: 'b', name: 'UNIT 4', number: null },
		]
		const offered = await jobsFromHistory(p, jobs, '2026-11-28')
		expect(offered.map((j) => j.name)).toEqual(['Lot 9'])
	})

	test('a pickup names no site: the next newest delivery of the job gives it', async () => {
		const { presenter: p, read } = presenter(
			[
				row(21, {
					jobName: 'Lot 212',
					deliveryDate: '2026-11-20',
					shipAddress1: 'Customer pickup',
				}),
				row(20, { jobName: 'Lot 212', deliveryDate: '2026-10-02', shipAddress1: '212 Oran Pde' }),
			],
			[],
			{
				21: ['Customer pickup', 'Alexandria branch', ''],
				20: ['212 Oran Pde', 'Oran Park', 'NSW 2570'],
			},
		)
		const [offered] = await jobsFromHistory(p, [], '2026-11-28')
		expect(offered!.site).toEqual({
			address: '212 Oran Pde',
			suburb: 'Oran Park',
			state: 'NSW',
			postcode: '2570',
		})
		expect(read).toEqual([21, 20])
	})
})
