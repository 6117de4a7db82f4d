import { env } from '../config/env.ts'
/**
 * The enforced Content-Security-Policy (docs/decisions/004-csp-and-headers.md): scripts only with this
 * request's nonce (and what they load, via 'strict-dynamic'); styles from our origin or nonced;
 * no plugins, no framing, forms post only to us.
 */
export function contentSecurityPolicy(nonce: string, dev = env().NODE_ENV !== 'production') {
	return [
		`default-src 'self'`,
		`script-src 'nonce-${nonce}' 'strict-dynamic'`,
		`style-src 'self' 'nonce-${nonce}'`,
		`img-src 'self'`,
		`font-src 'self'`,
		`connect-src 'self'${dev ? ' ws: wss:' : ''}`,
		// The service worker (/sw.js, built from sw/sw.ts): without this, script-src (nonces) would refuse it.
		`worker-src 'self'`,
		// The store listing's embedded map (settings GMAPS_API_KEY) is Google's page in a frame.
		`frame-src https://www.google.com`,
		`object-src 'none'`,
		`base-uri 'self'`,
		`form-action 'self'`,
		`frame-ancestors 'none'`,
	].join('; ')
}
