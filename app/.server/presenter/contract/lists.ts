import { z } from 'zod'
import { defineOperation } from './define.ts'

/** Saves a copy of a cart as a named custom list ('Custom list saved'). */
export const saveCustomList = defineOperation({
	fn: 'saveCustomList',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({ cartSessionId: z.string().min(1), name: z.string().trim().min(1).max(80) }),
	reply: z.object({ msg: z.string().default('') }),
	invalidates: ['lists'],
})
