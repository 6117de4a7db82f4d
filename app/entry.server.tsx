import { randomBytes } from 'node:crypto'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
	type EntryContext,
	type HandleDataRequestFunction,
	type HandleErrorFunction,
	type RouterContextProvider,
	ServerRouter,
} from 'react-router'
import { productMenuContext } from './.server/context.ts'
import { menuMarkup } from './.server/catalogue-markup.tsx'
import { joinedWrites } from './.server/joined-writes.ts'
import { contentSecurityPolicy } from './.server/csp.ts'
import { NonceProvider } from './components/nonce.tsx'
import { ServerMenuContext } from './components/product-menu.tsx'

export const streamTimeout = 5_000

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
	const menu = loadContext.get(productMenuContext)
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
				<ServerMenuContext value={menu && menuMarkup(menu)}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</ServerMenuContext>
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
					if (shellRendered) console.error(error)
				},
			},
		)
	})
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
	noStore(response.headers)
	return response
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	// Aborted requests (the browser navigated away) are not errors.
	if (request.signal.aborted) return
	console.error(error)
}
