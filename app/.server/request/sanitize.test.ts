import { describe, expect, test } from 'vitest'
import { sanitizeHtml } from './sanitize.ts'

describe('sanitizeHtml', () => {
	test('keeps formatting markup as it is', () => {
		const html = '<p>Welcome, <strong>trade</strong> <em>customers</em>.</p><ul><li>One</li></ul>'
		expect(sanitizeHtml(html)).toBe(html)
	})

	test('keeps links with their href and adds rel="noopener noreferrer"', () => {
		expect(sanitizeHtml('<p>See <a href="https://example.com/help">help</a></p>')).toBe(
			'<p>See <a href="https://example.com/help" rel="noopener noreferrer">help</a></p>',
		)
	})

	test('keeps title and target on links, and mailto:, tel: and relative hrefs', () => {
		expect(sanitizeHtml('<a href="/orders" title="Orders" target="_blank">o</a>')).toBe(
			'<a href="/orders" title="Orders" target="_blank" rel="noopener noreferrer">o</a>',
		)
		expect(sanitizeHtml('<a href="mailto:sales@example.com">mail</a>')).toBe(
			'<a href="mailto:sales@example.com" rel="noopener noreferrer">mail</a>',
		)
		expect(sanitizeHtml('<a href="tel:+61299990000">call</a>')).toBe(
			'<a href="tel:+61299990000" rel="noopener noreferrer">call</a>',
		)
	})

	test('a rel given in the settings is replaced, so window.opener is never exposed', () => {
		expect(sanitizeHtml('<a href="https://example.com" rel="opener" target="_blank">x</a>')).toBe(
			'<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
		)
	})

	test('drops <script> with its content', () => {
		expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script><p>there</p>')).toBe(
			'<p>Hi</p><p>there</p>',
		)
		expect(sanitizeHtml('<SCRIPT src="https://evil.example/x.js"></SCRIPT>ok')).toBe('ok')
	})

	test('drops on* event handler attributes', () => {
		expect(sanitizeHtml('<p onclick="alert(1)" onmouseover="alert(2)">Hi</p>')).toBe('<p>Hi</p>')
		expect(sanitizeHtml('<a href="/x" onclick="steal()">x</a>')).toBe(
			'<a href="/x" rel="noopener noreferrer">x</a>',
		)
	})

	test('drops style attributes and <style> elements', () => {
		expect(sanitizeHtml('<p style="position:fixed;inset:0">Hi</p>')).toBe('<p>Hi</p>')
		expect(sanitizeHtml('<span style="color:red">red</span>')).toBe('<span>red</span>')
		expect(sanitizeHtml('<style>body{display:none}</style><p>Hi</p>')).toBe('<p>Hi</p>')
	})

	test.each([
		['javascript:alert(1)'],
		['JavaScript:alert(1)'],
		[' javascript:alert(1)'],
		['java\tscript:alert(1)'],
		['&#106;avascript:alert(1)'],
		['data:text/html,<script>alert(1)</script>'],
		['vbscript:msgbox(1)'],
	])('drops an href of %j but keeps the link text', (href) => {
		const out = sanitizeHtml(`<a href="${href}">click</a>`)
		expect(out).toBe('<a rel="noopener noreferrer">click</a>')
		expect(out).not.toMatch(/script:|data:/i)
	})

	test('drops <img> with its onerror', () => {
		expect(sanitizeHtml('<p>a<img src="x" onerror="alert(1)">b</p>')).toBe('<p>ab</p>')
	})

	test('drops <iframe>, <object>, <embed> and forms', () => {
		const out = sanitizeHtml(
			'<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x"><form action="https://evil.example"><input name="password"></form><p>ok</p>',
		)
		expect(out).toBe('<p>ok</p>')
	})

	test('drops attributes that are not allowed on the tags that are', () => {
		expect(sanitizeHtml('<p id="x" class="hero" data-x="1">Hi</p>')).toBe('<p>Hi</p>')
	})

	test('text is kept and escaped, so nothing can be smuggled in as markup', () => {
		expect(sanitizeHtml('Fish & chips < 5')).toBe('Fish &amp; chips &lt; 5')
		expect(sanitizeHtml('')).toBe('')
	})
})
