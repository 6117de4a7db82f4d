import { z } from 'zod'
import { datasetReply, defineOperation } from './define.ts'

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
 * session check of every signed-in request, so it is not cached across requests (the parallel
 * loaders of one request share one call through the request memo).
 */
export const getState = defineOperation({
	fn: 'getState',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({}),
	reply: datasetReply({ stateList: z.array(StateSchema) }),
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
