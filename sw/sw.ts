/// <reference lib="webworker" />
/*
 * The portal's service worker (docs/decisions/057-offline.md, built by sw/build.ts: decision 066). Progressive: the portal works fully
 * without it, and online it changes nothing: every page and document comes from the network.
 * Offline it answers a page with the copy saved the last time it was viewed (orders, invoices and
 * their details) or else the offline page, and a document (a transaction or statement PDF, a custom
 * list's CSV) with the copy saved when it was last opened. Nothing else is stored: never a post,
 * never another page, whatever its Cache-Control.
 *
 * Whose copies: every portal response names the session it answers (X-Portal-Session: a key of
 * the session, or 'none' when nobody is signed in) and when that session ends
 * (X-Portal-Session-Ends). The worker learns it from each page and document it passes on, before
 * the page is shown, and keeps the last 20 documents and 20 pages of that session only: a
 * response of another session, or of nobody (the sign-in page), clears them, and they are shown
 * only until the session ends.
 *
 * The rules are functions of their own; tests/unit/sw.test.ts runs this file, compiled as the
 * build compiles it, with an in-memory cache and network.
 */

declare const self: ServiceWorkerGlobalScope
/** The build's stylesheets (hashed, so never stale), from its manifest (sw/build.ts). */
declare const __SHELL_STYLES__: string[]
/** Names this build's shell, so a new build's worker drops the last one's stylesheets. */
declare const __SHELL_VERSION__: string

type Session = { key: string; ends: number; locale: 'en-AU' | 'en-US' }
type Shell = { theme: string; company: string }

const SHELL = `portal-shell-${__SHELL_VERSION__}`
const SAVED = 'portal-saved'
const META = 'portal-meta'
/** The session the saved copies are for: { key, ends, locale }. */
const SESSION_KEY = '/__portal-sw/session'
/** What the offline page's header takes from the portal (/sw-shell.json): { theme, company }. */
const SHELL_KEY = '/__portal-sw/shell'
const SESSION_HEADER = 'X-Portal-Session'
const ENDS_HEADER = 'X-Portal-Session-Ends'
const KEEP = 20

const DOCUMENT =
	/^\/(?:(?:orders|quotes|invoices)\/[^/]+\/document|statements\/[^/]+\/document|custom-lists\/[^/]+\/download)$/
const PAGE = /^\/(?:orders|invoices)(?:\/(?!export$)[^/]+)?$/

const escape = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * What a response says of the session it answers: { key, ends, locale }, null when nobody is
 * signed in, undefined when it says nothing (not one of the portal's answers).
 */
function sessionOf(response: Response): Session | null | undefined {
	const key = response.headers.get(SESSION_HEADER)
	if (key === null) return undefined
	if (!key || key === 'none') return null
	return {
		key,
		ends: Number(response.headers.get(ENDS_HEADER)) || 0,
		locale: response.headers.get('Content-Language') === 'en-US' ? 'en-US' : 'en-AU',
	}
}

/** The session the saved copies are for, as the last response named it (null: none). */
async function knownSession(): Promise<Session | null> {
	const stored = await caches.match(SESSION_KEY, { cacheName: META })
	return stored ? ((await stored.json()) as Session) : null
}

/** Forgets the saved copies and whose they were. */
async function forget() {
	await caches.delete(SAVED)
	await (await caches.open(META)).delete(SESSION_KEY)
}

/**
 * Takes in who a response says is signed in, before the page is shown: nobody, or another
 * session than before, and the saved copies are gone; the same session, and its end moves on.
 */
async function learn(response: Response) {
	const told = sessionOf(response)
	if (told === undefined) return
	const known = await knownSession()
	if (!told) {
		if (known || (await caches.has(SAVED))) await forget()
		return
	}
	if (known?.key !== told.key) await caches.delete(SAVED)
	await (await caches.open(META)).put(SESSION_KEY, new Response(JSON.stringify(told)))
}

/** The session whose saved copies may be shown now: null once it has ended (they go with it). */
async function liveSession(now = Date.now()) {
	const session = await knownSession()
	if (!session) return null
	if (now < session.ends) return session
	await forget()
	return null
}

self.addEventListener('install', (event) => {
	event.waitUntil(
		(async () => {
			// The shell: the build's stylesheets, the logo, and the theme's colours and the company's
			// name for the offline page's header (the supplier's settings, so asked of the portal).
			const answer = await fetch('/sw-shell.json', { credentials: 'omit' })
			const { theme = '', company = '' } = answer.ok
				? ((await answer.json()) as Partial<Shell>)
				: {}
			const cache = await caches.open(SHELL)
			await cache.addAll([...__SHELL_STYLES__, '/logo.svg'])
			await cache.put(SHELL_KEY, new Response(JSON.stringify({ theme, company })))
			await self.skipWaiting()
		})(),
	)
})

self.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			for (const name of await caches.keys())
				if (name.startsWith('portal-shell-') && name !== SHELL) await caches.delete(name)
			await self.clients.claim()
		})(),
	)
})

self.addEventListener('fetch', (event) => {
	const { request } = event
	if (request.method !== 'GET') return
	const url = new URL(request.url)
	if (url.origin !== self.location.origin) return
	if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.css')) {
		event.respondWith(
			caches.match(request, { cacheName: SHELL }).then((hit) => hit ?? fetch(request)),
		)
	} else if (request.mode === 'navigate' || DOCUMENT.test(url.pathname)) {
		event.respondWith(networkFirst(event, url))
	}
})

/** The network's answer, passed on and kept when it is one to keep; offline, the saved copy or the offline page. */
async function networkFirst(event: FetchEvent, url: URL) {
	const { request } = event
	const saves = DOCUMENT.test(url.pathname) || PAGE.test(url.pathname)
	let response: Response
	try {
		response = await fetch(request)
	} catch (error) {
		const session = await liveSession()
		const saved = saves && session ? await caches.match(request, { cacheName: SAVED }) : undefined
		if (saved && session && saved.headers.get('X-Saved-For') === session.key)
			return marked(saved, session)
		if (request.mode === 'navigate') return offlinePage(session, request)
		throw error
	}
	await learn(response)
	const session = sessionOf(response)
	if (saves && session && response.status === 200 && !response.redirected)
		event.waitUntil(save(request, response.clone(), session))
	return response
}

/** Keeps an answer of `session`, saved now; the oldest go past 20 of its kind. */
async function save(request: Request, response: Response, session: Session) {
	const headers = new Headers(response.headers)
	// The body is kept decoded.
	headers.delete('Content-Encoding')
	headers.delete('Content-Length')
	headers.set('X-Saved-For', session.key)
	headers.set('X-Saved-At', new Date().toISOString())
	const body = await response.blob()
	// Another session's response may have come meanwhile: then this one is not kept.
	if ((await knownSession())?.key !== session.key) return
	const cache = await caches.open(SAVED)
	await cache.delete(request)
	await cache.put(request, new Response(body, { status: 200, headers }))
	const isDocument = DOCUMENT.test(new URL(request.url).pathname)
	const kind = (await cache.keys()).filter(
		(r) => DOCUMENT.test(new URL(r.url).pathname) === isDocument,
	)
	for (const old of kind.slice(0, Math.max(0, kind.length - KEEP))) await cache.delete(old)
}

/** When a copy was saved, as the customer writes dates (dd/mm/yyyy, en-US mm/dd/yyyy) and H:mm. */
function savedAt(saved: Response, locale: string) {
	const at = new Date(saved.headers.get('X-Saved-At') ?? 0)
	const two = (n: number) => String(n).padStart(2, '0')
	const [day, month, year] = [two(at.getDate()), two(at.getMonth() + 1), at.getFullYear()]
	const date = locale === 'en-US' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`
	return `saved ${date} ${at.getHours()}:${two(at.getMinutes())}`
}

/**
 * A saved page says it is the copy saved then, at the top of the page: a child of <body>, which
 * React leaves alone when the page hydrates (it skips elements it did not render there). It is
 * the page's one offline banner (the app's own hides beside it).
 */
async function marked(saved: Response, session: Session) {
	if (!saved.headers.get('Content-Type')?.startsWith('text/html')) return saved
	const note = `<p class="saved-copy" role="status">You're offline: this is the copy ${escape(savedAt(saved, session.locale))}.</p>`
	const html = (await saved.text()).replace(/<body\b[^>]*>/, (body) => body + note)
	return new Response(html, { status: 200, headers: saved.headers })
}

/** What a saved address is, in words. */
function describe(url: URL) {
	const [, area = '', ref, file] = url.pathname.split('/').map(decodeURIComponent)
	const kinds: Record<string, string> = {
		orders: 'Order',
		quotes: 'Quote',
		invoices: 'Invoice',
		statements: 'Statement',
	}
	if (area === 'custom-lists') return `Custom list ${ref} (CSV)`
	if (file) return `${kinds[area]} ${ref} (PDF)`
	if (ref) return `${kinds[area]} ${ref}`
	return `${area.charAt(0).toUpperCase()}${area.slice(1)}${url.search ? ` (${url.search.slice(1)})` : ''}`
}

/** The page the customer came from, to go back to: one of the portal's, not this one. */
function backTo(request: Request) {
	const from = request.referrer ? new URL(request.referrer) : null
	if (!from || from.origin !== self.location.origin || from.href === request.url) return null
	return from.pathname + from.search
}

/** The offline page: the portal's header, the saved copies of `session`, and ways on and back. */
async function offlinePage(session: Session | null, request: Request) {
	const kept = await caches.match(SHELL_KEY, { cacheName: SHELL })
	const { theme = '', company = '' } = kept ? ((await kept.json()) as Partial<Shell>) : {}
	const items: string[] = []
	if (session) {
		const cache = await caches.open(SAVED)
		for (const saved of [...(await cache.keys())].reverse()) {
			const copy = await cache.match(saved)
			if (copy?.headers.get('X-Saved-For') !== session.key) continue
			const url = new URL(saved.url)
			items.push(
				`<li><a href="${escape(url.pathname + url.search)}">${escape(describe(url))}</a> <span class="field__hint">${escape(savedAt(copy, session.locale))}</span></li>`,
			)
		}
	}
	const here = new URL(request.url)
	const back = backTo(request)
	const html = `<!doctype html>
<html lang="${session?.locale ?? 'en-AU'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline</title>
${__SHELL_STYLES__.map((href) => `<link rel="stylesheet" href="${escape(href)}">`).join('\n')}
${theme ? `<style>${theme}</style>` : ''}
</head>
<body>
<header class="masthead">
<div class="masthead__bar">
<a href="/" class="masthead__logo"><img src="/logo.svg" alt="${escape(company ? `${company} home` : 'Home')}" width="176" height="45"></a>
</div>
</header>
<main id="main" class="page page--narrow">
<section class="error-screen" aria-labelledby="offline-title">
<h1 id="offline-title">You're offline</h1>
<p>This page needs a connection. It opens again when you're back.</p>
${items.length ? `<h2>Saved for reading offline</h2>\n<ul class="saved-list">${items.join('\n')}</ul>` : ''}
<p class="offline-actions">
<a class="button button--primary" href="${escape(here.pathname + here.search)}">Try again</a>
${back ? `<a class="button" href="${escape(back)}">Back</a>` : ''}
<a href="/">Home</a>
</p>
</section>
</main>
</body>
</html>`
	return new Response(html, {
		status: 503,
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}

export {}
