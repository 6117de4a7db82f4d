import { envOf } from '../config/env.ts'

/**
 * The portal's public origin, from PUBLIC_URL: the base of every absolute address the portal
 * hands out (the payment provider's return addresses), never the request's Host or
 * X-Forwarded-Host, which the client chooses. Required in production; elsewhere it defaults to
 * http://localhost:{PORT}. Throws with the reason when it is missing or not an origin.
 */
export function publicOrigin(source?: Record<string, string | undefined>): string {
	const env = envOf(source)
	const value = env.PUBLIC_URL?.trim()
	if (!value) {
		if (env.NODE_ENV === 'production')
			throw new Error(
				'PUBLIC_URL is required in production: the address customers reach the portal at, ' +
					'such as https://trade.example.com.au (for a local run: PUBLIC_URL=http://localhost:3000).',
			)
		return `http://localhost:${env.PORT ?? 3000}`
	}
	let url: URL
	try {
		url = new URL(value)
	} catch {
		throw new Error(`PUBLIC_URL is not an address: ${value}`)
	}
	const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
	if (!['http:', 'https:'].includes(url.protocol) || !bare)
		throw new Error(
			`PUBLIC_URL must be an http(s) origin with no path, such as https://trade.example.com.au: ${value}`,
		)
	return url.origin
}
