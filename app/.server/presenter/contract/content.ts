import { z } from 'zod'
import { datasetReply, defineOperation, PresenterBoolean, TTL } from './define.ts'

/** The widget configuration object sets the portal reads. */
export const ObjectSetNameSchema = z.enum(['homepage', 'topbuttonbar', 'Links', 'bottomlinkbar'])
export type ObjectSetName = z.infer<typeof ObjectSetNameSchema>

export const WidgetSchema = z.object({
	label_object: z.string(),
	type_object: z.string(),
	object_value: z.string().default(''),
	object_value_2: z.string().default(''),
	is_enabled: PresenterBoolean,
	desc_object: z.string().default(''),
})
export type Widget = z.infer<typeof WidgetSchema>

export const getObjectSet = defineOperation({
	fn: 'getObjectSet',
	transport: { kind: 'v1', endpoint: '/objectSet' },
	mutation: false,
	payload: z.object({
		companyID: z.string(),
		customerID: z.number().int(),
		objectSet: ObjectSetNameSchema,
		/** Homepage content is loaded for the page 'homepage'. */
		page: z.string().default(''),
	}),
	reply: datasetReply({ ObjectSet: z.array(WidgetSchema) }),
	cache: { ttlMs: TTL.home, tags: ['content'] },
})

/** A file of the Downloads page. Date is yyyy-mm-dd. */
export const DownloadFileSchema = z.object({
	FileName: z.string().min(1),
	Description: z.string().default(''),
	Category: z.string().default(''),
	Date: z.string().default(''),
})
export type DownloadFile = z.infer<typeof DownloadFileSchema>

/** The files the customer may download. */
export const getDownloads = defineOperation({
	fn: 'getDownloads',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ companyID: z.string(), customerID: z.number().int() }),
	reply: datasetReply({ Downloads: z.array(DownloadFileSchema) }),
	cache: { ttlMs: TTL.list, tags: ['content'] },
})

/** One of those files (GET stream). */
export const streamDownload = defineOperation({
	fn: 'streamDownload',
	transport: { kind: 'stream' },
	mutation: false,
	payload: z.object({
		customerID: z.coerce.number().int(),
		FileName: z.string().min(1).max(200),
	}),
	reply: z.unknown(),
})
