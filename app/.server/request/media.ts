import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type Configuration, isEmbeddedEndpoint, presenterHost } from '../config/config.ts'

/** How long a picture the presenter has is cached, unless the presenter says otherwise. */
const FOUND_CACHE = 'public, max-age=86400'
/** A missing picture may appear soon: its placeholder is cached briefly. */
const MISSING_CACHE = 'public, max-age=300'
const TIMEOUT_MS = 10_000
/** Proxied media is never a document: an SVG opened on its own runs nothing. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

let placeholder: Buffer | undefined
function placeholderResponse() {
	placeholder ??= readFileSync(path.resolve('public/images/placeholder.svg'))
	return new Response(new Uint8Array(placeholder), {
		status: 404,
		headers: {
			'Content-Type': 'image/svg+xml',
			'Cache-Control': MISSING_CACHE,
			'Content-Security-Policy': MEDIA_CSP,
		},
	})
}

/**
 * The presenter URL a picture's address names, or null when it is not on the presenter's host.
 * The embedded sandbox shares this server's origin, so there only its media folder counts: any
 * other path is a portal page (/media itself, which would fetch itself over and over).
 */
export function presenterMediaUrl(
	src: string,
	config: Configuration,
	source?: Record<string, string | undefined>,
) {
	const host = new URL(presenterHost(config, source))
	let url: URL
	try {
		url = new URL(src, host)
	} catch {
		return null
	}
	if (url.origin !== host.origin || !['http:', 'https:'].includes(url.protocol)) return null
	const mediaPath = `${host.pathname.replace(/\/$/, '')}/media/`
	return isEmbeddedEndpoint(config) && !url.pathname.startsWith(mediaPath) ? null : url
}

/**
 * A product or menu picture from the presenter (docs/decisions/027-missing-product-images.md):
 * the picture when the presenter has it, else the placeholder with status 404, so a page never
 * shows the browser's broken-image icon, with or without JavaScript.
 */
export async function presenterMedia(src: string, config: Configuration) {
	const url = presenterMediaUrl(src, config)
	if (!url) return placeholderResponse()
	const upstream = await fetch(url, {
		redirect: 'error',
		signal: AbortSignal.timeout(TIMEOUT_MS),
	}).catch(() => null)
	const type = upstream?.headers.get('Content-Type') ?? ''
	if (!upstream?.ok || !upstream.body || !type.startsWith('image/')) {
		await upstream?.body?.cancel()
		return placeholderResponse()
	}
	return new Response(upstream.body, {
		headers: {
			'Content-Type': type,
			'Cache-Control': upstream.headers.get('Cache-Control') ?? FOUND_CACHE,
			'Content-Security-Policy': MEDIA_CSP,
		},
	})
}
