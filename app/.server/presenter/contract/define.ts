import { z } from 'zod'
import { dollarsToCents } from '#app/utils/money.ts'

/**
 * How an operation travels to the presenter.
 * - `proxy`: POST {host}?ipApi={fn}&ipService=…&ipFunction={fn}, JSON body.
 * - `v1`: POST {host}/api/v1{endpoint}, JSON body, empty X-API-KEY header.
 * - `login`: POST {host}?ipApi=userLogin…, form-encoded body, no session.
 * - `anonymous`: POST {host}?ipApi=anonymousFunction&ipFunction={fn}, JSON body, no session.
 * - `stream`: GET {host}?ipApi=stream&ipFunction={fn}&{payload as query}, replies with a file.
 */
export type Transport =
	| { kind: 'proxy' }
	| { kind: 'v1'; endpoint: `/${string}` }
	| { kind: 'login' }
	| { kind: 'anonymous' }
	| { kind: 'stream' }

/** Cache tags: a mutation names the tags whose cached reads it makes stale. */
export type CacheTag =
	| 'state'
	| 'user'
	| 'users'
	| 'customer'
	| 'settings'
	| 'content'
	| 'menu'
	| 'products'
	| 'cart'
	| 'lookups'
	| 'transactions'
	| 'statements'
	| 'lists'
	| 'pricebook'
	| 'login-settings'

export type Operation<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = {
	/** The presenter function name: ipApi/ipFunction on the wire. */
	fn: string
	transport: Transport
	/** Mutations are never retried and never cached. */
	mutation: boolean
	payload: P
	reply: R
	/**
	 * Reads are cached per presenter session for `ttlMs`. `shared`: the reply is the same for every
	 * customer (the payload names no customer or user: the menu, lookups), so it is cached once for
	 * the whole process instead. `keepsNoRecords`: a 'no records' refusal is this read's empty answer
	 * (a list's page past its end), kept like a reply and dropped with the same tags.
	 */
	cache?: { ttlMs: number; tags: readonly CacheTag[]; shared?: true; keepsNoRecords?: true }
	invalidates?: readonly CacheTag[]
	/**
	 * The cart (or list) a mutation changes, from its payload: the call runs under that cart's
	 * lock, which placing an order of the cart holds from its checks to its createOrder, so no
	 * change slips between them (docs/decisions/060-order-rules-between-requests.md).
	 */
	changesCart?: (payload: z.input<P>) => string
}

export function defineOperation<P extends z.ZodType, R extends z.ZodType>(op: Operation<P, R>) {
	return op
}

export type PayloadOf<O> = O extends Operation<infer P, z.ZodType> ? z.input<P> : never
export type ReplyOf<O> = O extends Operation<z.ZodType, infer R> ? z.output<R> : never
/** What an implementation (the sandbox) must send back. */
export type ReplyInputOf<O> = O extends Operation<z.ZodType, infer R> ? z.input<R> : never
export type ParsedPayloadOf<O> = O extends Operation<infer P, z.ZodType> ? z.output<P> : never

/** The fixed ipService value of the trade portal mobile interface. */
export const IP_SERVICE = 'tportalMobile'

/** The application marker for this portal, sent as tpa/tpaID. */
export const TPA = 'tportal'

/** One errorTable entry. */
export const ErrorEntrySchema = z.object({
	field: z.string().default(''),
	msg: z.string().default(''),
})
export type ErrorEntry = z.infer<typeof ErrorEntrySchema>

/** The part every reply may carry; checked before the operation's own schema. */
export const EnvelopeSchema = z.looseObject({
	hasErrors: z.boolean().optional(),
	errorTable: z.array(ErrorEntrySchema).optional(),
})

/** A reply whose payload sits in `dataset`, as the presenter sends most lists. */
export function datasetReply<S extends z.ZodRawShape>(shape: S) {
	return z.object({ dataset: z.object(shape) })
}

/** Booleans arrive as true/false, 1/0 or 'Y'/'N' depending on the presenter's column type. */
export const PresenterBoolean = z.union([z.boolean(), z.number(), z.string()]).transform((v) => {
	if (typeof v === 'boolean') return v
	if (typeof v === 'number') return v !== 0
	return ['true', '1', 'y', 'yes'].includes(v.trim().toLowerCase())
})

/**
 * An amount of money: dollars on the wire (a number or a numeric string), whole cents in the
 * portal (docs/decisions/062-money-in-cents.md). An implementation (the sandbox) sends the input
 * side, dollars; every reply the portal reads has cents.
 */
export const Money = z.coerce.number<number | string>().transform(dollarsToCents)
export { ONE_LINE, ONE_LINE_MESSAGE } from '#app/utils/one-line.ts'

/** How long the read cache keeps a reply, by kind. */
export const TTL = {
	/** Home data: fresh 5 minutes. Also the general cache time. */
	home: 5 * 60_000,
	general: 5 * 60_000,
	/** Orders, transactions, invoices, statements, product detail and many lists. */
	list: 60_000,
	/**
	 * How long a session check holds: not a product rule: the original app checks a stored session once
	 * when it loads and logs out on any authentication error (docs/decisions/034-session-check-window.md).
	 */
	sessionCheck: 30_000,
} as const
