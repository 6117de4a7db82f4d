import express, { type Request, Router } from 'express'
import { timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { type Db } from './db.ts'
import { completePayment, findPaymentSession } from './operations/payments.ts'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const OutcomeSchema = z.object({ outcome: z.enum(['approved', 'declined', 'cancelled']) })

/**
 * The session a page request names, when it carries that session's own token (?token=, from the
 * address createPaymentSession answered); otherwise undefined, as if there were no such session.
 */
function sessionOf(db: Db, req: Request<{ sessionId: string }>) {
	const session = findPaymentSession(db, req.params.sessionId)
	const sent = typeof req.query.token === 'string' ? Buffer.from(req.query.token) : null
	const token = session ? Buffer.from(session.token) : null
	return sent && token && sent.length === token.length && timingSafeEqual(sent, token)
		? session
		: undefined
}

/**
 * The sandbox's hosted payment page, standing in for the provider's (windcave): the amount and
 * reference with Approve, Decline and Cancel. Each is a plain form post to the page's own address
 * (its token included); the answer is recorded once (a second post, e.g. after Back, keeps the
 * first) and the browser goes to the callback the portal gave, with ?sessionId=. Without the
 * session's token the page is not found (docs/decisions/052-embedded-sandbox-answers-only-the-portal.md).
 */
export function paymentPages(db: Db, now: () => Date) {
	const router = Router()
	router.get('/:sessionId', (req, res) => {
		const session = sessionOf(db, req)
		if (!session) return void res.status(404).type('text').send('Payment session not found')
		const amount = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(
			session.amount,
		)
		res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
button{font:inherit;padding:.6rem 1rem;margin:.25rem .5rem .25rem 0}</style></head>
<body><main><h1>Sandbox payment</h1>
<p>This page stands in for the card payment provider.</p>
<dl><dt>Amount</dt><dd>${escape(amount)}</dd><dt>Reference</dt><dd>${escape(session.reference)}</dd></dl>
<form method="post">
<button name="outcome" value="approved">Approve</button>
<button name="outcome" value="declined">Decline</button>
<button name="outcome" value="cancelled">Cancel</button>
</form></main></body></html>`)
	})
	router.post('/:sessionId', express.urlencoded({ extended: false }), (req, res) => {
		if (!sessionOf(db, req))
			return void res.status(404).type('text').send('Payment session not found')
		const parsed = OutcomeSchema.safeParse(req.body)
		if (!parsed.success) return void res.status(400).type('text').send('Choose an outcome')
		const session = completePayment(db, req.params.sessionId, parsed.data.outcome, now())
		if (!session) return void res.status(404).type('text').send('Payment session not found')
		const callback = {
			approved: session.approved_url,
			declined: session.declined_url,
			cancelled: session.cancelled_url,
			pending: session.cancelled_url,
		}[session.status]
		const url = new URL(callback)
		url.searchParams.set('sessionId', session.session_id)
		res.redirect(303, url.href)
	})
	return router
}
