import { data } from 'react-router'
import { REQUEST_FAILED } from '../request/request-error.ts'
import { type ErrorEntry } from './contract/define.ts'
import { logFailure } from '../config/log.ts'

/**
 * The kinds of presenter failure, plus the transport ones this client adds:
 * `transport` (network, timeout, status outside 200–299) and `invalid-reply` (reply failed its schema).
 */
export type PresenterErrorKind =
	| 'session-expired'
	| 'no-records'
	| 'no-product-data'
	| 'no-price-book'
	| 'queued'
	| 'field'
	| 'api'
	| 'transport'
	| 'invalid-reply'

export class PresenterError extends Error {
	override name = 'PresenterError'
	kind: PresenterErrorKind
	/** The errorTable the presenter sent, when it sent one. */
	errorTable: ErrorEntry[]
	/** HTTP status for transport failures. */
	status: number | undefined
	/** Refused at once by the presenter's circuit breaker (presenter/breaker.ts): not sent. */
	circuitOpen: boolean

	constructor(
		kind: PresenterErrorKind,
		message: string,
		options: {
			errorTable?: ErrorEntry[]
			status?: number
			cause?: unknown
			circuitOpen?: boolean
		} = {},
	) {
		super(message, { cause: options.cause })
		this.kind = kind
		this.errorTable = options.errorTable ?? []
		this.status = options.status
		this.circuitOpen = options.circuitOpen ?? false
	}

	/** The first message the presenter sent, for 'Error' dialogs and /request-error. */
	get firstMessage(): string | undefined {
		return this.errorTable.find((e) => e.msg)?.msg
	}

	/** Transport failures are the only ones worth retrying (not while the breaker is open). */
	get retryable() {
		return (
			this.kind === 'transport' &&
			!this.circuitOpen &&
			(this.status === undefined || this.status >= 500)
		)
	}
}

const MESSAGE_KINDS: ReadonlyArray<[string, PresenterErrorKind]> = [
	['session has expired', 'session-expired'],
	['Invalid Session ContextID', 'session-expired'],
	['No matching records', 'no-records'],
	['No data for product', 'no-product-data'],
	['No price book extract has been set up for you', 'no-price-book'],
	[
		'Your request has been queued and will be emailed to the specified recipients when generated',
		'queued',
	],
]

/**
 * Judges a reply: with hasErrors and an errorTable, the first entry decides;
 * an unrecognised table is a field error; hasErrors without a table is 'Api Error'.
 */
export function classifyReply(reply: {
	hasErrors?: boolean
	errorTable?: ErrorEntry[]
}): PresenterError | null {
	if (!reply.hasErrors) return null
	const table = reply.errorTable ?? []
	const first = table[0]
	if (!first) return new PresenterError('api', 'Api Error')
	if (!first.field) {
		const match = MESSAGE_KINDS.find(([text]) => first.msg.includes(text))
		if (match) return new PresenterError(match[1], first.msg, { errorTable: table })
	}
	const message = table
		.map((e) => e.msg)
		.filter(Boolean)
		.join('\n')
	return new PresenterError('field', message || 'Field Error', { errorTable: table })
}

export function isPresenterError(
	error: unknown,
	kind?: PresenterErrorKind,
): error is PresenterError {
	return error instanceof PresenterError && (kind === undefined || error.kind === kind)
}

/**
 * The error catalogue's recoveries: a lookup that fails with `kind` yields `fallback` instead.
 * Any other error is rethrown.
 */
export async function recover<T>(
	promise: Promise<T>,
	kind: PresenterErrorKind,
	fallback: (error: PresenterError) => T,
): Promise<T> {
	try {
		return await promise
	} catch (error) {
		if (isPresenterError(error, kind)) return fallback(error)
		throw error
	}
}

/** What a signed-in page shows when the presenter cannot be reached or answers nonsense. */
export const UNAVAILABLE_MESSAGE = 'The ordering system is unavailable. Please try again shortly.'

/**
 * For loaders: turns a presenter failure into a route error the catch-all screen shows
 * ('An Error Occured' with the message). Transport failures and broken replies
 * are a 503 with a fixed message (no internals leak); the presenter's own messages are meant for
 * users and are shown as sent (502). A failure with no message of the presenter's (the client's
 * own 'Api Error', 'Field Error', 'Not Authenticated...') says 'Unable to perform your request';
 * its detail goes to the log only. Anything else is rethrown untouched.
 */
export function toRouteError(error: unknown): never {
	if (!isPresenterError(error)) throw error
	logFailure(`Presenter call shown as an error page (${error.kind})`, error)
	// Down, and nothing read before to show instead: the page says it needs the system.
	if (error.kind === 'transport' && (error.retryable || error.circuitOpen)) {
		throw data({ presenterDown: true }, { status: 503 })
	}
	if (error.kind === 'transport' || error.kind === 'invalid-reply') {
		throw data(UNAVAILABLE_MESSAGE, { status: 503 })
	}
	throw data(error.firstMessage ? error.message : REQUEST_FAILED, { status: 502 })
}
