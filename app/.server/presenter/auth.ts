import * as contract from './contract/auth.ts'
import { type PresenterContext } from './context.ts'

/** Signing in and out, and the session check. */
export function authApi({ client, config }: PresenterContext) {
	return {
		/** Returns the new session id, or the presenter's reason for refusing. */
		async login(username: string, password: string) {
			const reply = await client.call(contract.login, {
				userid: username,
				password,
				domain: config.company_id,
				extra: config.device_id,
			})
			return reply.sessionID
				? ({ ok: true, sessionId: reply.sessionID } as const)
				: ({ ok: false, message: reply.msg || 'Unable to sign in' } as const)
		},
		/** Session validity check; also the state list for address forms. */
		async getStates() {
			const reply = await client.call(contract.getState, {})
			return reply.dataset.stateList
		},
		async logout() {
			await client.call(contract.logout, {})
		},
	}
}
