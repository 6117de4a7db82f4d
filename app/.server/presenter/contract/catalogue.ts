import { z } from 'zod'
import { datasetReply, defineOperation, TTL } from './define.ts'

/** A product menu row: empty type and class = category; empty class = type (spec part 1 §3). */
export const MenuEntrySchema = z.object({
	prodCategory: z.string(),
	prodType: z.string().default(''),
	prodClass: z.string().default(''),
	menuDesc: z.string(),
	menuFiles: z.string().default(''),
})
export type MenuEntry = z.infer<typeof MenuEntrySchema>

export const getProductMenu = defineOperation({
	fn: 'getProductMenu',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ ProductMenu: z.array(MenuEntrySchema) }),
	cache: { ttlMs: TTL.general, tags: ['menu'] },
})
