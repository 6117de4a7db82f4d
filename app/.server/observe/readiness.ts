import { presenterState } from '../presenter/breaker.ts'
import { getStore } from '../store/index.ts'
import { logger } from './log.ts'

/** The readiness answer: whether this instance can serve customers, and which part is not up. */
export type Readiness = {
	ready: boolean
	store: 'up' | 'down'
	presenter: 'up' | 'down'
	/** When the presenter's breaker opened, while it is down. */
	presenterDownSince?: string
}

/** Whether the store answers a read: a session that does not exist, looked up. */
async function storeUp() {
	const store = getStore()
	await store.ready()
	await store.sessions.read('readiness-probe')
}

/**
 * Readiness (GET /readyz): whether the store answers a read, and whether the presenter is up as
 * the circuit breakers know it from the calls themselves (down from when one opened). Ready means
 * the store is up: with the presenter down an instance still serves what was read before
 * (docs/decisions/064-presenter-outages.md), so a load balancer must keep sending it customers.
 * /healthcheck stays the liveness answer.
 */
export async function readiness(): Promise<Readiness> {
	const store = await storeUp().then(
		() => 'up' as const,
		(error: unknown) => {
			logger().warn({ reason: (error as Error).message }, 'readiness: store down')
			return 'down' as const
		},
	)
	const state = presenterState()
	return {
		ready: store === 'up',
		store,
		presenter: state.up ? 'up' : 'down',
		...(state.up ? {} : { presenterDownSince: new Date(state.since).toISOString() }),
	}
}
