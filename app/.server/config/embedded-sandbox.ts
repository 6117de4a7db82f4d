import { randomBytes } from 'node:crypto'
import { type Configuration, isEmbeddedEndpoint } from './config.ts'

/**
 * The header the portal's presenter client sends its embedded sandbox, which answers no one else
 * (docs/decisions/052-embedded-sandbox-answers-only-the-portal.md).
 */
export const EMBEDDED_SANDBOX_HEADER = 'X-Sandbox-Secret'

const SECRET = Symbol.for('trade-portal.embedded-sandbox-secret')

/**
 * This process's secret for its embedded sandbox, made on first use and never written anywhere.
 * It is kept on globalThis because the server and the app build each bundle their own copy of
 * this module, and both must hold the same secret.
 */
export function embeddedSandboxSecret(): string {
	const store = globalThis as { [SECRET]?: string }
	store[SECRET] ??= randomBytes(32).toString('base64url')
	return store[SECRET]
}

/** The headers every presenter call sends: the secret, to the embedded sandbox only. */
export function presenterHeaders(config: Configuration): Record<string, string> | undefined {
	return isEmbeddedEndpoint(config)
		? { [EMBEDDED_SANDBOX_HEADER]: embeddedSandboxSecret() }
		: undefined
}
