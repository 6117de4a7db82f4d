import { redirect, RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { getSession, sessionMiddleware } from './context.ts'
import { newSubmissionKey, submissionMiddleware } from './submissions.ts'

/**
 * The exactly-once middleware as the root runs it, inside the session's: `action` stands for the
 * route's action (what `next()` runs) and counts how often it ran.
 */
function portal(action: (context: RouterContextProvider) => Promise<Response> | Response) {
	let runs = 0
	const send = async (path: string, fields: Record<string, string>) => {
		const request = new Request(`http://portal.test${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields),
		})
		const context = new RouterContextProvider()
		const args = { request, context, params: {}, pattern: path, url: new URL(request.url) }
		const response = await sessionMiddleware(
			args,
			async () =>
				(await submissionMiddleware(args, async () => {
					runs++
					// The action reads its form as actions do: the middleware left the body to it.
					await request.formData()
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
})
