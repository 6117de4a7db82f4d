import { randomBytes } from 'node:crypto'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { isPrefetch } from 'remix-utils/is-prefetch'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
	type EntryContext,
	type HandleDataRequestFunction,
	type HandleErrorFunction,
	type RouterContextProvider,
	ServerRouter,
} from 'react-router'
import { joinedWrites } from './.server/request/joined-writes.ts'
import { contentSecurityPolicy } from './.server/request/csp.ts'
import { requestFailed } from './.server/observe/requests.ts'
import { NonceProvider } from './components/nonce.tsx'
import { IslandsProvider } from './components/html-island.tsx'
import { islandsContext } from './components/html-island.server.ts'

// The server closes the build's own copy of the store when it stops (server/lifecycle.ts), and
// seeds the demo into it when it embeds the sandbox (server/index.ts).
export { closeStore } from './.server/store/index.ts'
export { seedDemoStore } from './.server/config/demo-seed.ts'
// The server's /readyz asks the build's own store (server/index.ts).
export { readiness } from './.server/observe/readiness.ts'
// The server starts sending the orders kept while the presenter was down (server/index.ts).
export { startSendingQueued } from './.server/orders/index.ts'

export const streamTimeout = 5_000
/** How long the browser may keep a prefetch's data (handleDataRequest). */
const PREFETCH_SECONDS = 5

/** A fresh CSP nonce per page: 16 random bytes, base64 (as the Epic Stack makes it). */
const newNonce = () => randomBytes(16).toString('base64')

/** Signed-in pages and their data must never be stored by browsers or proxies. */
function noStore(headers: Headers) {
	if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store')
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	const nonce = newNonce()
	const islands = loadContext.get(islandsContext)
	responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce))
	noStore(responseHeaders)

	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Crawlers and SPA-mode renders wait for everything; browsers stream from the shell.
		const readyOption: keyof RenderToPipeableStreamOptions =
			(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
			() => abort(),
			streamTimeout + 1000,
		)

		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<IslandsProvider value={islands}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</IslandsProvider>
			</NonceProvider>,
			{
				nonce,
				// A boundary that rendered in time goes inline, however large: React would otherwise send
				// big ones after the shell, for a script to swap in, which a page without JS never runs
				// (the tally dialog's form, docs/decisions/026-tally-form.md).
				progressiveChunkSize: Number.POSITIVE_INFINITY,
				[readyOption]() {
					shellRendered = true
					const body = joinedWrites(() => {
						clearTimeout(timeoutId)
						timeoutId = undefined
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(body)
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) requestFailed(error)
				},
			},
		)
	})
}

/**
 * A prefetch's data (Link prefetch="intent") may be kept by the browser for 5 s, so the navigation
 * that usually follows a hover uses it instead of asking again (remix-utils' isPrefetch; Chrome
 * reuses a prefetch only while it is fresh), for the same cookies only. Everything else is never
 * stored. A mutation posts to its page's own address, which drops the browser's copy of it
 * (docs/decisions/049).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
	if (isPrefetch(request) && !response.headers.has('Cache-Control')) {
		response.headers.set('Cache-Control', `private, max-age=${PREFETCH_SECONDS}`)
		// Another sign-in in the same browser within those seconds, without signing out (which
		// clears the cache), must not see this session's data.
		response.headers.append('Vary', 'Cookie')
	}
	noStore(response.headers)
	return response
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	// Aborted requests (the browser navigated away) are not errors. A refusal (4xx) is one log line.
	if (request.signal.aborted) return
	requestFailed(error)
}
