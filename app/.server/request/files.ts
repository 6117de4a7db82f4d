import { redirect } from 'react-router'
import { logFailure } from '../config/log.ts'

/**
 * Content-Disposition for a download named `filename`: characters no file system takes become
 * spaces, with an ASCII fallback name plus the exact name (RFC 6266 filename*), so
 * 'Frame Package – Single Storey House.csv' keeps its dash where browsers can.
 */
export function attachment(filename: string) {
	const name =
		[...filename]
			.map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
			.join('')
			.replace(/ +/g, ' ')
			.trim() || 'download'
	const ascii = [...name].map((c) => (c > '~' ? '-' : c)).join('')
	const encoded = encodeURIComponent(name).replace(
		/['()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	)
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * A PDF the presenter streams, passed on as a download named `filename`. A failed download (or a
 * reply that is not a PDF) is logged and the browser goes back to `backTo` without a message.
 */
export async function pdfDownload(file: () => Promise<Response>, filename: string, backTo: string) {
	try {
		const reply = await file()
		if (!reply.headers.get('Content-Type')?.includes('application/pdf')) {
			throw new Error(`Not a PDF: ${(await reply.text()).slice(0, 200)}`)
		}
		return new Response(reply.body, {
			headers: {
				'Content-Type': 'application/pdf',
				'Content-Disposition': `attachment; filename="${filename}"`,
				'Cache-Control': 'private, no-store',
			},
		})
	} catch (error) {
		if (error instanceof Response) throw error
		logFailure(`Download of ${filename}`, error)
		return redirect(backTo)
	}
}
