import { z } from 'zod'
import { datasetReply, defineOperation, TTL } from './define.ts'

/** Settings arrive as name/value pairs; `app/.server/presenter/config.ts` types them. */
export const SettingSchema = z.object({ name: z.string(), value: z.string() })
export type Setting = z.infer<typeof SettingSchema>

/** The customer's settings flags: company defaults overlaid with the customer's own. */
export const getSettings = defineOperation({
	fn: 'getSettings',
	transport: { kind: 'v1', endpoint: '/settings' },
	mutation: false,
	payload: z.object({ companyID: z.string(), customerID: z.number().int() }),
	reply: datasetReply({ Settings: z.array(SettingSchema) }),
	// Read beside the session check, and as often: a setting the supplier changes (the locale, a
	// flag) applies within the session check's 30 s, without signing in again.
	cache: { ttlMs: TTL.sessionCheck, tags: ['settings'] },
})

/** Company-wide settings a visitor may see before signing in (login_text). */
export const getLoginSettings = defineOperation({
	fn: 'getLoginSettings',
	transport: { kind: 'anonymous' },
	mutation: false,
	payload: z.object({ companyID: z.string() }),
	reply: datasetReply({ Settings: z.array(SettingSchema) }),
	cache: { ttlMs: TTL.general, tags: ['login-settings'] },
})
