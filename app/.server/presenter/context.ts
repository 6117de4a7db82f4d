import { type Configuration } from '../config/config.ts'
import { type PresenterClient } from './client.ts'
import { PresenterError } from './errors.ts'

/** Who is calling: the presenter session and the user and customer it belongs to. */
export type Identity = {
	sessionId: string
	username: string
	customerId: number
}

export type PresenterContext = {
	client: PresenterClient
	config: Configuration
	identity?: Identity
}

/** Use without a session fails with 'Not Authenticated...'. */
export function requireIdentity(ctx: PresenterContext): Identity {
	if (!ctx.identity) throw new PresenterError('api', 'Not Authenticated...')
	return ctx.identity
}
