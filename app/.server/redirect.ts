/**
 * Only same-origin paths may be redirect targets: a single leading slash, no scheme, no
 * protocol-relative '//' and no backslash tricks. Anything else becomes `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
	if (typeof to !== 'string' || !to) return fallback
	if (!to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return fallback
	try {
		const url = new URL(to, 'http://portal.invalid')
		if (url.origin !== 'http://portal.invalid') return fallback
		return url.pathname + url.search + url.hash
	} catch {
		return fallback
	}
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
