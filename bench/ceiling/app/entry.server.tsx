import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, ServerRouter } from 'react-router'
import { joinedWrites } from '#app/.server/request/joined-writes.ts'

/**
 * Streams a page as the portal's entry.server does (one chunk per burst of React's writes), so
 * a ceiling is not slowed by compressing React's 2 KB pieces one by one, which the portal does not
 * do either. Nothing else of the portal's entry: no nonce, CSP or menu.
 */
export default function handleRequest(
	request: Request,
	status: number,
	headers: Headers,
	context: EntryContext,
) {
	return new Promise<Response>((resolve, reject) => {
		const { pipe } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
			onShellReady() {
				const body = joinedWrites(() => {})
				headers.set('Content-Type', 'text/html; charset=utf-8')
				pipe(body)
				resolve(new Response(createReadableStreamFromReadable(body), { headers, status }))
			},
			onShellError: reject,
		})
	})
}
