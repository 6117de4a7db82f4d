import { describe, expect, test } from 'vitest'
import { LOCKS, withLock } from '../store/locks.ts'
import { OrderPayloadSchema } from '../presenter/contract/checkout.ts'
import { buildOrderPayload, joinDateTime, type CheckoutValues } from './payload.ts'
import { parseInputDate } from '#app/utils/input-date.ts'

describe('dates and times', () => {
	test('dd/mm/yyyy for en-AU, mm/dd/yyyy for en-US', () => {
		expect(parseInputDate('24/11/2026', 'en-AU')?.toDateString()).toBe(
			new Date(2026, 10, 24).toDateString(),
		)
		expect(parseInputDate('11/24/2026', 'en-US')?.toDateString()).toBe(
			new Date(2026, 10, 24).toDateString(),
		)
		expect(parseInputDate('11/24/2026', 'en-AU')).toBeNull()
	})
	test("a date picker's yyyy-mm-dd is accepted in either locale", () => {
		for (const locale of ['en-AU', 'en-US'] as const) {
			expect(parseInputDate('2026-11-24', locale)?.toDateString()).toBe(
				new Date(2026, 10, 24).toDateString(),
			)
		}
	})
	test('impossible or malformed dates are refused', () => {
		const refused = [
			'31/02/2026',
			'2026-02-31',
			'2026-13-01',
			'24-11-2026',
			'',
			'tomorrow',
			'24/11/26',
		]
		for (const text of refused) {
			expect(parseInputDate(text, 'en-AU')).toBeNull()
		}
	})
	test('date and 24-hour time join to a seconds-precision timestamp', () => {
		const date = new Date(2026, 10, 24)
		expect(joinDateTime(date, '7:30')).toBe('2026-11-24T07:30:00')
		expect(joinDateTime(date, '14:05')).toBe('2026-11-24T14:05:00')
		expect(joinDateTime(date, '00:00')).toBe('2026-11-24T00:00:00')
		expect(() => joinDateTime(date, '24:00')).toThrow()
		expect(() => joinDateTime(date, '7.30pm')).toThrow()
	})
})

describe('buildOrderPayload', () => {
	const values: CheckoutValues = {
		transactionType: 'Order',
		shipping: {
			despatchType: 'DEL',
			deliveryTo: 'Site office',
			address: '14 Bourke Road',
			suburb: 'Alexandria',
			state: 'NSW',
			zipCode: '2015',
			notes: 'Gate 3',
			reference: 'Job 4471',
		},
		delivery: {
			onsite: true,
			contactName: 'Sam Lee',
			contactPhone: '0412 000 111',
			requiredDate: new Date(2026, 10, 24),
			requiredTime: '7:30',
			vehicleType: 2,
		},
	}
	const customer = {
		customerName: 'Harbour City Constructions Pty Ltd',
		streetAddress: '14 Bourke Road',
		streetState: 'NSW',
		streetPostCode: '2015',
		customerEmail: 'accounts@example.com',
	}
	const user = { userEmailAddress: 'sarah@example.com' }

	test('maps the form and the account, and satisfies the contract', () => {
		const payload = buildOrderPayload({
			values,
			branchID: 1,
			user,
			customer,
			place: { latitude: -33.9, longitude: 151.19, distanceKm: 1.2 },
		})
		expect(OrderPayloadSchema.parse(payload)).toEqual(payload)
		expect(payload).toMatchObject({
			transactionType: 'Order',
			branchID: 1,
			customerName: 'Harbour City Constructions Pty Ltd',
			clientName: 'Site office',
			clientAddress: '14 Bourke Road',
			clientSuburb: 'Alexandria',
			clientState: 'NSW',
			clientPostcode: '2015',
			buildersRef: 'Job 4471',
			buildersContact: 'Sam Lee',
			salesRepID: 0,
			dateRequired: '2026-11-24T07:30:00',
			despatchMethod: 'DEL',
			shippingInstructions: 'Gate 3',
			quoteOutput: '',
			specOutput: '',
			brochureOutput: '',
		})
	})

	test('one saleDeliveryDetails entry with the defaults', () => {
		const [details] = buildOrderPayload({ values, branchID: 3, user, customer }).saleDeliveryDetails
		expect(details).toEqual({
			id_branch: 3,
			date_deliv: '2026-11-24',
			is_contact_on_site: true,
			type_vehicle: 2,
			name_contact: 'Sam Lee',
			phone_contact: '0412 000 111',
			phone_mobile: '',
			email_contact: 'sarah@example.com',
			time_deliv_required: 800,
			latitude: 0,
			longitude: 0,
			distance_km: 0,
			id_run: 0,
			instructions: '',
		})
	})

	test('the contact email defaults to the user, and a given one wins', () => {
		expect(buildOrderPayload({ values, branchID: 1, user, customer }).clientEmail).toBe(
			'sarah@example.com',
		)
		const withEmail = {
			...values,
			delivery: { ...values.delivery, clientEmail: 'site@example.com' },
		}
		expect(buildOrderPayload({ values: withEmail, branchID: 1, user, customer }).clientEmail).toBe(
			'site@example.com',
		)
	})

	test('pickup: no address, vehicle 0', () => {
		const pickup: CheckoutValues = {
			transactionType: 'Quote',
			shipping: { despatchType: 'PICKUP', deliveryTo: 'Sarah' },
			delivery: {
				onsite: false,
				contactName: 'Sarah',
				contactPhone: '02 9000 0000',
				requiredDate: new Date(2026, 0, 5),
				requiredTime: '16:00',
			},
		}
		const payload = buildOrderPayload({ values: pickup, branchID: 2, user, customer })
		expect(payload).toMatchObject({
			transactionType: 'Quote',
			clientAddress: '',
			clientSuburb: '',
			dateRequired: '2026-01-05T16:00:00',
		})
		expect(payload.saleDeliveryDetails[0]).toMatchObject({
			type_vehicle: 0,
			id_branch: 2,
			is_contact_on_site: false,
		})
	})
})

test('checkout submissions of one cart run one at a time', async () => {
	const order: string[] = []
	const slow = (name: string, ms: number) => () =>
		new Promise<string>((resolve) => {
			order.push(`start ${name}`)
			setTimeout(() => {
				order.push(`end ${name}`)
				resolve(name)
			}, ms)
		})
	const results = await Promise.all([
		withLock(LOCKS.cart('cart-1'), slow('a', 30)),
		withLock(LOCKS.cart('cart-1'), slow('b', 1)),
		withLock(LOCKS.cart('cart-2'), slow('c', 1)),
	])
	expect(results).toEqual(['a', 'b', 'c'])
	expect(order.indexOf('end a')).toBeLessThan(order.indexOf('start b'))
	expect(order.indexOf('start c')).toBeLessThan(order.indexOf('end a'))
})
