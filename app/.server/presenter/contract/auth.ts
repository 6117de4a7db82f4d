import { z } from 'zod'
import { datasetReply, defineOperation, TTL } from './define.ts'

/** userLogin: form-encoded; a session id on success, otherwise the reason in msg. */
export const login = defineOperation({
	fn: 'userLogin',
	transport: { kind: 'login' },
	mutation: true,
	payload: z.object({
		userid: z.string(),
		password: z.string(),
		domain: z.string(),
		extra: z.string(),
	}),
	reply: z.object({ sessionID: z.string().default(''), msg: z.string().default('') }),
	invalidates: [],
})

export const StateSchema = z.object({ stateID: z.string(), stateName: z.string() })
export type State = z.infer<typeof StateSchema>

/**
 * getState: fails with a session-expired error when the context id is no longer valid. It is the
 * session check of signed-in requests: a passed check holds for the session-check window, like a
 * cached read of the session (dropped at logout and with any session-expired reply), so a page
 * asks the presenter at most every 30 s whether the session lives
 * (docs/decisions/034-session-check-window.md).
 */
export const getState = defineOperation({
	fn: 'getState',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({}),
	reply: datasetReply({ stateList: z.array(StateSchema) }),
	cache: { ttlMs: TTL.sessionCheck, tags: ['state'] },
})

/** Ends the presenter session (logout). */
export const logout = defineOperation({
	fn: 'userLogout',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({}),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: [],
})
