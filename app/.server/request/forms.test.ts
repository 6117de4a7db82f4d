import { describe, expect, test } from 'vitest'
import { readForm } from './forms.ts'

const post = (body: BodyInit, type = 'application/x-www-form-urlencoded') =>
	new Request('http://portal/x', { method: 'POST', body, headers: { 'Content-Type': type } })

/** The status of the response readForm throws, or 'ok'. */
async function outcome(request: Request, limits?: Parameters<typeof readForm>[1]) {
	try {
		await readForm(request, limits)
		return 'ok'
	} catch (error) {
		return (error as { init?: { status?: number } }).init?.status
	}
}

describe('readForm', () => {
	test('reads url-encoded and multipart forms', async () => {
		expect(await outcome(post('a=1&lines[3].qty=2'))).toBe('ok')
		const multipart = new FormData()
		multipart.set('a', '1')
		expect(await outcome(new Request('http://portal/x', { method: 'POST', body: multipart }))).toBe(
			'ok',
		)
	})

	test('a body is read once: a second reader gets the same form, checked against its own limits', async () => {
		const request = post(`a=1&lines[60].qty=2&b=${'x'.repeat(70_000)}`)
		// The widest reader first (the submission middleware), then the action's own limits.
		const wide = await readForm(request, { maxBytes: 1_000_000, maxIndex: 100 })
		expect(wide.get('a')).toBe('1')
		expect(request.bodyUsed).toBe(true)
		expect(await readForm(request, { maxBytes: 1_000_000, maxIndex: 100 })).toBe(wide)
		expect(await outcome(request, { maxBytes: 1_000_000 })).toBe(400)
		expect(await outcome(request, { maxIndex: 100 })).toBe(413)
	})

	test('what is not a form is 415', async () => {
		expect(await outcome(post('{"a":1}', 'application/json'))).toBe(415)
		expect(await outcome(post('<a/>', 'text/xml'))).toBe(415)
		expect(await outcome(new Request('http://portal/x', { method: 'POST' }))).toBe(415)
	})

	test('a body over the limit is 413, declared or not', async () => {
		expect(await outcome(post(`a=${'x'.repeat(70_000)}`))).toBe(413)
		const stream = new ReadableStream({
			start(controller) {
				for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(4096)))
				controller.close()
			},
		})
		const chunked = new Request('http://portal/x', {
			method: 'POST',
			body: stream,
			duplex: 'half',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		} as RequestInit)
		expect(await outcome(chunked)).toBe(413)
	})

	test('a list index above the form maximum, or too many fields, is 400', async () => {
		expect(await outcome(post('lines[5000000].qty=1'))).toBe(400)
		expect(await outcome(post('lines[200].qty=1'), { maxIndex: 200 })).toBe('ok')
		expect(await outcome(post('lines[201].qty=1'), { maxIndex: 200 })).toBe(400)
		expect(await outcome(post(Array.from({ length: 501 }, (_, i) => `f${i}=1`).join('&')))).toBe(
			400,
		)
	})

	test('a broken multipart body is 400', async () => {
		expect(await outcome(post('--x\r\nbroken', 'multipart/form-data; boundary=x'))).toBe(400)
	})
})
