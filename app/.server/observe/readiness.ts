import { getConfiguration, presenterHost } from '../config/config.ts'
import { getStore } from '../store/index.ts'
import { logger } from './log.ts'

/** The readiness answer: whether this instance can serve customers, and which part is not up. */
export type Readiness = { ready: boolean; store: 'up' | 'down'; presenter: 'up' | 'down' }

/** How long one probe may take, and how long its answer is reused (monitors ask every few seconds). */
const PROBE_MS = 2_000
const REUSE_MS = 5_000

/** Whether the store answers a read: a session that does not exist, looked up. */
async function storeUp() {
	const store = getStore()
	await store.ready()
	await store.sessions.read('readiness-probe')
}

let presenterProbe: { at: number; up: Promise<boolean> } | undefined

/**
 * Whether the presenter is up. For now: its host answers HTTP at all within 2 s (any status: a
 * refusal still says it is there), the answer reused for 5 s. The circuit breaker's state replaces
 * this function when it lands: it knows better, from the calls themselves.
 */
export function presenterUp(): Promise<boolean> {
	const now = Date.now()
	if (presenterProbe && now - presenterProbe.at < REUSE_MS) return presenterProbe.up
	const config = getConfiguration()
	const up = config.ok
		? fetch(presenterHost(config.config), {
				method: 'HEAD',
				signal: AbortSignal.timeout(PROBE_MS),
			}).then(
				(response) => (void response.body?.cancel(), true),
				() => false,
			)
		: Promise.resolve(false)
	presenterProbe = { at: now, up }
	return up
}

/**
 * Readiness (GET /readyz): the store answers a read and the presenter is up. /healthcheck stays the
 * liveness answer; a load balancer sends customers only to a ready instance.
 */
export async function readiness(): Promise<Readiness> {
	const [store, presenter] = await Promise.all([
		storeUp().then(
			() => 'up' as const,
			(error: unknown) => {
				logger().warn({ reason: (error as Error).message }, 'readiness: store down')
				return 'down' as const
			},
		),
		presenterUp().then((up) => (up ? ('up' as const) : ('down' as const))),
	])
	return { ready: store === 'up' && presenter === 'up', store, presenter }
}
