import { type Submission, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { type z } from 'zod'
import { isPresenterError } from '../presenter/index.ts'
import { logFailure } from '../config/log.ts'

/** How much a form post may carry (docs/decisions/012-actions-and-forms.md). */
export type FormLimits = {
	/** Body size in bytes. */
	maxBytes?: number
	/** The highest list index a field name may use (`lines[49].qty`); the form's own maximum. */
	maxIndex?: number
	/** How many fields the body may hold. */
	maxFields?: number
}
const DEFAULT_LIMITS: Required<FormLimits> = { maxBytes: 64 * 1024, maxIndex: 50, maxFields: 500 }
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

function refuse(status: number, message: string): never {
	throw data(message, { status })
}

/** The body as bytes, refusing it as soon as it passes `maxBytes` (chunked bodies included). */
async function readBody(request: Request, maxBytes: number) {
	const declared = Number(request.headers.get('Content-Length') ?? NaN)
	if (declared > maxBytes) refuse(413, 'The form is too large')
	const chunks: Uint8Array[] = []
	let size = 0
	const reader = request.body?.getReader()
	if (!reader) return new Uint8Array()
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		// The rest is left unread; the server closes the connection after the answer.
		if (size > maxBytes) {
			reader.releaseLock()
			refuse(413, 'The form is too large')
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}

/** The widest a form post may be: the submission middleware reads every post within it. */
export const FORM_READ_LIMITS: Required<FormLimits> = {
	maxBytes: 1024 * 1024,
	maxIndex: 10_000,
	maxFields: 5_000,
}

/**
 * Each request's body, read once (it can be read only once): the submission middleware reads it
 * for its key, the action then gets the same form, checked against its own limits.
 */
const bodies = new WeakMap<Request, Promise<{ form: FormData; bytes: number }>>()

async function parseBody(request: Request) {
	const type = request.headers.get('Content-Type') ?? ''
	if (!FORM_TYPES.some((t) => type.toLowerCase().startsWith(t))) {
		refuse(415, 'Send this as a form')
	}
	const body = await readBody(request, FORM_READ_LIMITS.maxBytes)
	try {
		const form = await new Response(body, { headers: { 'Content-Type': type } }).formData()
		return { form, bytes: body.byteLength }
	} catch {
		refuse(400, 'The form could not be read')
	}
}

/**
 * Reads a form post within its limits: only url-encoded or multipart bodies (415 otherwise), no
 * larger than `maxBytes` (413), that parse (400), with no list index above the form's maximum (400).
 * A field name like `lines[5000000].qty` would otherwise make the form parser build an array that
 * long from a 30-byte request. The body is read once, whoever asks first.
 */
export async function readForm(request: Request, limits: FormLimits = {}): Promise<FormData> {
	const { maxBytes, maxIndex, maxFields } = { ...DEFAULT_LIMITS, ...limits }
	const declared = Number(request.headers.get('Content-Length') ?? NaN)
	if (declared > maxBytes) refuse(413, 'The form is too large')
	let read = bodies.get(request)
	if (!read) {
		read = parseBody(request)
		bodies.set(request, read)
	}
	const { form, bytes } = await read
	if (bytes > maxBytes) refuse(413, 'The form is too large')
	let fields = 0
	for (const name of form.keys()) {
		if (++fields > maxFields) refuse(400, 'The form has too many fields')
		if (name.length > 200) refuse(400, 'The form could not be read')
		for (const [, index] of name.matchAll(/\[(\d+)\]/g)) {
			if (index!.length > 6 || Number(index) > maxIndex) refuse(400, 'The form has too many lines')
		}
	}
	return form
}

/** Reads a form post (see readForm) and validates it with `schema` (conform + zod). */
export async function parseForm<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
	limits?: FormLimits,
) {
	return parseWithZod(await readForm(request, limits), { schema })
}

type AnySubmission = Submission<unknown, string[], unknown>
type ReplyOptions = Parameters<AnySubmission['reply']>[0]

/** A submission with field errors, back to its form (400). */
export function invalid(submission: AnySubmission, options?: ReplyOptions) {
	return data(submission.reply(options) as SubmissionResult<string[]>, { status: 400 })
}

/**
 * A submission that was not a finished submit, back to its form: field errors (400), or a row
 * button's round trip without JS (conform's list intent: 'Add new line', remove), 200.
 */
export function unfinished(submission: AnySubmission) {
	return data(submission.reply() as SubmissionResult<string[]>, {
		status: submission.status === 'error' ? 400 : 200,
	})
}

/**
 * An action that could not do what was asked: `message` in the form's errors, which the form shows
 * (in the 'Error' dialog). The one failure shape of every action.
 */
export function formError(
	submission: AnySubmission,
	message: string,
	status = 400,
	options: ReplyOptions = {},
) {
	return data(
		submission.reply({ ...options, formErrors: [message] }) as SubmissionResult<string[]>,
		{ status },
	)
}

/**
 * What a change or an order is told while the ordering system is down (its breaker open: nothing
 * was sent). The form keeps what was typed.
 */
export const WHILE_DOWN =
	'Our ordering system is unavailable, so nothing was changed or sent. What you entered is kept: send it again when the system is back.'

/**
 * What a user is told when the presenter refused or failed: its first message for a refusal,
 * otherwise the action's own fallback (e.g. 'Something went wrong.').
 */
export function failureMessage(error: unknown, fallback: string) {
	if (!isPresenterError(error)) throw error
	if (error.circuitOpen) return WHILE_DOWN
	if (error.kind === 'transport' || error.kind === 'invalid-reply') {
		logFailure(`Presenter call (${error.kind})`, error)
		return fallback
	}
	return error.firstMessage ?? fallback
}

/**
 * A presenter failure as the action's reply: the presenter's first message (400), or `fallback` when
 * it could not be reached or answered nonsense (503). Anything that is not a presenter failure —
 * including the redirect a session expiry throws — is rethrown.
 */
export function presenterFailure(
	submission: AnySubmission,
	error: unknown,
	fallback: string,
	options?: ReplyOptions,
) {
	const message = failureMessage(error, fallback)
	const unavailable =
		isPresenterError(error) && (error.kind === 'transport' || error.kind === 'invalid-reply')
	return formError(submission, message, unavailable ? 503 : 400, options)
}
