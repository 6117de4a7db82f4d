import vm from 'node:vm'
import { beforeEach, describe, expect, test } from 'vitest'
import { compileWorker, rootStylesheets } from '#sw/build.ts'

/*
 * The service worker (sw/sw.ts) compiled as the build compiles it, run in a context of its own
 * with an in-memory CacheStorage and a network the test answers: its rules for whose saved
 * copies are kept and shown.
 */

const ORIGIN = 'https://portal.example'
/** The stylesheet the build's manifest names (the test's build has this one). */
const STYLESHEET = '/assets/app-T3st.css'
const SOURCE = await compileWorker([STYLESHEET])
const HOUR = 60 * 60_000

type RequestLike = { url: string; method: string; mode: string; referrer: string }
const urlOf = (request: string | RequestLike) =>
	new URL(typeof request === 'string' ? request : request.url, ORIGIN).href

/** A Cache: answers kept by URL, their bodies read once so they can be answered again. */
class MemoryCache {
	entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>()
	async match(request: string | RequestLike) {
		const entry = this.entries.get(urlOf(request))
		return entry ? new Response(entry.body.slice(0), entry.init) : undefined
	}
	async put(request: string | RequestLike, response: Response) {
		const init = { status: response.status, headers: new Headers(response.headers) }
		this.entries.set(urlOf(request), { body: await response.arrayBuffer(), init })
	}
	async delete(request: string | RequestLike) {
		return this.entries.delete(urlOf(request))
	}
	async keys() {
		return [...this.entries.keys()].map((url) => ({ url }))
	}
	async addAll(requests: string[]) {
		for (const request of requests) await this.put(request, new Response('/* shell */'))
	}
}

class MemoryCaches {
	stores = new Map<string, MemoryCache>()
	async open(name: string) {
		if (!this.stores.has(name)) this.stores.set(name, new MemoryCache())
		return this.stores.get(name)!
	}
	async has(name: string) {
		return this.stores.has(name)
	}
	async delete(name: string) {
		return this.stores.delete(name)
	}
	async keys() {
		return [...this.stores.keys()]
	}
	async match(request: string | RequestLike, { cacheName }: { cacheName: string }) {
		return this.stores.get(cacheName)?.match(request)
	}
}

/** The worker, its caches and the network it fetches from (null: offline). */
function startWorker() {
	const listeners = new Map<string, (event: unknown) => void>()
	const caches = new MemoryCaches()
	const world = {
		network: null as null | ((request: RequestLike) => Response),
		now: Date.parse('2026-11-28T09:00:00Z'),
	}
	const context = vm.createContext({
		self: {
			location: { origin: ORIGIN },
			addEventListener: (type: string, listener: (event: unknown) => void) =>
				listeners.set(type, listener),
			skipWaiting: async () => {},
			clients: { claim: async () => {} },
		},
		caches,
		fetch: async (request: string | RequestLike) => {
			if (!world.network) throw new TypeError('Failed to fetch')
			return world.network(
				typeof request === 'string'
					? { url: urlOf(request), method: 'GET', mode: 'cors', referrer: '' }
					: request,
			)
		},
		Date: class extends Date {
			constructor(...args: unknown[]) {
				if (args.length) super(...(args as [string]))
				else super(world.now)
			}
			static override now() {
				return world.now
			}
		},
		Response,
		Headers,
		URL,
	})
	vm.runInContext(SOURCE, context)

	/** Asks the worker for `path` as the browser would; the answer (or the error) once it is done. */
	async function get(path: string, { navigate = true, referrer = '' } = {}) {
		const waits: Promise<unknown>[] = []
		let answer: Promise<Response> | undefined
		listeners.get('fetch')!({
			request: {
				url: urlOf(path),
				method: 'GET',
				mode: navigate ? 'navigate' : 'cors',
				referrer,
			},
			respondWith: (response: Promise<Response>) => (answer = response),
			waitUntil: (promise: Promise<unknown>) => waits.push(promise),
		})
		const response = await answer!
		await Promise.all(waits)
		return response
	}
	/** Fires a lifecycle event (install, activate) and waits for what it waits on. */
	async function lifecycle(type: 'install' | 'activate') {
		const waits: Promise<unknown>[] = []
		listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => waits.push(promise) })
		await Promise.all(waits)
	}
	return { world, caches, get, lifecycle }
}

/** The portal's answer for `session` (null: nobody signed in) that ends at `ends`. */
function portalPage(
	body: string,
	session: string | null,
	{ ends = 0, locale = 'en-AU', type = 'text/html' } = {},
) {
	const headers = new Headers({ 'Content-Type': type, 'X-Portal-Session': session ?? 'none' })
	if (session) headers.set('X-Portal-Session-Ends', String(ends))
	headers.set('Content-Language', locale)
	return new Response(`<!doctype html><html><body>${body}</body></html>`, { headers })
}

describe('the service worker keeps saved copies for one session, while it lasts', () => {
	let worker: ReturnType<typeof startWorker>
	let ends: number
	beforeEach(() => {
		worker = startWorker()
		ends = worker.world.now + 12 * HOUR
	})
	const online = (answer: (request: RequestLike) => Response) => (worker.world.network = answer)
	const offline = () => (worker.world.network = null)

	test('a page seen online is shown offline to the same session, marked with when it was saved', async () => {
		online(() => portalPage('<h1>Order 609602</h1>', 'A', { ends, locale: 'en-US' }))
		await worker.get('/orders/609602-0')
		offline()
		worker.world.now += HOUR
		const copy = await worker.get('/orders/609602-0')
		const html = await copy.text()
		expect(html).toContain('<h1>Order 609602</h1>')
		// In the customer's locale (en-US: mm/dd/yyyy), in the device's time.
		const at = new Date(Date.parse('2026-11-28T09:00:00Z'))
		const shown = `${String(at.getMonth() + 1).padStart(2, '0')}/${String(at.getDate()).padStart(2, '0')}/2026 ${at.getHours()}:00`
		expect(html).toContain(`You're offline: this is the copy saved ${shown}.`)
		// The offline page lists it.
		const list = await (await worker.get('/stores')).text()
		expect(list).toContain('<a href="/orders/609602-0">Order 609602-0</a>')
	})

	test('a navigation answered by the sign-in page clears them', async () => {
		online(() => portalPage('<h1>Order</h1>', 'A', { ends }))
		await worker.get('/orders/609602-0')
		offline()
		expect((await worker.get('/orders/609602-0')).status).toBe(200)
		// The session lapsed (cookies cleared): the portal answers with the sign-in page.
		online(() => portalPage('<h1>Welcome to your Trade Portal</h1>', null))
		await worker.get('/login?redirectTo=%2Forders')
		expect(await worker.caches.has('portal-saved')).toBe(false)
		offline()
		const answer = await worker.get('/orders/609602-0')
		expect(answer.status).toBe(503)
		const html = await answer.text()
		expect(html).toContain("You're offline")
		expect(html).not.toContain('Saved for reading offline')
	})

	test('another session’s answer clears the last one’s copies before its page is shown', async () => {
		online(() => portalPage('<h1>Sarah’s order</h1>', 'A', { ends }))
		await worker.get('/orders/609602-0')
		await worker.get('/orders/609602-0/document', { navigate: false })
		offline()
		expect((await worker.get('/orders/609602-0')).status).toBe(200)
		// Someone else signs in on this device: the first page of theirs the browser is given.
		online(() => portalPage('<h1>Hi Tom!</h1>', 'B', { ends }))
		const page = await worker.get('/')
		expect(await worker.caches.has('portal-saved')).toBe(false)
		expect(await page.text()).toContain('Hi Tom!')
		offline()
		expect((await worker.get('/orders/609602-0')).status).toBe(503)
		await expect(worker.get('/orders/609602-0/document', { navigate: false })).rejects.toThrow(
			'Failed to fetch',
		)
	})

	test('they are shown only until the session ends, then cleared', async () => {
		online(() => portalPage('<h1>Invoices</h1>', 'A', { ends }))
		await worker.get('/invoices')
		offline()
		worker.world.now = ends - 1
		expect((await worker.get('/invoices')).status).toBe(200)
		worker.world.now = ends
		const answer = await worker.get('/invoices')
		expect(answer.status).toBe(503)
		expect(await answer.text()).not.toContain('Saved for reading offline')
		expect(await worker.caches.has('portal-saved')).toBe(false)
	})

	test('a session in use moves its end on with every answer', async () => {
		online(() => portalPage('<h1>Invoices</h1>', 'A', { ends }))
		await worker.get('/invoices')
		worker.world.now = ends - HOUR
		online(() => portalPage('<h1>Home</h1>', 'A', { ends: worker.world.now + 12 * HOUR }))
		await worker.get('/')
		offline()
		worker.world.now = ends + HOUR
		expect((await worker.get('/invoices')).status).toBe(200)
	})

	test('an answer that names no session (not the portal’s) changes nothing; nothing is saved without one', async () => {
		online(() => portalPage('<h1>Invoices</h1>', 'A', { ends }))
		await worker.get('/invoices')
		online(() => new Response('<h1>Proxy error</h1>', { headers: { 'Content-Type': 'text/html' } }))
		await worker.get('/orders')
		offline()
		expect((await worker.get('/invoices')).status).toBe(200)
		expect((await worker.get('/orders')).status).toBe(503)
	})

	test('the offline page has the portal’s header and ways on and back', async () => {
		offline()
		const html = await (
			await worker.get('/support', { referrer: `${ORIGIN}/orders?type=Order` })
		).text()
		expect(html).toContain('<header class="masthead">')
		expect(html).toContain('<a href="/" class="masthead__logo">')
		expect(html).toContain('href="/support">Try again</a>')
		expect(html).toContain('href="/orders?type=Order">Back</a>')
		// Typed in: no page to go back to.
		expect(await (await worker.get('/support')).text()).not.toContain('>Back</a>')
	})

	test('installed, it keeps the build’s stylesheet and the portal’s theme and name for the offline page; a new build’s drops the last one’s', async () => {
		const asked: string[] = []
		online((request) => {
			asked.push(new URL(request.url).pathname)
			return Response.json({ theme: ':root{--masthead:#123456}', company: 'Southern Cross' })
		})
		await worker.caches.open('portal-shell-last-build')
		await worker.lifecycle('install')
		await worker.lifecycle('activate')
		expect(asked).toEqual(['/sw-shell.json'])
		const shells = (await worker.caches.keys()).filter((name) => name.startsWith('portal-shell-'))
		expect(shells).toHaveLength(1)
		expect(shells).not.toContain('portal-shell-last-build')
		const kept = await (await worker.caches.open(shells[0]!)).keys()
		expect(kept.map((request) => new URL(request.url).pathname)).toEqual(
			expect.arrayContaining([STYLESHEET, '/logo.svg']),
		)
		offline()
		const html = await (await worker.get('/support')).text()
		expect(html).toContain(`<link rel="stylesheet" href="${STYLESHEET}">`)
		expect(html).toContain('<style>:root{--masthead:#123456}</style>')
		expect(html).toContain('alt="Southern Cross home"')
	})
})

test('the stylesheets kept are those the root route links, as the build’s manifest names them', () => {
	const manifest = {
		'app/root.tsx?__react-router-build-client-route': {
			file: 'assets/root-1.js',
			isEntry: true,
			imports: ['_kit-1.js'],
			assets: ['assets/app-1.css', 'assets/logo-1.svg'],
		},
		'_kit-1.js': { file: 'assets/kit-1.js', css: ['assets/kit-1.css'] },
		'app/routes/portal/cart.tsx?__react-router-build-client-route': {
			file: 'assets/cart-1.js',
			css: ['assets/cart-1.css'],
		},
	}
	expect(rootStylesheets(manifest)).toEqual(['/assets/app-1.css', '/assets/kit-1.css'])
})
