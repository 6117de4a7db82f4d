import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import {
	checkoutSchema,
	deliveryPreviewSchema,
	JOB_MESSAGES,
	type JobRules,
} from './checkout.forms.ts'
import { parseSettings } from '#app/.server/presenter/config.ts'

const methods = [
	{ methodName: 'DEL', methodDesc: 'Delivery', delivery: true },
	{ methodName: 'PICKUP', methodDesc: 'Pickup from branch', delivery: false },
]
const settings = (values: Record<string, string> = {}) =>
	parseSettings(Object.entries(values).map(([name, value]) => ({ name, value })))

function submit(
	fields: Record<string, string>,
	options: { tax_mode?: string; locale?: string } = {},
	jobs?: JobRules,
) {
	const form = new FormData()
	for (const [k, v] of Object.entries(fields)) form.set(k, v)
	const schema = checkoutSchema({
		methods,
		settings: settings(options as Record<string, string>),
		despatchType: fields['shipping.despatchType'] ?? '',
		jobs,
	})
	const submission = parseWithZod(form, { schema })
	return { submission, errors: (submission.status === 'error' ? submission.error : null) ?? {} }
}

const complete = {
	attempt: 'a1b2c3d4e5f6a7b8c9d0',
	transactionType: 'Order',
	'shipping.deliveryTo': 'Site office',
	'delivery.contactName': 'Sam Lee',
	'delivery.contactPhone': '0412 000 111',
	'delivery.requiredDate': '24/12/2026',
	'delivery.requiredTime': '7:30',
}

describe('checkout validation', () => {
	test('an empty form names every required field', () => {
		const { errors } = submit({ attempt: complete.attempt, transactionType: 'Order' })
		expect(errors).toMatchObject({
			'shipping.despatchType': ['Please select a Despatch type'],
			'shipping.deliveryTo': ['Delivery To is required'],
			'delivery.contactName': ['Please enter a Contact name'],
			'delivery.contactPhone': ['Please enter a Contact phone'],
			'delivery.requiredDate': ['Please enter a Required date'],
			'delivery.requiredTime': ['Please enter a Required time'],
		})
		expect(errors).not.toHaveProperty(['shipping.address'])
	})

	test('delivery needs address, suburb, state and vehicle type; not a branch', () => {
		const { errors } = submit({ ...complete, 'shipping.despatchType': 'DEL' })
		expect(errors).toEqual({
			'shipping.address': ['Address is required'],
			'shipping.suburb': ['Suburb is required'],
			'shipping.state': ['State is required'],
			'delivery.vehicleType': ['Please select a Vehicle type'],
		})
	})

	test('pickup needs a branch; not an address or vehicle', () => {
		const { errors } = submit({ ...complete, 'shipping.despatchType': 'PICKUP' })
		expect(errors).toEqual({ 'delivery.branch': ['Please select a Branch'] })
		const ok = submit({ ...complete, 'shipping.despatchType': 'PICKUP', 'delivery.branch': '2' })
		expect(ok.submission.status).toBe('success')
	})

	test('an unknown despatch method is refused', () => {
		const { errors } = submit({ ...complete, 'shipping.despatchType': 'TELEPORT' })
		expect(errors['shipping.despatchType']).toEqual(['Unable to find selected despatch method'])
	})

	test('tax mode: Dispatch wording and a required zip code', () => {
		const { errors } = submit(
			{ attempt: complete.attempt, transactionType: 'Order' },
			{ tax_mode: 'true' },
		)
		expect(errors['shipping.despatchType']).toEqual(['Please select a Dispatch type'])
		expect(errors['shipping.zipCode']).toEqual(['Zip Code is required'])
		expect(
			submit({ ...complete, 'shipping.despatchType': 'PICKUP', 'delivery.branch': '1' }).errors,
		).not.toHaveProperty(['shipping.zipCode'])
	})

	test('dates follow the locale; times are 24-hour; emails are checked', () => {
		const base = { ...complete, 'shipping.despatchType': 'PICKUP', 'delivery.branch': '1' }
		expect(
			submit({ ...base, 'delivery.requiredDate': '12/24/2026' }).errors['delivery.requiredDate'],
		).toEqual(['Enter the date as dd/mm/yyyy'])
		expect(
			submit({ ...base, 'delivery.requiredDate': '12/24/2026' }, { locale: 'en-US' }).submission
				.status,
		).toBe('success')
		expect(
			submit({ ...base, 'delivery.requiredTime': '7:30pm' }).errors['delivery.requiredTime'],
		).toEqual(['Enter the time as 24-hour H:mm, e.g. 14:30'])
		expect(
			submit({ ...base, 'delivery.clientEmail': 'nope' }).errors['delivery.clientEmail'],
		).toEqual(['Invalid email address'])
	})

	test('notes, reference and onsite are optional; onsite is a boolean', () => {
		const { submission } = submit({
			...complete,
			'shipping.despatchType': 'PICKUP',
			'delivery.branch': '1',
		})
		expect(submission.status).toBe('success')
		if (submission.status === 'success') {
			expect(submission.value.delivery.onsite).toBe(false)
			expect(submission.value.delivery.requiredDate).toEqual(new Date(2026, 11, 24))
		}
	})
})

describe("'Calculate delivery' validation", () => {
	const preview = (fields: Record<string, string>) => {
		const form = new FormData()
		for (const [k, v] of Object.entries(fields)) form.set(k, v)
		const schema = deliveryPreviewSchema({
			methods,
			settings: settings(),
			despatchType: fields['shipping.despatchType'] ?? '',
		})
		return parseWithZod(form, { schema })
	}

	test('needs only what a delivery is priced from: address, suburb, state and vehicle', () => {
		const submission = preview({ 'shipping.despatchType': 'DEL' })
		expect(submission.status === 'error' && submission.error).toEqual({
			'shipping.address': ['Address is required'],
			'shipping.suburb': ['Suburb is required'],
			'shipping.state': ['State is required'],
			'delivery.vehicleType': ['Please select a Vehicle type'],
		})
		const ok = preview({
			'shipping.despatchType': 'DEL',
			'shipping.address': '14 Bourke Road',
			'shipping.suburb': 'Alexandria',
			'shipping.state': 'NSW',
			'delivery.vehicleType': '2',
		})
		expect(ok.status === 'success' && ok.value).toEqual({
			shipping: {
				despatchType: 'DEL',
				address: '14 Bourke Road',
				suburb: 'Alexandria',
				state: 'NSW',
			},
			delivery: { vehicleType: 2 },
		})
	})
})

describe('the checkout’s jobs', () => {
	const pickup = { ...complete, 'shipping.despatchType': 'PICKUP', 'delivery.branch': '1' }
	const open = [
		{ id: 'job-smith', name: 'Smith St renovation', number: 'PO-1400' },
		{ id: 'job-lot', name: 'Duplex Lot 212', number: null },
	]
	const rules = (r: Partial<JobRules> = {}): JobRules => ({
		open,
		required: false,
		onlyListed: false,
		...r,
	})

	test('no job is needed unless the customer requires one; then its absence is refused', () => {
		expect(submit(pickup, {}, rules()).errors).toEqual({})
		expect(submit(pickup, {}, rules({ required: true })).errors).toEqual({
			job: [JOB_MESSAGES.required],
		})
		expect(submit({ ...pickup, job: 'job-lot' }, {}, rules({ required: true })).errors).toEqual({})
	})

	test('a job that is not one of the customer’s open jobs is refused', () => {
		for (const r of [rules(), rules({ required: true })])
			expect(submit({ ...pickup, job: 'another-customers-job' }, {}, r).errors).toEqual({
				job: [JOB_MESSAGES.unknown],
			})
		expect(submit({ ...pickup, job: 'x'.repeat(500) }, {}, rules()).errors).toEqual({
			job: [JOB_MESSAGES.unknown],
		})
	})

	test('only listed jobs: a Reference is an open job’s number or name, ignoring case and spacing', () => {
		const only = rules({ onlyListed: true })
		for (const reference of ['PO-1400', ' po-1400', 'smith st renovation', 'DuplexLot212', ''])
			expect(submit({ ...pickup, 'shipping.reference': reference }, {}, only).errors).toEqual({})
		expect(submit({ ...pickup, 'shipping.reference': 'Job 4471' }, {}, only).errors).toEqual({
			'shipping.reference': [JOB_MESSAGES.notListed],
		})
		expect(submit({ ...pickup, 'shipping.reference': 'Job 4471' }, {}, rules()).errors).toEqual({})
	})
})
