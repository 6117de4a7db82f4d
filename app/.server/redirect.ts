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
	const here = url.pathname + url.search
	// Data requests (/_.data) carry the page path before the suffix.
	const target = here.replace(/\.data(\?|$)/, '$1').replace(/\/_$/, '/') || '/'
	return target === '/' ? '/login' : `/login?${new URLSearchParams({ redirectTo: target })}`
}
