import { createHash, randomUUID } from 'node:crypto'
import { type MiddlewareFunction } from 'react-router'
import { SUBMISSION_FIELD } from '#app/utils/submission-key.ts'
import { getSession } from './context.ts'
import { FlashSchema } from './flash.ts'
import { FORM_READ_LIMITS, readForm } from './forms.ts'
import { identityOf, type RequestSession } from './session.ts'
import { getStore, type RecordedAnswer } from '../store/index.ts'
import { logFailure } from '../config/log.ts'

/**
 * Every mutating form exactly once (issue 31, docs/decisions/056-exactly-once-forms.md). A form
 * carries a submission key (`<SubmissionKey />`); the first post of it runs and its answer is
 * recorded; a repeat (a double tap, a retry, a no-JS resubmit from Back) waits for the first and
 * gets the same answer, flash included, without acting again.
 */

/** A new key for the forms of one page render: loaders return it as `submissionKey`. */
export const newSubmissionKey = () => randomUUID()

const KEY = /^[\w-]{16,64}$/
/** Added after this middleware by the root's (the session cookie, timings), or per response. */
const UNRECORDED_HEADERS = new Set(['set-cookie', 'server-timing', 'content-length', 'date'])

/**
 * Who a record belongs to: the signed-in user, else nobody in particular (registration, the
 * account request: the first answer starts a session for its flash, so the session would not
 * match its repeat; the random key itself is known only to its page).
 */
function scopeOf(session: RequestSession) {
	const identity = identityOf(session.current)
	return identity ? `user:${identity.customerId}:${identity.username.toLowerCase()}` : 'public'
}

/**
 * The record's id: the key in its scope, for this action and this body. One key serves every form
 * of a page, so two different forms (add A, then B) or two addresses are two submissions; the
 * same post again is a repeat. Fields in order, the key left out (multipart boundaries differ).
 */
function recordId(request: Request, scope: string, key: string, form: FormData) {
	const url = new URL(request.url)
	const fields = [...form].flatMap(([name, value]) =>
		name === SUBMISSION_FIELD
			? []
			: [[name, typeof value === 'string' ? value : `${value.name}:${value.size}`]],
	)
	return createHash('sha256')
		.update(JSON.stringify([scope, key, request.method, url.pathname, url.search, fields]))
		.digest('base64url')
}

/** The key a post carries, with its fields, or null (no key, or a body its action will refuse). */
async function keyOf(request: Request) {
	if (request.method === 'GET' || request.method === 'HEAD') return null
	let form: FormData
	try {
		// Wider than any form's own limits: a post too large to read here is refused by its action,
		// which gets the body as read here (it is read once).
		form = await readForm(request, FORM_READ_LIMITS)
	} catch {
		return null
	}
	const key = form.get(SUBMISSION_FIELD)
	return typeof key === 'string' && KEY.test(key) ? { key, form } : null
}

async function record(response: Response, flash: unknown): Promise<RecordedAnswer> {
	const headers = [...response.headers].filter(([name]) => !UNRECORDED_HEADERS.has(name))
	const body = response.status >= 300 ? '' : await response.clone().text()
	return { status: response.status, headers, body, flash }
}

function replay(answer: RecordedAnswer, session: RequestSession) {
	const flash = FlashSchema.safeParse(answer.flash)
	if (flash.success) session.flash(flash.data)
	const empty = answer.status >= 300 || answer.status === 204
	return new Response(empty ? null : answer.body, {
		status: answer.status,
		headers: answer.headers,
	})
}

/** The query parameter that tells a page reached by a post from the page the form was on. */
const SENT_PARAM = 'sent'

/**
 * Without JS, a post that comes back to its own page lands on an address of its own (`?sent=`),
 * so Back shows the form page as it was, from the browser's back-forward cache, key and all: a
 * resubmit from there is a repeat. Chromium keeps no page whose next one has the same address
 * (docs/decisions/056-exactly-once-forms.md). Posts sent by scripts add no history entry.
 */
function sentFrom(request: Request, key: string, response: Response) {
	const location = response.headers.get('Location')
	if (!location || request.headers.get('Sec-Fetch-Mode') !== 'navigate') return response
	const here = new URL(request.url)
	const next = new URL(location, here)
	if (next.origin !== here.origin) return response
	// Path and query only: behind a proxy the browser's origin is not the one the server sees.
	const page = URL.parse(request.headers.get('Referer') ?? '') ?? here
	const bare = (url: URL) => {
		const search = new URLSearchParams(url.search)
		search.delete(SENT_PARAM)
		return `${url.pathname}?${search}`
	}
	// Never a path a browser would read as another host (`//host`).
	if (bare(next) !== bare(page) || /^\/[/\\]/.test(next.pathname)) return response
	// The answer's own query as it was, byte for byte, with this post's mark.
	const query = next.search
		.slice(1)
		.split('&')
		.filter((part) => part && !part.startsWith(`${SENT_PARAM}=`))
	query.push(`${SENT_PARAM}=${key.slice(0, 8)}`)
	const headers = new Headers(response.headers)
	headers.set('Location', `${next.pathname}?${query.join('&')}${next.hash}`)
	return new Response(response.body, { status: response.status, headers })
}

/**
 * Root middleware, inside the session's: a post with a key runs under that submission's lock (in
 * every instance sharing the store). With the lock, the session is read again (a repeat that
 * waited sees what the first one stored, e.g. a new cart). An answer that acted (2xx, 3xx) is
 * recorded with the session written first, so the repeat's replay starts from it; refusals (4xx)
 * and failures are not, and their repeat runs again.
 */
export const submissionMiddleware: MiddlewareFunction<Response> = async (
	{ request, context },
	next,
) => {
	const submission = await keyOf(request)
	if (!submission) return next()
	const session = getSession(context)
	const id = recordId(request, scopeOf(session), submission.key, submission.form)
	const store = getStore()
	return store.withLock(`submission:${id}`, async () => {
		await session.reload()
		const done = await store.submissions.get(id)
		if (done) return replay(done, session)
		const response = sentFrom(request, submission.key, await next())
		if (response.status >= 200 && response.status < 400) {
			await session.persist()
			// The action has acted: a record that fails only loses the repeat's protection.
			await store.submissions
				.set(id, await record(response, session.flashed))
				.catch((error: unknown) => logFailure('Recording a submission', error))
		}
		return response
	})
}
