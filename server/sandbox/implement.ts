import {
	type Operation,
	type ParsedPayloadOf,
	type ReplyInputOf,
} from '#app/.server/presenter/contract/define.ts'
import { type Db } from './db.ts'

/** An error the presenter reports in its errorTable (HTTP 200, hasErrors true). */
export class SandboxFault extends Error {
	field: string
	constructor(message: string, field = '') {
		super(message)
		this.field = field
	}
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.'

export type SessionUser = { session_id: string; id_user: number; id_cust: number; username: string }
export type OpContext = {
	db: Db
	now: Date
	/** The path the presenter is mounted at (e.g. /presenter), for addresses of its own pages. */
	mount: string
}

export type Implementation = {
	op: Operation
	/** Needs a valid X-FLUID-CONTEXT session. */
	session: boolean
	handle(payload: unknown, ctx: OpContext & { user: SessionUser | null }): unknown
}

/** An operation that needs a signed-in session; the handler gets the session's user. */
export function implement<O extends Operation>(
	op: O,
	handle: (
		payload: ParsedPayloadOf<O>,
		ctx: OpContext & { user: SessionUser },
	) => ReplyInputOf<O> | Promise<ReplyInputOf<O>>,
): Implementation {
	return { op, session: true, handle: handle as Implementation['handle'] }
}

/** An operation that needs no session (login, anonymous functions). */
export function implementPublic<O extends Operation>(
	op: O,
	handle: (payload: ParsedPayloadOf<O>, ctx: OpContext) => ReplyInputOf<O>,
): Implementation {
	return { op, session: false, handle: handle as Implementation['handle'] }
}

/** Rejects a payload that names another customer than the session's. */
export function assertOwnCustomer(user: SessionUser, customerID: number) {
	if (customerID !== user.id_cust)
		throw new SandboxFault('Customer not available to this user', 'customerID')
}
