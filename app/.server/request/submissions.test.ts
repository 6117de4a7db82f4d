import { redirect, RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { getSession, sessionMiddleware } from './context.ts'
import { readForm } from './forms.ts'
import { newSubmissionKey, submissionMiddleware } from './submissions.ts'

/**
 * The exactly-once middleware as the root runs it, inside the session's: `action` stands for the
 * route's action (what `next()` runs) and counts how often it ran.
 */
function portal(action: (context: RouterContextProvider) => Promise<Response> | Response) {
	let runs = 0
	const send = async (
		path: string,
		fields: Record<string, string>,
		headers: Record<string, string> = {},
	) => {
		const request = new Request(`http://portal.test${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
			body: new URLSearchParams(fields),
		})
		const context = new RouterContextProvider()
		const args = { request, context, params: {}, pattern: path, url: new URL(request.url) }
		const response = await sessionMiddleware(
			args,
			async () =>
				(await submissionMiddleware(args, async () => {
					runs++
					// The action reads its form as actions do: the body as the middleware read it
					// (a body can be read only once).
					expect([...(await readForm(request))].length).toBeGreaterThan(0)
					return action(context)
				})) as Response,
		)
		return response as Response
	}
	return { send, runs: () => runs }
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a form post with a submission key', () => {
	test('sent twice at once and once after, runs once; every answer is the first', async () => {
		const { send, runs } = portal(async (context) => {
			await later(20)
			getSession(context).flash({ type: 'success', message: 'Added to cart' })
			return redirect('/products')
		})
		const form = { submissionKey: newSubmissionKey(), intent: 'add-to-cart', productID: 'A' }
		const answers = await Promise.all([send('/products', form), send('/products', form)])
		answers.push(await send('/products', form))
		expect(runs()).toBe(1)
		expect(answers.map((r) => [r.status, r.headers.get('Location')])).toEqual([
			[302, '/products'],
			[302, '/products'],
			[302, '/products'],
		])
		// Each answer carries the session with its flash, so the page after it says the same.
		for (const answer of answers) expect(answer.headers.get('Set-Cookie')).toContain('__portal=')
	})

	test('another form or another address with the same key is another submission', async () => {
		const { send, runs } = portal(() => redirect('/'))
		const submissionKey = newSubmissionKey()
		await send('/products', { submissionKey, productID: 'A' })
		await send('/products', { submissionKey, productID: 'B' })
		await send('/cart', { submissionKey, productID: 'A' })
		expect(runs()).toBe(3)
	})

	test('a body answered as it was: data answers replay their body', async () => {
		const { send, runs } = portal(() => Response.json({ sent: runs() }))
		const form = { submissionKey: newSubmissionKey(), subject: 'Gate code' }
		const first = await send('/support', form)
		const again = await send('/support', form)
		expect(runs()).toBe(1)
		expect(await again.json()).toEqual(await first.json())
	})

	test('a refusal (4xx) or failure is not recorded: sent again, it runs again', async () => {
		let status = 400
		const { send, runs } = portal(() => new Response('Required', { status }))
		const form = { submissionKey: newSubmissionKey(), name: '' }
		expect((await send('/cart', form)).status).toBe(400)
		status = 303
		expect((await send('/cart', form)).status).toBe(303)
		expect((await send('/cart', form)).status).toBe(303)
		expect(runs()).toBe(2)
	})

	test('without a key (or with a malformed one) every post runs', async () => {
		const { send, runs } = portal(() => redirect('/'))
		await send('/cart', { intent: 'clear-all' })
		await send('/cart', { intent: 'clear-all' })
		await send('/cart', { intent: 'clear-all', submissionKey: 'short' })
		await send('/cart', { intent: 'clear-all', submissionKey: 'short' })
		expect(runs()).toBe(4)
	})

	test('without JS, an answer back to its own page goes to an address of its own, the repeat too', async () => {
		const { send, runs } = portal((context) => {
			getSession(context).flash({ type: 'success', message: 'Added to cart' })
			return redirect('/products?page=2#product-A')
		})
		const form = { submissionKey: newSubmissionKey(), intent: 'add-to-cart', productID: 'A' }
		// Behind a proxy: the browser's address for the page is not the one the server sees.
		const navigation = {
			'Sec-Fetch-Mode': 'navigate',
			Referer: 'https://portal.example/products?page=2&sent=0ld0ne00',
		}
		const sent = `/products?page=2&sent=${form.submissionKey.slice(0, 8)}#product-A`
		const first = await send('/products?page=2', form, navigation)
		expect(first.headers.get('Location')).toBe(sent)
		// Back restores the page with the used key: its post is a repeat, and lands where the first did.
		const cookie = first.headers.get('Set-Cookie')!.split(';')[0]!
		const repeat = await send('/products?page=2', form, { ...navigation, Cookie: cookie })
		expect(repeat.headers.get('Location')).toBe(sent)
		expect(runs()).toBe(1)
		// The session's id did not change: the cookie is not sent again (a changed one keeps the page
		// out of the back-forward cache).
		expect(repeat.headers.get('Set-Cookie')).toBeNull()
		// A script's post adds no history entry: its answer is the action's.
		const fetched = await send(
			'/products?page=2',
			{ ...form, submissionKey: newSubmissionKey() },
			{ 'Sec-Fetch-Mode': 'cors', Cookie: cookie },
		)
		expect(fetched.headers.get('Location')).toBe('/products?page=2#product-A')
	})

	test('without JS, an answer that goes to another page keeps its address', async () => {
		const { send } = portal(() => redirect('/cart'))
		const form = { submissionKey: newSubmissionKey(), intent: 'add-to-cart', productID: 'A' }
		const answer = await send('/products', form, {
			'Sec-Fetch-Mode': 'navigate',
			Referer: 'http://portal.test/products',
		})
		expect(answer.headers.get('Location')).toBe('/cart')
	})

	test("without JS, the mark leaves the answer's own query as it was", async () => {
		const { send } = portal(() => redirect('/products?search=2%20x%204&index'))
		const form = { submissionKey: newSubmissionKey(), intent: 'add-to-cart', productID: 'A' }
		const answer = await send('/products?search=2%20x%204&index', form, {
			'Sec-Fetch-Mode': 'navigate',
			Referer: 'http://portal.test/products?search=2+x+4&index=',
		})
		expect(answer.headers.get('Location')).toBe(
			`/products?search=2%20x%204&index&sent=${form.submissionKey.slice(0, 8)}`,
		)
	})
})
