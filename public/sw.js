/*
 * The portal's service worker (docs/decisions/057-offline.md). Progressive: the portal works fully
 * without it, and online it changes nothing: every page and document comes from the network.
 * Offline it answers a page with the copy saved the last time it was viewed (orders, invoices and
 * their details) or else the offline page, and a document (a transaction or statement PDF, a custom
 * list's CSV) with the copy saved when it was last opened. It keeps the last 20 documents and the
 * last 20 pages of the signed-in user only, and forgets them when another user (or nobody) signs in.
 * Nothing else is stored: never a post, never another page, whatever its Cache-Control.
 */

const SHELL = 'portal-shell-v1'
const SAVED = 'portal-saved'
const META = 'portal-meta'
const USER_KEY = '/__portal-sw/user'
const KEEP = 20

const DOCUMENT = /^\/(?:(?:orders|quotes|invoices)\/[^/]+\/document|statements\/[^/]+\/document|custom-lists\/[^/]+\/download)$/
const PAGE = /^\/(?:orders|invoices)(?:\/(?!export$)[^/]+)?$/

self.addEventListener('install', (event) => {
	event.waitUntil(
		(async () => {
			// The shell: the stylesheet (hashed, so never stale) that the sign-in page links, and
			// the pictures the offline page shows.
			const html = await (await fetch('/login', { credentials: 'omit' })).text()
			const styles = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)]
			const cache = await caches.open(SHELL)
			await cache.addAll([...new Set(styles.map((m) => m[1])), '/logo.svg'])
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

/** The page says who is signed in: another user (or nobody) than before gets nothing saved. */
self.addEventListener('message', (event) => {
	const user = event.data?.user
	if (user === undefined) return
	event.waitUntil(
		(async () => {
			if (user !== (await currentUser())) {
				await caches.delete(SAVED)
				const meta = await caches.open(META)
				if (user) await meta.put(USER_KEY, new Response(user))
				else await meta.delete(USER_KEY)
			}
		})(),
	)
})

async function currentUser() {
	const stored = await caches.match(USER_KEY, { cacheName: META })
	return stored ? stored.text() : null
}

self.addEventListener('fetch', (event) => {
	const { request } = event
	if (request.method !== 'GET') return
	const url = new URL(request.url)
	if (url.origin !== self.location.origin) return
	if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.css')) {
		event.respondWith(caches.match(request, { cacheName: SHELL }).then((hit) => hit ?? fetch(request)))
	} else if (request.mode === 'navigate' || DOCUMENT.test(url.pathname)) {
		event.respondWith(networkFirst(event, url))
	}
})

async function networkFirst(event, url) {
	const { request } = event
	const saves = DOCUMENT.test(url.pathname) || PAGE.test(url.pathname)
	try {
		const response = await fetch(request)
		if (saves && response.status === 200 && !response.redirected)
			event.waitUntil(save(request, response.clone()))
		return response
	} catch (error) {
		const user = await currentUser()
		const saved = saves && user ? await caches.match(request, { cacheName: SAVED }) : undefined
		if (saved && saved.headers.get('X-Saved-For') === user) return marked(saved)
		if (request.mode === 'navigate') return offlinePage(user)
		throw error
	}
}

/** Keeps an answer of the signed-in user, saved now; the oldest go past 20 of its kind. */
async function save(request, response) {
	const user = await currentUser()
	if (!user) return
	const headers = new Headers(response.headers)
	// The body is kept decoded.
	headers.delete('Content-Encoding')
	headers.delete('Content-Length')
	headers.set('X-Saved-For', user)
	headers.set('X-Saved-At', new Date().toISOString())
	const body = await response.blob()
	const cache = await caches.open(SAVED)
	await cache.delete(request)
	await cache.put(request, new Response(body, { status: 200, headers }))
	const isDocument = DOCUMENT.test(new URL(request.url).pathname)
	const kind = (await cache.keys()).filter(
		(r) => DOCUMENT.test(new URL(r.url).pathname) === isDocument,
	)
	for (const old of kind.slice(0, Math.max(0, kind.length - KEEP))) await cache.delete(old)
}

const escape = (text) =>
	text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const savedAt = (response) =>
	`saved ${new Date(response.headers.get('X-Saved-At')).toLocaleString()}`

/**
 * A saved page says it is the copy saved then, at the top of the page: a child of <body>, which
 * React leaves alone when the page hydrates (it skips elements it did not render there).
 */
async function marked(saved) {
	if (!saved.headers.get('Content-Type')?.startsWith('text/html')) return saved
	const note = `<p class="saved-copy" role="status">You're offline: this is the copy ${escape(savedAt(saved))}.</p>`
	const html = (await saved.text()).replace(/<body\b[^>]*>/, (body) => body + note)
	return new Response(html, { status: 200, headers: saved.headers })
}

/** What a saved address is, in words. */
function describe(url) {
	const [, area, ref, file] = url.pathname.split('/').map(decodeURIComponent)
	const kinds = { orders: 'Order', quotes: 'Quote', invoices: 'Invoice', statements: 'Statement' }
	if (area === 'custom-lists') return `Custom list ${ref} (CSV)`
	if (file) return `${kinds[area]} ${ref} (PDF)`
	if (ref) return `${kinds[area]} ${ref}`
	return `${area[0].toUpperCase()}${area.slice(1)}${url.search ? ` (${url.search.slice(1)})` : ''}`
}

async function offlinePage(user) {
	const shell = await caches.open(SHELL)
	const styles = (await shell.keys()).filter((r) => r.url.endsWith('.css'))
	const cache = user ? await caches.open(SAVED) : null
	const items = []
	for (const request of cache ? (await cache.keys()).reverse() : []) {
		const saved = await cache.match(request)
		if (saved?.headers.get('X-Saved-For') !== user) continue
		const url = new URL(request.url)
		items.push(
			`<li><a href="${escape(url.pathname + url.search)}">${escape(describe(url))}</a> <span class="field__hint">${escape(savedAt(saved))}</span></li>`,
		)
	}
	const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline</title>
${styles.map((r) => `<link rel="stylesheet" href="${escape(new URL(r.url).pathname)}">`).join('\n')}
</head>
<body>
<main id="main" class="page page--narrow">
<section class="error-screen" aria-labelledby="offline-title">
<h1 id="offline-title">You're offline</h1>
<p>This page needs a connection. It opens again when you're back.</p>
${items.length ? `<h2>Saved for reading offline</h2>\n<ul class="saved-list">${items.join('\n')}</ul>` : ''}
<a class="button" href="/">Try again</a>
</section>
</main>
</body>
</html>`
	return new Response(html, {
		status: 503,
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
