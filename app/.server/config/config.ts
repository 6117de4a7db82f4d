import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { env, envOf } from './env.ts'

/** A string or a number as trimmed text; never null (which coercion would make the text 'null'). */
const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim())
const required = text.pipe(z.string().min(1))
/** Optional text: missing or null is ''. */
const optional = text.nullish().transform((v) => v ?? '')
const Colour = z.string().regex(/^#[0-9a-f]{3}([0-9a-f]{3})?$/i)

/** The first item of the configuration file's DeviceList. */
export const ConfigurationSchema = z.object({
	endpointUrl: required,
	device_id: required,
	company_id: required,
	abn: optional,
	company_name: optional,
	company_email: optional,
	usa: z
		.union([z.boolean(), z.string()])
		.transform((v) => v === true || v === 'true')
		.default(false),
	/** The three base colours of the theme. */
	theme: z
		.object({ primary: Colour, masthead: Colour, hyperlink: Colour })
		.default({ primary: '#c2410c', masthead: '#1d3557', hyperlink: '#0b6e99' }),
})
export type Configuration = z.infer<typeof ConfigurationSchema>

export type ConfigurationResult =
	{ ok: true; config: Readonly<Configuration> } | { ok: false; reason: string }

/**
 * Reads and validates the configuration file. A missing endpointUrl, device_id or company_id
 * (or an unreadable file) is 'Configuration Unavailable'. PRESENTER_URL overrides the endpoint.
 * The file lives in config/, not public/: only the server reads it, so its ids are never served.
 */
export function loadConfiguration(
	file = env().PORTAL_CONFIG ?? path.resolve('config/configuration.json'),
	source?: Record<string, string | undefined>,
): ConfigurationResult {
	const { PRESENTER_URL } = envOf(source)
	let json: unknown
	try {
		json = JSON.parse(readFileSync(file, 'utf8'))
	} catch (error) {
		return { ok: false, reason: `Cannot read ${path.basename(file)}: ${(error as Error).message}` }
	}
	const device = (json as { DeviceList?: unknown[] } | null)?.DeviceList?.[0]
	const parsed = ConfigurationSchema.safeParse(
		PRESENTER_URL && device && typeof device === 'object'
			? { ...device, endpointUrl: PRESENTER_URL }
			: device,
	)
	if (!parsed.success) return { ok: false, reason: z.prettifyError(parsed.error) }
	return { ok: true, config: Object.freeze(parsed.data) }
}

/**
 * A relative endpointUrl ('/presenter') names the sandbox mounted in this server; the portal
 * reaches it over loopback like any other presenter host.
 */
export function isEmbeddedEndpoint(config: Configuration) {
	// '//host/path' is protocol-relative: another host, not a path on this one.
	return config.endpointUrl.startsWith('/') && !config.endpointUrl.startsWith('//')
}

/** The presenter's {host}: the configuration's, or for the embedded sandbox this server on loopback. */
export function presenterHost(config: Configuration, source?: Record<string, string | undefined>) {
	if (!isEmbeddedEndpoint(config)) return config.endpointUrl
	return new URL(config.endpointUrl, `http://127.0.0.1:${envOf(source).PORT}`).href
}

let loaded: ConfigurationResult | undefined
/** The configuration, loaded once per process and frozen. */
export function getConfiguration(): ConfigurationResult {
	loaded ??= loadConfiguration()
	return loaded
}
