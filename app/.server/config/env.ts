import { z } from 'zod'

/**
 * Every environment variable the portal reads, in one place: its default, what it means, and how
 * a bad value is refused. The server reads them once at start (`env()`), and refuses to start with
 * a message naming the variable when one is not what it must be. The README's configuration
 * table lists the same names (a unit test keeps the two alike).
 */

/** An unset or empty variable takes its default. */
const unset = (value: unknown) => (value === '' ? undefined : value)
/** A limit: a whole number of 1 or more. */
const count = (fallback: number, meaning: string) =>
	z.preprocess(unset, z.coerce.number().int().min(1).default(fallback)).describe(meaning)
const milliseconds = (fallback: number, meaning: string) =>
	z.preprocess(unset, z.coerce.number().int().min(0).default(fallback)).describe(meaning)
const flag = (fallback: boolean, meaning: string) =>
	z
		.preprocess(unset, z.enum(['true', 'false']).default(fallback ? 'true' : 'false'))
		.transform((v) => v === 'true')
		.describe(meaning)
const text = (meaning: string) => z.preprocess(unset, z.string().optional()).describe(meaning)

export const EnvSchema = z.object({
	NODE_ENV: z
		.preprocess(unset, z.enum(['production', 'development', 'test']).default('development'))
		.describe('production, development or test'),
	PORT: z
		.preprocess(unset, z.coerce.number().int().min(1).max(65_535).default(3000))
		.describe('the port the server listens on'),
	HOST: z
		.preprocess(unset, z.string().default('0.0.0.0'))
		.describe('the address the server listens on'),
	PORTAL_INSTANCE: text(
		'this instance’s name, sent on every answer in X-Portal-Instance (default: host name:PORT)',
	),
	SHUTDOWN_GRACE_MS: milliseconds(
		10_000,
		'after SIGTERM or SIGINT, how long requests in flight may run before being cut',
	),
	PORTAL_CONFIG: text(
		'path of the configuration file, read by the server and never served (default: config/configuration.json)',
	),
	PRESENTER_URL: text('overrides the configuration’s endpointUrl'),
	SESSION_SECRET: text(
		'comma-separated cookie signing secrets; the first signs, all verify (keep an old one 30 days). Default: random per start, so sessions end on restart',
	),
	INSECURE_COOKIES: flag(false, 'true drops the Secure cookie flag and HSTS (plain-HTTP hosts)'),
	PRESENTER_TIMEOUT_MS: milliseconds(
		15_000,
		'timeout of every presenter call, and one request’s budget for all its reads',
	),
	PRESENTER_RETRY_BASE_MS: milliseconds(
		1_000,
		'first retry delay of reads (doubling, at most 30 s)',
	),
	PRESENTER_BREAKER_FAILURES: count(
		5,
		'consecutive presenter failures or timeouts that open the circuit breaker (calls then fail at once)',
	),
	PRESENTER_BREAKER_OPEN_MS: milliseconds(
		20_000,
		'how long the open breaker refuses calls before one probe call tests the presenter again',
	),
	PRESENTER_STALE_MS: milliseconds(
		43_200_000,
		'while the presenter is down, pages read before are served from their last good copy up to this age (12 h)',
	),
	QUEUED_ORDERS_EVERY_MS: milliseconds(
		60_000,
		'how often orders kept while the presenter was down are tried again (also whenever it answers again)',
	),
	RECENTLY_ORDERED_WAIT_MS: milliseconds(
		200,
		'without JS, how long home waits for recently ordered before it shows a link to it instead',
	),
	LOGIN_FAILURES_PER_USER: count(5, 'failed sign-ins per username per 15 minutes, then 429'),
	LOGIN_FAILURES_PER_ADDRESS: count(
		50,
		'failed sign-ins per client address per 15 minutes, then 429',
	),
	ACCOUNT_REQUESTS_PER_ADDRESS: count(
		5,
		'trade account requests sent per client address per hour, then 429',
	),
	PUBLIC_URL: text(
		'the portal’s public origin (payment return addresses, links in emails); required in production (default elsewhere: http://localhost:PORT)',
	),
	MAIL_PER_USER_MINUTE: count(5, 'email recipients one user may send to per minute, then 429'),
	MAIL_PER_USER_HOUR: count(30, 'email recipients one user may send to per hour, then 429'),
	MAIL_PER_CUSTOMER_HOUR: count(
		100,
		'email recipients all users of one customer may send to per hour, then 429',
	),
	REGISTRATIONS_PER_ADDRESS: count(
		5,
		'registrations accepted per client address per hour, then 429',
	),
	REGISTRATIONS_PER_ACCOUNT: count(10, 'registrations accepted per account per day, then 429'),
	PORTAL_DB: z
		.preprocess(unset, z.string().default('.data/portal.sqlite'))
		.describe('the portal’s own SQLite file (:memory: for a throwaway one)'),
	DATABASE_URL: text(
		'PostgreSQL shared by several instances, instead of PORTAL_DB (default: the embedded SQLite file)',
	),
	TRUST_PROXY: z
		.preprocess(unset, z.string().default('loopback'))
		.describe('Express’s trust proxy setting behind a load balancer'),
	LOG_REQUESTS: flag(true, 'false silences the request lines (errors are still logged)'),
	OTEL_EXPORTER_OTLP_ENDPOINT: z
		.preprocess(unset, z.url().optional())
		.describe(
			'an OpenTelemetry collector (OTLP over HTTP, e.g. http://localhost:4318): traces go to its /v1/traces. Unset: no tracing, nothing loaded',
		),
	OTEL_SERVICE_NAME: z
		.preprocess(unset, z.string().default('trade-portal'))
		.describe('the service name traces carry'),
	SANDBOX_DB: z
		.preprocess(unset, z.string().default('.data/sandbox.sqlite'))
		.describe('the embedded sandbox’s SQLite file (:memory: for a throwaway one)'),
	SANDBOX_PUBLIC: flag(
		false,
		'true opens the embedded sandbox’s functions to anyone (a public demo; warns)',
	),
	SANDBOX_CONTROL: flag(
		false,
		'true mounts the sandbox control API (/__sandbox); npm start and npm run dev turn it on',
	),
	SANDBOX_CONTROL_TOKEN: text(
		'lets a client not on this machine use the control API (header X-Sandbox-Token)',
	),
	CI: flag(false, 'set by CI: a random session secret is expected there, so no warning'),
})
export type Env = z.infer<typeof EnvSchema>

/** A variable with a value the portal cannot use, named. */
export class EnvError extends Error {}

/** The environment as the portal uses it, from `source`; throws EnvError naming each bad one. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
	// CI sets CI=1 as often as CI=true.
	const ci = source.CI && source.CI !== 'false' ? 'true' : undefined
	const parsed = EnvSchema.safeParse({ ...source, CI: ci })
	if (parsed.success) return parsed.data
	const problems = parsed.error.issues.map(
		(issue) =>
			`${issue.path.join('.')}=${JSON.stringify(source[String(issue.path[0])])}: ${issue.message}`,
	)
	throw new EnvError(`Environment variables not usable:\n  ${problems.join('\n  ')}`)
}

let current: Env | undefined

/** The process's environment, read and checked once. */
export function env(): Env {
	current ??= parseEnv()
	return current
}

/** `source` checked as the environment would be, or the process's own (tests pass their own). */
export const envOf = (source?: Record<string, string | undefined>) =>
	source ? parseEnv(source) : env()
