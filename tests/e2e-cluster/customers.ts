import { type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test'
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5'
import { type Answer, expect } from './fixtures.ts'

/**
 * Customers without a browser, for the tests that need many of them at once through nginx: each
 * has its own cookie jar (a Playwright request context) and posts forms as a browser without
 * JavaScript posts them, read from the page's HTML.
 */

type Element = DefaultTreeAdapterMap['element']
type Node = DefaultTreeAdapterMap['node']

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value
const textOf = (node: Node): string =>
	'value' in node && node.nodeName === '#text'
		? node.value
		: 'childNodes' in node
			? node.childNodes.map(textOf).join('')
			: ''

function* elements(node: Node): Generator<Element> {
	if ('tagName' in node) yield node
	const children =
		'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : []
	for (const child of children) yield* elements(child)
}

/** The forms of a page, as HTML: the first one for which `matches` is true. */
export function findForm(html: string, matches: (form: string) => boolean) {
	return html.match(/<form\b[\s\S]*?<\/form>/g)?.find(matches)
}

/**
 * What a browser without JavaScript sends for a form (the HTML form's successful controls in
 * tree order), with `submitter` (the button pressed) where it stands. Typed values replace the
 * fields' own, as a user typing into them.
 */
export function formEntries(
	formHtml: string,
	typed: Record<string, string> = {},
	submitter?: { name: string; value: string },
) {
	const entries: Array<[string, string]> = []
	for (const el of elements(parseFragment(formHtml) as Node)) {
		const name = attr(el, 'name')
		if (!name || attr(el, 'disabled') !== undefined) continue
		const value = (own: string) => entries.push([name, typed[name] ?? own])
		if (el.tagName === 'input') {
			const type = (attr(el, 'type') ?? 'text').toLowerCase()
			if (['submit', 'button', 'reset', 'image', 'file'].includes(type)) continue
			if ((type === 'checkbox' || type === 'radio') && attr(el, 'checked') === undefined) continue
			value(attr(el, 'value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : ''))
		} else if (el.tagName === 'select') {
			const options = [...elements(el)].filter((o) => o.tagName === 'option')
			const chosen = options.find((o) => attr(o, 'selected') !== undefined) ?? options[0]
			if (chosen) value(attr(chosen, 'value') ?? textOf(chosen).trim())
		} else if (el.tagName === 'textarea') {
			value(textOf(el).replace(/^\n/, ''))
		} else if (
			el.tagName === 'button' &&
			submitter?.name === name &&
			(attr(el, 'value') ?? '') === submitter.value
		) {
			entries.push([name, submitter.value])
		}
	}
	return entries
}

export type Visit = Answer & { method: 'GET' | 'POST'; body: string; error?: string }

/** One customer: a cookie jar, and every answer it got (each redirect too). */
export class Customer {
	readonly answers: Visit[] = []
	readonly request: APIRequestContext
	readonly username: string
	constructor(request: APIRequestContext, username: string) {
		this.request = request
		this.username = username
	}

	static async open(
		api: APIRequest,
		baseURL: string,
		username: string,
		headers?: Record<string, string>,
	) {
		const request = await api.newContext({ baseURL, extraHTTPHeaders: headers })
		return new Customer(request, username)
	}

	#record(
		method: Visit['method'],
		path: string,
		response: APIResponse | null,
		body: string,
		error?: string,
	): Visit {
		const headers = response?.headers() ?? {}
		const visit: Visit = {
			method,
			path,
			status: response?.status() ?? 0,
			instance: headers['x-portal-instance'] ?? '',
			location: headers['location'] ?? '',
			body,
			error,
		}
		this.answers.push({ ...visit, body: '' })
		return visit
	}

	/**
	 * One request, redirects followed as a browser does (a post answered with a redirect goes on
	 * as a GET); resolves with the last answer, status 0 when there was none (reset, timeout).
	 */
	async send(path: string, form?: Array<[string, string]>): Promise<Visit> {
		const method = form ? 'POST' : 'GET'
		let visit: Visit
		try {
			const response = form
				? await this.request.post(path, {
						// URL-encoded as a form is, with repeated names kept in order.
						data: new URLSearchParams(form).toString(),
						headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
						maxRedirects: 0,
						timeout: 60_000,
					})
				: await this.request.get(path, { maxRedirects: 0, timeout: 60_000 })
			visit = this.#record(method, path, response, await response.text())
		} catch (error) {
			return this.#record(method, path, null, '', String(error))
		}
		for (let hops = 0; visit.status >= 300 && visit.status < 400 && hops < 5; hops++) {
			const next = new URL(visit.location, 'http://portal').pathname
			const search = new URL(visit.location, 'http://portal').search
			visit = await this.send(next + search)
		}
		return visit
	}

	/** Signs in with the sign-in form; resolves with the answer to the post. */
	signIn(password = 'demo') {
		return this.send('/login', [
			['username', this.username],
			['password', password],
		])
	}

	close() {
		return this.request.dispose()
	}
}

/**
 * Adds users to the demo customer the way its administrator does (Account Admin's add form, as
 * demo), password demo. The sandbox seeds four who can sign in; the tests need more.
 */
export async function addUsers(api: APIRequest, baseURL: string, usernames: string[]) {
	const admin = await Customer.open(api, baseURL, 'demo')
	expect((await admin.signIn()).path).toBe('/')
	for (const username of usernames) {
		const page = await admin.send('/admin/account/new')
		const form = findForm(page.body, (f) => f.includes('name="tpauserID"'))
		expect(form, 'the add account form').toBeTruthy()
		const added = await admin.send(
			'/admin/account/new',
			formEntries(form!, {
				tpauserID: username,
				firstName: 'Colleague',
				lastName: username,
				emailAddress: `${username}@harbourcityconstructions.com.au`,
				tpaUserPassword: 'demo',
				confirmPassword: 'demo',
			}),
		)
		expect(added.path, `${username} added`).toBe('/admin')
	}
	await admin.close()
}
