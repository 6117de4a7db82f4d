import { z } from 'zod'
import { datasetReply, defineOperation, PresenterBoolean, TTL } from './define.ts'

/** The price book's enumerations: codes on the wire, names on screen. */
export const FORMAT_NAMES = {
	'1': 'Tab Delimited',
	'2': 'Comma Delimited',
	'3': 'Default Format 1',
	'4': 'Default Format 2',
} as const
export const TYPE_NAMES = { F: 'Full Download', I: 'Incremental Download' } as const
export const FREQUENCY_NAMES = { D: 'Daily', W: 'Weekly', F: 'Fortnightly', M: 'Monthly' } as const

export const PriceBookFormatSchema = z.enum(['1', '2', '3', '4'])
export const PriceBookTypeSchema = z.enum(['F', 'I'])
export const PriceBookFrequencySchema = z.enum(['D', 'W', 'F', 'M'])

/** One price book sent, dated in the supplier's time. */
export const PriceBookHistorySchema = z.object({
	historyID: z.number().int(),
	dateGenerated: z.string(),
	typeGenerated: PriceBookTypeSchema,
	formatGenerated: z.coerce.string().pipe(PriceBookFormatSchema),
	sentRecipient: z.string().default(''),
	newCodesGenerated: PresenterBoolean,
	coreProductsGenerated: PresenterBoolean,
})
export type PriceBookHistory = z.infer<typeof PriceBookHistorySchema>

/** The customer's price book configuration and what was sent. */
export const PriceBookSchema = z.object({
	PriceBookHistory: z.array(PriceBookHistorySchema).default([]),
	frequencyPricebook: PriceBookFrequencySchema,
	typePricebook: PriceBookTypeSchema,
	deliveryFormat: z.coerce.string().pipe(PriceBookFormatSchema),
	recipient: z.string().default(''),
	/** ISO date, '' when never calculated. */
	lastDateCalculated: z.string().default(''),
	showNewProductCodes: PresenterBoolean,
	showCoreProductsOnly: PresenterBoolean,
	isRequiredQuarterly: PresenterBoolean,
	isPricebookZipped: PresenterBoolean,
})
export type PriceBook = z.infer<typeof PriceBookSchema>

/**
 * The price book (the first of the PriceBook list is used). A customer without one gets the
 * presenter's 'No price book extract has been set up for you'.
 */
export const getPriceBook = defineOperation({
	fn: 'getPriceBook',
	transport: { kind: 'proxy' },
	mutation: false,
	payload: z.object({ customerID: z.number().int(), tradePortalUser: z.string() }),
	reply: datasetReply({ PriceBook: z.array(PriceBookSchema) }),
	cache: { ttlMs: TTL.list, tags: ['pricebook'] },
})

const StatusList = z.array(z.object({ Status: z.string() }))
/** Who asks, and the empty device id the price book calls send. */
const Requester = { tradePortalUser: z.string().min(1), deviceID: z.literal('') }

/** 'Request New Price Book': one is generated and emailed to the configured recipient. */
export const requestNewPriceBook = defineOperation({
	fn: 'requestNewPriceBook',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object(Requester),
	reply: z.object({ requestNewPriceBookStatus: StatusList }),
	invalidates: ['pricebook'],
})

/** 'Resend Selected': the chosen price books again; historyIDs are the ids joined by spaces. */
export const resendPriceBook = defineOperation({
	fn: 'resendPriceBook',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		...Requester,
		historyIDs: z.string().regex(/^\d{1,9}( \d{1,9}){0,199}$/),
	}),
	reply: z.object({ resendPriceBookResponse: StatusList }),
	invalidates: ['pricebook'],
})

/**
 * 'Request Config Changes' (sendPriceBookInfoChanges / sendRequestChanges): a request to the
 * supplier to change the configuration, sent to its support address.
 */
export const sendPriceBookInfoChanges = defineOperation({
	fn: 'sendPriceBookInfoChanges',
	transport: { kind: 'proxy' },
	mutation: true,
	payload: z.object({
		...Requester,
		deliveryFormat: PriceBookFormatSchema,
		isPricebookZipped: z.boolean(),
		isRequiredQuarterly: z.boolean(),
		showCoreProductsOnly: z.boolean(),
		showNewProductCodes: z.boolean(),
		emailText: z.string().max(5000),
		frequency: PriceBookFrequencySchema,
		recipient: z.email(),
		supportEmailAddress: z.string(),
		type: PriceBookTypeSchema,
	}),
	reply: z.object({ SendPriceBookResponse: StatusList }),
	invalidates: ['pricebook'],
})
