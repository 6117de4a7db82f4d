import { createHash, randomBytes } from 'node:crypto'
import {
	createCookie,
	createSession,
	createSessionStorage,
	redirect,
	type Cookie,
	type Session,
} from 'react-router'
import { env } from '../config/env.ts'
import { type Flash } from './flash.ts'
import { getStore } from '../store/index.ts'
import { logger } from '../observe/log.ts'

/**
 * What a portal session holds. The browser's cookie carries only an opaque, signed session id;
 * the data stays on the server (docs/decisions/011-request-context-and-sessions.md), so signing
 * out ends the session whatever the presenter answers, and the presenter session id is never
 * readable by the browser. `prefs` are per-session view preferences; `statusAcknowledged`
 * remembers the account-status notice was dismissed in this session. `reorders`: what the last
 * reorders did with each line, by transaction page (app/.server/cart/reorder.ts).
 */
export type SessionData = {
	sessionId: string
	username: string
	customerId: number
	cartSessionId?: string
	rememberMe: boolean
	statusAcknowledged?: boolean
	/** The orders and quotes this session placed, newest first: /checkout/complete shows only these. */
	placed?: number[]
	prefs?: { view?: 'list' | 'grid'; seePrices?: boolean }
	/**
	 * Kept for app/.server/cart/reorder.ts, which alone writes and reads it (its outcomes, prices in
	 * cents; the dollars of sessions before cents, under `reorders`, are no longer read).
	 */
	reorderOutcomes?: Record<string, unknown[]>
	/**
	 * Changed by every write to the presenter the session makes: another instance that sees a new
	 * stamp drops the session's cached reads (ReadCache.seen, docs/decisions/055-shared-store.md).
	 */
	cacheStamp?: string
	/** The presenter's message the last redirect to /request-error carried (request-error.ts). */
	requestError?: string
	/** When the session ends (ms since the epoch), as read from the store; never written. */
	endsAt?: number
}
type FlashData = { flash: Flash }
export type PortalSession = Session<SessionData, FlashData>

const REMEMBER_ME_SECONDS = 60 * 60 * 24 * 30
/** A session that is not remembered ends after this long without use. */
const IDLE_MS = 12 * 60 * 60_000

function secrets() {
	const { SESSION_SECRET, NODE_ENV, CI } = env()
	const configured = SESSION_SECRET?.split(',').filter(Boolean)
	if (configured?.length) return configured
	if (NODE_ENV === 'production' && !CI) {
		logger().warn('SESSION_SECRET is not set: using a random secret; sessions end on restart.')
	}
	return [randomBytes(32).toString('hex')]
}

export const cookieSecure = env().NODE_ENV === 'production' && !env().INSECURE_COOKIES

/** The secrets every signed cookie of the portal uses (the session's, the device cookie). */
export const cookieSecrets = secrets()

const signedCookie = createCookie('__portal', {
	httpOnly: true,
	path: '/',
	sameSite: 'lax',
	secure: cookieSecure,
	secrets: cookieSecrets,
})

/**
 * Cookie headers whose signature has been checked, with the session id they carry. Checking it
 * (an HMAC through WebCrypto) cost a few per cent of every page, and a header that verified once
 * verifies again until the process ends (the secrets are read at start). Only verified headers are
 * kept, the oldest going first.
 */
const verified = new Map<string, string>()
const VERIFIED_MAX = 10_000

const sessionCookie: Cookie = {
	name: signedCookie.name,
	isSigned: signedCookie.isSigned,
	expires: signedCookie.expires,
	async parse(header, options) {
		const known = header ? verified.get(header) : undefined
		if (known) return known
		const id: unknown = await signedCookie.parse(header, options)
		if (header && typeof id === 'string' && id) {
			if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!)
			verified.set(header, id)
		}
		return id
	},
	serialize: (value, options) => signedCookie.serialize(value, options),
}

const expiry = (expires: Date | undefined) => expires?.getTime() ?? Date.now() + IDLE_MS
/** The session's data as stored: without what is only read (its end). */
const stored = ({ endsAt: _, ...data }: Partial<SessionData>) => JSON.stringify(data)

const sessionStorage = createSessionStorage<SessionData, FlashData>({
	cookie: sessionCookie,
	async createData(data, expires) {
		const id = randomBytes(24).toString('base64url')
		await getStore().sessions.create(id, { data: stored(data), expires: expiry(expires) })
		return id
	},
	async readData(id) {
		const store = getStore()
		const row = await store.sessions.read(id)
		const now = Date.now()
		if (!row || row.expires <= now) return null
		const data = JSON.parse(row.data) as Partial<SessionData>
		// A session in use stays alive (a remembered one keeps its 30 days); written at most hourly.
		if (!data.rememberMe && row.expires - now < IDLE_MS - 60 * 60_000) {
			await store.sessions.touch(id, now + IDLE_MS)
			return { ...data, endsAt: now + IDLE_MS }
		}
		return { ...data, endsAt: row.expires }
	},
	async updateData(id, data, expires) {
		await getStore().sessions.write(id, { data: stored(data), expires: expiry(expires) })
	},
	async deleteData(id) {
		await getStore().sessions.delete(id)
	},
})

/** The signed-in identity a session holds, or null. */
export function identityOf(session: PortalSession) {
	const sessionId = session.get('sessionId')
	const username = session.get('username')
	const customerId = session.get('customerId')
	if (!sessionId || !username || !customerId) return null
	return { sessionId, username, customerId }
}

/**
 * One request's session. Routes read and change `current`; the root middleware commits it once on
 * the way out (one Set-Cookie at most, only when something changed). No route writes Set-Cookie.
 */
export type RequestSession = {
	readonly current: PortalSession
	/** Signing in: a new session (new id, no fixation); the old one is deleted before the reply. */
	renew(): PortalSession
	/** Signing out or expiry: the session is deleted from the store; a fresh one follows. */
	end(): PortalSession
	/** Writes the session to the store now (before the response), for data other requests need. */
	persist(): Promise<void>
	/** The session as stored now (other requests of it may have changed it since this one began). */
	stored(): Promise<Partial<SessionData> | null>
	/** Takes the session as stored now instead of as this request began (app/.server/request/submissions.ts). */
	reload(): Promise<void>
	/** Adds the Set-Cookie the response needs, if any. */
	commit(headers: Headers): Promise<void>
	/** A message the next page shows once (a toast; rendered by the server). */
	flash(flash: Flash): void
	/** The message this request set for the next page, if it set one (a repeat replays it). */
	readonly flashed: Flash | undefined
}

const commitOptions = (session: PortalSession) => ({
	maxAge: session.get('rememberMe') ? REMEMBER_ME_SECONDS : undefined,
})

/** Reads the request's session (an empty one when the cookie is missing, forged or expired). */
export async function openSession(request: Request): Promise<RequestSession> {
	let session = await sessionStorage.getSession(request.headers.get('Cookie'))
	const cookieId = session.id
	let snapshot = JSON.stringify(session.data)
	let flashed: Flash | undefined
	/** Deletes of replaced sessions, awaited before the reply (commit). */
	const deleting: Promise<void>[] = []
	const replace = () => {
		if (session.id) {
			const deleted = getStore().sessions.delete(session.id)
			// Handled in commit, which awaits it; until then it is not an unhandled rejection.
			deleted.catch(() => {})
			deleting.push(deleted)
		}
		session = createSession<SessionData, FlashData>(undefined, '')
		snapshot = '{}'
		return session
	}
	return {
		get current() {
			return session
		},
		renew: replace,
		end: replace,
		async persist() {
			if (!session.id) return
			// What is written now: a change made while the cookie is signed is still to commit.
			const written = JSON.stringify(session.data)
			await sessionStorage.commitSession(session, commitOptions(session))
			snapshot = written
		},
		async stored() {
			if (!session.id) return null
			const row = await getStore().sessions.read(session.id)
			return row ? (JSON.parse(row.data) as Partial<SessionData>) : null
		},
		async reload() {
			if (!session.id) return
			const row = await getStore().sessions.read(session.id)
			if (!row) return
			session = createSession<SessionData, FlashData>(
				JSON.parse(row.data) as SessionData,
				session.id,
			)
			snapshot = JSON.stringify(session.data)
		},
		async commit(headers) {
			await Promise.all(deleting.splice(0))
			const changed = JSON.stringify(session.data) !== snapshot
			if (session.id && !changed) return
			if (Object.keys(session.data).length || session.id) {
				const cookie = await sessionStorage.commitSession(session, commitOptions(session))
				// The browser keeps the id it holds: a page of the same session stays restorable from the
				// back-forward cache, which refuses a no-store page once an HttpOnly cookie changed.
				if (!session.id || session.id !== cookieId) headers.append('Set-Cookie', cookie)
			} else if (cookieId) {
				// The session was ended and nothing replaced it: the browser forgets the id.
				headers.append(
					'Set-Cookie',
					await sessionCookie.serialize('', { maxAge: 0, expires: new Date(0) }),
				)
			}
		},
		flash(flash) {
			session.flash('flash', flash)
			flashed = flash
		},
		get flashed() {
			return flashed
		},
	}
}

/** The response headers that say whose answer it is (see sessionHeaders). */
export const SESSION_HEADER = 'X-Portal-Session'
export const SESSION_ENDS_HEADER = 'X-Portal-Session-Ends'

/**
 * Says in every response which session it answers, for the service worker (sw/sw.ts), which
 * keeps saved copies of pages only for that session and only until it ends: a key of the session
 * (a hash of its id, not the id) and when it ends (ms since the epoch), or 'none' when nobody is
 * signed in (the sign-in page, after signing out).
 */
export function sessionHeaders(headers: Headers, session: PortalSession) {
	if (!identityOf(session) || !session.id) {
		headers.set(SESSION_HEADER, 'none')
		return
	}
	const key = createHash('sha256').update(session.id).digest('base64url').slice(0, 22)
	const ends =
		session.get('endsAt') ??
		Date.now() + (session.get('rememberMe') ? REMEMBER_ME_SECONDS * 1000 : IDLE_MS)
	headers.set(SESSION_HEADER, key)
	headers.set(SESSION_ENDS_HEADER, String(ends))
}

/**
 * A post's answer: a redirect to `to` whose page shows `flash` once (a toast). A bare message
 * is a success. The one way an action says "done" (docs/guides/forms-and-intents.md).
 */
export function redirectWithFlash(
	session: Pick<RequestSession, 'flash'>,
	to: string,
	flash: Flash | string,
) {
	session.flash(typeof flash === 'string' ? { type: 'success', message: flash } : flash)
	return redirect(to)
}
