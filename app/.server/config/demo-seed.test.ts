import { afterEach, describe, expect, test } from 'vitest'
import { SUB_USERS, USERS } from '#server/sandbox/seed/company.ts'
import { DEMO_ADMINS, DEMO_LIMITS, seedDemoStore } from './demo-seed.ts'
import { openSqliteStore } from '../store/index.ts'
import { type Store } from '../store/index.ts'

let store: Store | undefined
afterEach(async () => {
	await store?.close()
	store = undefined
})

describe('the demo’s part of the portal’s store', () => {
	test('seeds tbaker’s limit and the administrators, then keeps what an administrator changed', async () => {
		store = openSqliteStore(':memory:')
		await seedDemoStore(store)
		expect(await store.approvals.limits(10001, 'tbaker')).toEqual({
			mayOrder: true,
			orderLimit: 150_000,
			monthlyLimit: null,
		})
		expect((await store.approvals.admins(10001)).map((a) => a.username).sort()).toEqual([
			'demo',
			'rwilliams',
		])
		const changed = { mayOrder: false, orderLimit: null, monthlyLimit: 500_00 }
		await store.approvals.setLimits(10001, 'tbaker', changed)
		await store.approvals.setAdmins(10001, [{ username: 'demo', email: 'sarah@example.com' }])
		await seedDemoStore(store)
		expect(await store.approvals.limits(10001, 'tbaker')).toEqual(changed)
		expect(await store.approvals.admins(10001)).toEqual([
			{ username: 'demo', email: 'sarah@example.com' },
		])
	})

	test('names the users the sandbox seeds: the demo customer’s active administrators', () => {
		const users = [...USERS, ...SUB_USERS.filter((u) => u.active)]
		const admins = users
			.filter((u) => u.role === 'admin' && u.id_cust === 10001)
			.map((u) => ({ username: u.username, email: u.email }))
		expect(DEMO_ADMINS).toEqual([{ customerId: 10001, admins }])
		for (const { customerId, username } of DEMO_LIMITS)
			expect(users.some((u) => u.username === username && u.id_cust === customerId)).toBe(true)
	})
})
