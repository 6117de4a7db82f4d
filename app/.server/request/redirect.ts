const BASE = 'http://portal.invalid'

/**
 * Only same-origin paths may be redirect targets. The decision is made on the URL as it will be
 * sent in Location, after normalisation (dot segments, backslashes, tabs and newlines removed),
 * since that is what the browser follows: `/.//evil.example` normalises to `//evil.example`.
 * The target must keep our origin and start with exactly one slash; anything else is `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || !to.startsWith('/')) return fallback
	let url: URL
	try {
		url = new URL(to, BASE)
	} catch {
		return fallback
	}
	const target = url.pathname + url.search + url.hash
	if (url.origin !== BASE || !target.startsWith('/') || /^\/[/\\]/.test(target)) return fallback
	return target
}

/**
 * The page URL a request is for. Loaders and actions called by client navigations get React
 * Router's data URL: the page path plus '.data' ('/orders.data', '/_.data' for '/') and a
 * `_routes` parameter; both are removed, as React Router itself normalises them.
 */
export function pageUrl(request: Request) {
	const url = new URL(request.url)
	if (url.pathname.endsWith('.data')) {
		url.pathname = url.pathname.replace(
			url.pathname.endsWith('/_.data') ? /_\.data$/ : /\.data$/,
			'',
		)
		url.searchParams.delete('_routes')
	}
	return url
}

/** /login?redirectTo={current path}, keeping where the visitor was going. */
export function loginRedirectUrl(request: Request) {
	const url = pageUrl(request)
	const target = url.pathname + url.search || '/'
	return target === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: target })}`
}
