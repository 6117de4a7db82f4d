import { type Store } from '#app/.server/store/index.ts'
import { SUB_USERS, USERS } from './company.ts'

/**
 * What the demo customers have in the portal's own store when the sandbox is embedded: order
 * limits (docs/decisions/059-order-limits-and-approvals.md; `tbaker` may order up to $1,500 at a
 * time) and the administrators approval requests are emailed to, which the portal otherwise
 * learns when an administrator opens Account Admin or Approvals. The presenter has neither.
 */
export const PORTAL_LIMITS = [
	{
		customerId: 10001,
		username: 'tbaker',
		limits: { mayOrder: true, orderLimit: 150_000, monthlyLimit: null },
	},
]

const ADMINS = [...USERS, ...SUB_USERS.filter((u) => u.active)].filter((u) => u.role === 'admin')

/** Adds what is missing of the seed; what an administrator changed since stays as it is. */
export async function seedPortalStore(store: Store) {
	for (const { customerId, username, limits } of PORTAL_LIMITS) {
		if (!(await store.approvals.limits(customerId, username)))
			await store.approvals.setLimits(customerId, username, limits)
	}
	for (const customerId of new Set(ADMINS.map((u) => u.id_cust))) {
		if ((await store.approvals.admins(customerId)).length) continue
		await store.approvals.setAdmins(
			customerId,
			ADMINS.filter((u) => u.id_cust === customerId).map((u) => ({
				username: u.username,
				email: u.email,
			})),
		)
	}
}
