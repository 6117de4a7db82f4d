import { useEffect, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import {
	data,
	useRouteLoaderData,
	useSubmit,
	type DataStrategyResult,
	type MiddlewareFunction,
} from 'react-router'
import { start as startWorker } from './worker.ts'

/**
 * A lost connection keeps everything (docs/decisions/057-offline.md), loaded after the page
 * (app/components/connection.tsx). With JavaScript a form is
 * posted with fetch; when that fails because the network did, the router would show its error
 * screen and the customer's typing would go with the page. Instead the root's client middleware
 * answers the failed post as 'not sent' (the page stays, with what was typed), the form's button
 * says so, and the same form is sent again once when the browser is back online: its hidden
 * submission key makes that resend act once even if the first post did reach the server.
 */

type Unsent = {
	action: string
	method: string
	formData: FormData
	/** The form and button the customer used, when the post came from one. */
	form: HTMLFormElement | null
	submitter: HTMLElement | null
}

let unsent: Unsent | null = null
const listeners = new Set<() => void>()
function setUnsent(next: Unsent | null) {
	unsent = next
	for (const listener of listeners) listener()
}
function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => void listeners.delete(listener)
}

/** The post that did not reach the server, while it waits to be sent again. */
function useUnsent() {
	return useSyncExternalStore(
		subscribe,
		() => unsent,
		() => null,
	)
}

/** The latest submit event's form and button: the post a network failure belongs to. */
let lastSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null
if (typeof document !== 'undefined') {
	document.addEventListener(
		'submit',
		(event) => {
			if (event.target instanceof HTMLFormElement)
				lastSubmit = { form: event.target, submitter: event.submitter }
		},
		true,
	)
}

/**
 * Fetch says a request failed for the network (offline, reset, refused) with a TypeError; an
 * action's error comes wrapped in data() with the reply's status (none here).
 */
function isNetworkFailure({ type, result }: DataStrategyResult) {
	const error: unknown =
		result && typeof result === 'object' && 'data' in result ? result.data : result
	return type === 'error' && error instanceof TypeError
}

const pathOf = (url: string) => new URL(url, location.href).pathname

export const offlineMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
	{ request },
	next,
) => {
	if (request.method === 'GET') {
		const results = await next()
		// A page that cannot be fetched: the browser asks for the document, which the service
		// worker answers with its saved copy or the offline page, not the app's error screen.
		if (Object.values(results).some(isNetworkFailure) && request.url !== location.href) {
			location.assign(request.url)
			return new Promise<never>(() => {})
		}
		return results
	}
	const origin =
		lastSubmit && pathOf(lastSubmit.form.action) === pathOf(request.url) ? lastSubmit : null
	lastSubmit = null
	const copy = request.clone()
	const results = await next()
	const failed = Object.keys(results).filter((id) => isNetworkFailure(results[id]!))
	if (!failed.length) return results
	setUnsent({
		action: request.url,
		method: request.method,
		formData: await copy.formData().catch(() => new FormData()),
		form: origin?.form ?? null,
		submitter: origin?.submitter ?? null,
	})
	// No data and a 503: the page stays as it is, and the router does not reload it (it can't).
	for (const id of failed) results[id] = { type: 'data', result: data(undefined, 503) }
	return results
}

let submitWithoutForm: ((u: Unsent) => void) | null = null

/** Sends the unsent post again, once: through its own form and button when they are still here. */
export function resend() {
	const post = unsent
	if (!post) return
	setUnsent(null)
	const { form, submitter } = post
	if (form?.isConnected) {
		form.requestSubmit(
			submitter?.isConnected && submitter.matches(':is(button, input)') ? submitter : null,
		)
	} else submitWithoutForm?.(post)
}

function useOnline() {
	return useSyncExternalStore(
		(listener) => {
			addEventListener('online', listener)
			addEventListener('offline', listener)
			return () => {
				removeEventListener('online', listener)
				removeEventListener('offline', listener)
			}
		},
		() => navigator.onLine,
		() => true,
	)
}

/** What is said beside a post that was not sent. */
function NotSent() {
	return (
		<p className="not-sent" role="alert">
			<span>Not sent — no connection. We'll try again when you're back</span>
			<button type="button" className="button" onClick={resend}>
				Try again
			</button>
		</p>
	)
}

/**
 * The banner while offline, the 'Not sent' of a post no button shows, the resend when the
 * connection is back, and the service worker.
 */
export function Banner() {
	// The portal layout's (app/routes/portal/layout.tsx): none when signed out.
	const portal = useRouteLoaderData('routes/portal/layout') as { user: { key: string } } | undefined
	const user = portal?.user.key ?? null
	const online = useOnline()
	const post = useUnsent()
	const submit = useSubmit()

	useEffect(() => {
		submitWithoutForm = (u) =>
			void submit(u.formData, {
				action: u.action,
				method: u.method as 'POST',
				navigate: false,
			})
		return () => void (submitWithoutForm = null)
	}, [submit])

	useEffect(() => {
		if (online) resend()
	}, [online])

	// Again after signing in or out: signing out removes the worker (Clear-Site-Data).
	useEffect(() => startWorker(), [user])

	// Beside the button the post was sent with, at the end of its box (a portal: React appends
	// it after what it renders there); a post from no button, in the banner.
	const beside = post?.submitter?.isConnected ? post.submitter.parentElement : null
	return (
		<>
			{beside ? createPortal(<NotSent />, beside) : null}
			{online && (!post || beside) ? null : (
				<div className="connection-bar" role="status">
					{online ? null : (
						<p className="connection-bar__offline">
							You're offline. What you send waits here until you're back.
						</p>
					)}
					{post && !beside ? <NotSent /> : null}
				</div>
			)}
		</>
	)
}
