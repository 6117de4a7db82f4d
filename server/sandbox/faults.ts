import { z } from 'zod'

export const FaultsSchema = z.object({
	/** Added to every presenter call. */
	latencyMs: z.number().int().min(0).max(60_000).default(0),
	/** Share of calls answered with HTTP 503 (0–1), drawn from a seeded generator. */
	errorRate: z.number().min(0).max(1).default(0),
	/** The next `count` calls of `fn` fail with HTTP `status`, or hang past any timeout. */
	failures: z
		.array(
			z.object({
				fn: z.string(),
				count: z.number().int().min(1).default(1),
				status: z.number().int().min(400).max(599).default(503),
				hang: z.boolean().default(false),
			}),
		)
		.default([]),
	/** Calls of `fn` wait `ms` more before they act (a slow step of the ERP, for races). */
	slow: z.array(z.object({ fn: z.string(), ms: z.number().int().min(0).max(60_000) })).default([]),
	/** The whole ERP is away: every call fails with HTTP 503 (`fail`) or never answers (`hang`). */
	down: z.enum(['no', 'fail', 'hang']).default('no'),
	/**
	 * The outage has lasted longer than every cache time: the embedded portal's read caches are
	 * emptied now (its last good copies stay).
	 */
	outlastCaches: z.boolean().default(false),
	/** Ends every presenter session now. */
	expireSessions: z.boolean().default(false),
})
export type FaultSettings = z.infer<typeof FaultsSchema>

/** Injected failures for tests: latency, error rate, scripted failures. */
export class Faults {
	settings: FaultSettings = FaultsSchema.parse({})
	#seed = 1

	configure(settings: FaultSettings) {
		this.settings = settings
		this.#seed = 1
	}

	clear() {
		this.configure(FaultsSchema.parse({}))
	}

	#random() {
		// mulberry32: deterministic, so a given error rate fails the same calls every run.
		let t = (this.#seed += 0x6d2b79f5)
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}

	/** Waits the configured latency; returns how the call must fail, if it must. */
	async before(fn: string): Promise<{ status: number; hang: boolean } | null> {
		const slow = this.settings.slow.find((s) => s.fn === fn)?.ms ?? 0
		const wait = this.settings.latencyMs + slow
		if (wait) await new Promise((r) => setTimeout(r, wait))
		if (this.settings.down !== 'no') return { status: 503, hang: this.settings.down === 'hang' }
		const scripted = this.settings.failures.find((f) => f.fn === fn && f.count > 0)
		if (scripted) {
			scripted.count--
			return { status: scripted.status, hang: scripted.hang }
		}
		if (this.settings.errorRate && this.#random() < this.settings.errorRate) {
			return { status: 503, hang: false }
		}
		return null
	}
}
