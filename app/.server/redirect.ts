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

/** /login?redirectTo={current path}, keeping where the visitor was going. */
export function loginRedirectUrl(request: Request) {
	const url = new URL(request.url)
	let pathname = url.pathname
	// Data requests carry the page path before the suffix ('/orders.data', '/_.data' for '/'),
	// and a _routes parameter that is not part of the page URL (as React Router normalises them).
	if (pathname.endsWith('.data')) {
		pathname = pathname.replace(pathname.endsWith('/_.data') ? /_\.data$/ : /\.data$/, '')
		if (url.searchParams.has('_routes')) url.searchParams.delete('_routes')
	}
	const target = pathname + url.search || '/'
	return target === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: target })}`
}
