import { describe, expect, test } from 'vitest'
import { loginRedirectUrl, pageUrl, safeRedirect } from './redirect.ts'

describe('safeRedirect', () => {
	test.each([
		['/', '/'],
		['/orders', '/orders'],
		['/orders?x=1#y', '/orders?x=1#y'],
		['/invoices/INV-7?page=2', '/invoices/INV-7?page=2'],
		['/a/../b', '/b'],
	])('keeps the same-origin path %s', (to, expected) => {
		expect(safeRedirect(to)).toBe(expected)
	})

	// Hostile targets, each as an attacker would put it in ?redirectTo= or a form field. The
	// browser follows the normalised URL, so each must fall back, not just the raw string.
	test.each([
		['an absolute URL', 'https://evil.example'],
		['an absolute URL with a path', 'https://evil.example/login'],
		['a scheme without slashes', 'https:evil.example'],
		['a protocol-relative URL', '//evil.example'],
		['a protocol-relative URL with a path', '//evil.example/orders'],
		['a dot segment that normalises to //', '/.//evil.example'],
		['dot-dot segments that normalise to //', '/..//evil.example'],
		['a deeper dot-dot path that normalises to //', '/a/..//evil.example'],
		['an encoded dot segment', '/%2e//evil.example'],
		['a backslash trick', '/\\evil.example'],
		['a backslash after the slash', '/\\/evil.example'],
		['a dot segment and a backslash', '/./\\evil.example'],
		['a tab between the slashes', '/\t/evil.example'],
		['a newline between the slashes', '/\n/evil.example'],
		['a carriage return between the slashes', '/\r/evil.example'],
		['a leading tab', '\t//evil.example'],
		['a leading space', ' //evil.example'],
		['encoded slashes (never decoded to a path)', '%2F%2Fevil.example'],
		['three slashes', '///evil.example'],
		['credentials before the host', '//user:pass@evil.example'],
		['a javascript: URL', 'javascript:alert(1)'],
		['a data: URL', 'data:text/html,<script>alert(1)</script>'],
		['a relative path', 'orders'],
		['an empty string', ''],
	])('falls back to / for %s', (_name, to) => {
		expect(safeRedirect(to)).toBe('/')
	})

	test.each([
		[
			'encoded slashes after the first one stay one path',
			'/%2F%2Fevil.example',
			'/%2F%2Fevil.example',
		],
		['a backslash later in the path becomes a slash', '/orders\\7', '/orders/7'],
		['a tab inside the path is removed', '/ord\ters', '/orders'],
		[
			'an absolute-looking query value stays a query',
			'/orders?next=//evil.example',
			'/orders?next=//evil.example',
		],
	])('%s', (_name, to, expected) => {
		const target = safeRedirect(to)
		expect(target).toBe(expected)
		expect(new URL(target, 'https://portal.example').origin).toBe('https://portal.example')
	})

	test.each([
		['null', null],
		['undefined', undefined],
		['a File (a non-string form value)', new File(['/orders'], 'orders.txt')],
	])('falls back to / for %s', (_name, to) => {
		expect(safeRedirect(to)).toBe('/')
	})

	test('a non-string from untyped input falls back', () => {
		expect(safeRedirect(42 as unknown as string)).toBe('/')
		expect(safeRedirect({ toString: () => '/orders' } as unknown as string)).toBe('/')
	})

	test('a custom fallback is used for unsafe targets, and safe ones are kept', () => {
		expect(safeRedirect('https://evil.example', '/home')).toBe('/home')
		expect(safeRedirect('//evil.example', '/home')).toBe('/home')
		expect(safeRedirect(null, '/home')).toBe('/home')
		expect(safeRedirect('', '/home')).toBe('/home')
		expect(safeRedirect('/orders', '/home')).toBe('/orders')
	})

	test('works with form data values', () => {
		const form = new FormData()
		form.set('redirectTo', '/orders?status=open')
		expect(safeRedirect(form.get('redirectTo'))).toBe('/orders?status=open')
		expect(safeRedirect(form.get('missing'))).toBe('/')
	})
})

describe('loginRedirectUrl', () => {
	const url = (href: string) => loginRedirectUrl(new Request(href))

	test('keeps the path and query, encoded as redirectTo', () => {
		expect(url('http://x/request-error?msg=a%20b')).toBe(
			'/login?redirectTo=%2Frequest-error%3Fmsg%3Da%2520b',
		)
		expect(url('http://x/orders')).toBe('/login?redirectTo=%2Forders')
	})

	test('only the path and query are kept, never the host', () => {
		const target = new URL(url('http://evil.example:8080/orders?x=1'), 'http://portal').searchParams
		expect(target.get('redirectTo')).toBe('/orders?x=1')
	})

	test('the home page needs no redirectTo', () => {
		expect(url('http://x/')).toBe('/login')
		expect(url('http://x')).toBe('/login')
	})

	test('a query on the home page is kept', () => {
		expect(url('http://x/?tab=2')).toBe('/login?redirectTo=%2F%3Ftab%3D2')
	})

	describe('React Router data requests', () => {
		test('/orders.data is the page /orders', () => {
			expect(url('http://x/orders.data')).toBe('/login?redirectTo=%2Forders')
		})

		test('/_.data is the home page', () => {
			expect(url('http://x/_.data')).toBe('/login')
		})

		test('a trailing-slash page (/orders/_.data) keeps its slash', () => {
			expect(url('http://x/orders/_.data')).toBe('/login?redirectTo=%2Forders%2F')
		})

		test('the page query is kept, the _routes parameter is dropped', () => {
			expect(url('http://x/orders.data?status=open')).toBe(
				'/login?redirectTo=%2Forders%3Fstatus%3Dopen',
			)
			expect(url('http://x/orders.data?status=open&_routes=routes%2Forders')).toBe(
				'/login?redirectTo=%2Forders%3Fstatus%3Dopen',
			)
			expect(url('http://x/_.data?_routes=root')).toBe('/login')
		})

		test('the target round-trips through safeRedirect', () => {
			const login = new URL(url('http://x/invoices/INV-7.data?page=2'), 'http://portal')
			expect(safeRedirect(login.searchParams.get('redirectTo'))).toBe('/invoices/INV-7?page=2')
		})
	})

	describe('document requests are not mistaken for data requests', () => {
		test('a query ending in .data is left alone', () => {
			expect(url('http://x/search?q=file.data')).toBe('/login?redirectTo=%2Fsearch%3Fq%3Dfile.data')
		})

		test('a page path ending in /_ is left alone', () => {
			expect(url('http://x/orders/_')).toBe('/login?redirectTo=%2Forders%2F_')
		})

		test('a _routes query parameter on a page is kept', () => {
			expect(url('http://x/orders?_routes=a')).toBe('/login?redirectTo=%2Forders%3F_routes%3Da')
		})
	})
})

describe('pageUrl', () => {
	const page = (url: string) => {
		const u = pageUrl(new Request(url))
		return u.pathname + u.search
	}
	test('data requests give the page URL, without _routes', () => {
		expect(page('http://x/products/TIM/FRM.data?product=A1&_routes=routes%2Fportal')).toBe(
			'/products/TIM/FRM?product=A1',
		)
		expect(page('http://x/_.data?_routes=root')).toBe('/')
	})
	test('document requests are unchanged', () => {
		expect(page('http://x/search?value=deck&_routes=kept')).toBe('/search?value=deck&_routes=kept')
	})
})
