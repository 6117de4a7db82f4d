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

/** getState: fails with a session-expired error when the context id is no longer valid. */
export const getState = defineOperation({
	fn: 'getState',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({}),
	reply: datasetReply({ stateList: z.array(StateSchema) }),
	cache: { ttlMs: TTL.general, tags: ['state'] },
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
