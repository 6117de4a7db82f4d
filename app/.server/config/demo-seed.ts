import { getStore, type Store } from '../store/index.ts'

/*
 * What the demo customer has in the portal's own store: order limits and the administrators that
 * approval requests are emailed to (docs/decisions/059-order-limits-and-approvals.md). The
 * presenter has neither, so this is the portal's part of the demo, run at start when the portal
 * embeds the sandbox presenter (server/index.ts) and by the cluster (scripts/cluster.ts). Outside
 * the demo the portal learns the administrators when one opens Account Admin or Approvals.
 */

/** The demo customer's account (Harbour City Constructions). */
const DEMO_CUSTOMER = 10001

/** `tbaker` may order up to $1,500 at a time (inc GST, in cents). */
export const DEMO_LIMITS = [
	{
		customerId: DEMO_CUSTOMER,
		username: 'tbaker',
		limits: { mayOrder: true, orderLimit: 150_000, monthlyLimit: null },
	},
]

/** The demo customer's administrators (its active admin users). */
export const DEMO_ADMINS = [
	{
		customerId: DEMO_CUSTOMER,
		admins: [
			{ username: 'demo', email: 'sarah.mitchell@harbourcityconstructions.com.au' },
			{ username: 'rwilliams', email: 'rachel.williams@harbourcityconstructions.com.au' },
		],
	},
]

/**
 * Adds what is missing of the demo's seed to `store` (the app's own store unless given); what an
 * administrator changed since stays as it is.
 */
export async function seedDemoStore(store: Store = getStore()) {
	for (const { customerId, username, limits } of DEMO_LIMITS) {
		if (!(await store.approvals.limits(customerId, username)))
			await store.approvals.setLimits(customerId, username, limits)
	}
	for (const { customerId, admins } of DEMO_ADMINS) {
		if ((await store.approvals.admins(customerId)).length) continue
		await store.approvals.setAdmins(customerId, admins)
	}
}
