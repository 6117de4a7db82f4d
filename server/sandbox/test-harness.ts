/**
 * The sandbox test harness: a sandbox over an in-memory database, served on an ephemeral port
 * (presenter at /presenter, control at /__sandbox), with the demo users logged in, and typed
 * helpers to call it through the real transport. For the sandbox's *.test.ts files only.
 */
import express from 'express'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { inflateSync } from 'node:zlib'
import { afterAll, beforeAll, expect } from 'vitest'
import { type z } from 'zod'
import * as auth from '#app/.server/presenter/contract/auth.ts'
import * as cart from '#app/.server/presenter/contract/cart.ts'
import type * as catalogue from '#app/.server/presenter/contract/catalogue.ts'
import type * as checkout from '#app/.server/presenter/contract/checkout.ts'
import {
	IP_SERVICE,
	type Operation,
	type PayloadOf,
} from '#app/.server/presenter/contract/define.ts'
import { ConfigurationSchema } from '#app/.server/config/config.ts'
import { ReadCache } from '#app/.server/presenter/cache.ts'
import { createClient } from '#app/.server/presenter/client.ts'
import { isPresenterError, type PresenterErrorKind } from '#app/.server/presenter/errors.ts'
import { createPresenter } from '#app/.server/presenter/index.ts'
import { send, stream } from '#app/.server/presenter/transport.ts'
import { createSandbox, type Sandbox } from './index.ts'
import { COMPANY_ID, DEMO_PASSWORD } from './seed/company.ts'

/**
 * The demo users the harness logs in, and their customers (demo: 12% discount, an administrator;
 * tbaker: demo's customer, a sales user; onhold: on hold).
 */
export const CUSTOMER = { demo: 10001, tbaker: 10001, onhold: 10002 } as const
export type Username = keyof typeof CUSTOMER

/** A database row as the tests read it. */
export type Row = Record<string, string | number | null>

/** Dollars to whole cents. */
export const cents = (n: number) => Math.round(n * 100)

/**
 * Starts a sandbox for the calling test file (beforeAll) and stops it afterwards (afterAll).
 * `db`, `origin` and `host` are there once beforeAll has run.
 */
export function useSandbox(options: { now?: () => Date } = {}) {
	let sandbox: Sandbox | undefined
	let server: Server | undefined
	let origin = ''
	/** Presenter session ids by username. */
	const sessions = new Map<Username, string>()

	beforeAll(async () => {
		sandbox = createSandbox({ dbFile: ':memory:', now: options.now })
		const app = express()
		app.use('/presenter', sandbox.presenter)
		app.use('/__sandbox', sandbox.control)
		server = app.listen(0, '127.0.0.1')
		await once(server, 'listening')
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		for (const username of Object.keys(CUSTOMER) as Username[]) {
			const reply = await send(
				auth.login,
				{ userid: username, password: DEMO_PASSWORD, domain: COMPANY_ID, extra: '' },
				{ host: `${origin}/presenter`, timeoutMs: 5000 },
			)
			expect(reply.sessionID).not.toBe('')
			sessions.set(username, reply.sessionID)
		}
	})

	afterAll(async () => {
		if (server) {
			server.close()
			await once(server, 'close')
		}
		sandbox?.close()
	})

	const harness = {
		get db() {
			if (!sandbox) throw new Error('The sandbox starts in beforeAll')
			return sandbox.db
		},
		/** http://127.0.0.1:{port} */
		get origin() {
			return origin
		},
		/** The presenter {host}. */
		get host() {
			return `${origin}/presenter`
		},
		/** The transport options of `username`'s session (null: no session). */
		options(username: Username | null = 'demo') {
			const contextId = username === null ? undefined : sessions.get(username)
			return { host: harness.host, contextId, timeoutMs: 5000 }
		},
		/** A real contract call as `username` (null: without a session). */
		call<P extends z.ZodType, R extends z.ZodType>(
			op: Operation<P, R>,
			payload: z.input<P>,
			username: Username | null = 'demo',
		) {
			return send(op, payload, harness.options(username))
		},
		/**
		 * The portal's own presenter client for `username`, as a page of theirs has it (its own read
		 * cache); `sent` lists the calls that left the cache.
		 */
		portal(username: Username = 'demo') {
			const sent: string[] = []
			const sessionId = sessions.get(username)!
			const client = createClient({
				host: harness.host,
				contextId: sessionId,
				scope: sessionId,
				timeoutMs: 5_000,
				cache: new ReadCache(),
				onTiming: (fn, _ms, cached) => {
					if (!cached) sent.push(fn)
				},
			})
			const config = ConfigurationSchema.parse({
				endpointUrl: harness.host,
				device_id: 'test',
				company_id: '1',
			})
			const identity = { sessionId, username, customerId: CUSTOMER[username] }
			return { presenter: createPresenter({ client, config, identity }), sent, identity }
		},
		/** A real stream call (a file download) as `username` (null: without a session). */
		stream(op: Operation, payload: unknown, username: Username | null = 'demo') {
			return stream(op, payload, harness.options(username))
		},
		/** A proxy call that skips the client's payload check, to see the sandbox's own validation. */
		async raw(fn: string, body: unknown, username: Username = 'demo') {
			const url = new URL(harness.host)
			url.search = new URLSearchParams({
				ipApi: fn,
				ipService: IP_SERVICE,
				ipFunction: fn,
			}).toString()
			const res = await fetch(url, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					'X-FLUID-CONTEXT': sessions.get(username) ?? '',
				},
				body: JSON.stringify(body),
			})
			return (await res.json()) as {
				hasErrors?: boolean
				errorTable?: Array<{ field: string; msg: string }>
			}
		},
		/** A request to the control API (/__sandbox); expects it to succeed. */
		async control<T>(path: string, init?: RequestInit): Promise<T> {
			const res = await fetch(`${origin}/__sandbox${path}`, init)
			expect(res.status, path).toBeLessThan(300)
			return (res.status === 204 ? undefined : await res.json()) as T
		},
		/** A new cart (or custom list) of `username`'s customer: its cartSessionId. */
		async newCart(username: Username = 'demo', sessionType: 'Cart' | 'Custom' = 'Cart') {
			const reply = await harness.call(
				cart.createCart,
				{ customerID: CUSTOMER[username], deviceID: 'test', sessionType },
				username,
			)
			return reply.dataset.cartSessionId
		},
		/** The cart's lines, as `username` reads them. */
		getCart: (sessionID: string, username: Username = 'demo') =>
			harness
				.call(
					cart.getCart,
					{
						sessionID,
						tpaID: '',
						userName: username,
						reprice: true,
						customerID: CUSTOMER[username],
						deviceID: 'test',
					},
					username,
				)
				.then((r) => r.dataset.CartLines),
		/** Adds one TLAS001 (unit EA), or what `overrides` says, to the cart as `username`. */
		addToCart: (
			sessionID: string,
			overrides: Partial<PayloadOf<typeof cart.addToCart>> = {},
			username: Username = 'demo',
		) =>
			harness.call(
				cart.addToCart,
				{
					UOM: 'EA',
					customerID: CUSTOMER[username],
					productID: 'TLAS001',
					quoteQty: 1,
					sessionID,
					tallyLength: 0,
					unitSell: 0,
					quoteComments: '',
					roomTypeID: 0,
					tallyLines: [],
					...overrides,
				},
				username,
			),
		all: (sql: string, ...params: Array<string | number>) =>
			harness.db.prepare(sql).all(...params) as Row[],
		one: (sql: string, ...params: Array<string | number>) =>
			harness.db.prepare(sql).get(...params) as Row,
	}
	return harness
}

/** Expects the call to fail with a presenter error of `kind` (and errorTable field, if given). */
export async function fails(promise: Promise<unknown>, kind: PresenterErrorKind, field?: string) {
	const error: unknown = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	if (!isPresenterError(error)) throw new Error(`expected a presenter error, got ${String(error)}`)
	expect(error.kind).toBe(kind)
	if (field !== undefined) expect(error.errorTable[0]?.field).toBe(field)
	return error
}

/** A getProductsByType payload for demo: every product of the catalogue, or what `overrides` says. */
export const productsQuery = (
	overrides: Partial<PayloadOf<typeof catalogue.getProductsByType>> = {},
): PayloadOf<typeof catalogue.getProductsByType> => ({
	companyID: COMPANY_ID,
	deviceID: 'test',
	userName: 'demo',
	inStockOnly: false,
	incGST: false,
	searchCategory: '',
	searchType: '',
	searchClass: '',
	searchString: '',
	limit: 10_000,
	start: 0,
	...overrides,
})

/** A createOrder payload for the demo customer: a ute delivery to Marrickville from branch 1. */
export const orderPayload = (
	sessionID: string,
	overrides: Partial<PayloadOf<typeof checkout.createOrder>> = {},
): PayloadOf<typeof checkout.createOrder> => ({
	transactionType: 'Order',
	branchID: 1,
	customerName: 'Harbour City Constructions Pty Ltd',
	customerAddress: '14 Bourke Road',
	customerState: 'NSW',
	customerPostcode: '2015',
	customerEmail: 'accounts@harbourcityconstructions.com.au',
	clientName: 'Anna Papadopoulos',
	clientAddress: '23 Wattle Street',
	clientSuburb: 'Marrickville',
	clientState: 'NSW',
	clientPostcode: '2204',
	clientEmail: 'sarah.mitchell@harbourcityconstructions.com.au',
	buildersRef: 'HCC-9001',
	buildersContact: 'Sarah Mitchell',
	salesRepID: 0,
	dateRequired: '2026-12-01T07:30:00',
	despatchMethod: 'DEL',
	shippingInstructions: 'Leave on site if unattended',
	quoteOutput: '',
	specOutput: '',
	brochureOutput: '',
	saleDeliveryDetails: [
		{
			id_branch: 1,
			date_deliv: '2026-12-01',
			is_contact_on_site: true,
			type_vehicle: 2,
			name_contact: 'Sarah Mitchell',
			phone_contact: '0412 558 302',
			phone_mobile: '',
			email_contact: 'sarah.mitchell@harbourcityconstructions.com.au',
			time_deliv_required: 800,
			latitude: -33.911,
			longitude: 151.155,
			distance_km: 4.6,
			id_run: 0,
			instructions: '',
		},
	],
	deviceID: 'test',
	sessionID,
	customerID: 10001,
	tpaID: '',
	idempotencyKey: randomUUID(),
	...overrides,
})

/**
 * The text a sandbox PDF shows, one line per text operation: its page content streams are
 * inflated and the strings of each TJ array decoded (pdfkit writes the standard fonts' WinAnsi
 * codes as hex). The document title is in the Info dictionary, not here.
 */
export function pdfText(pdf: Buffer | Uint8Array) {
	const file = Buffer.from(pdf)
	const raw = file.toString('latin1')
	const lines: string[] = []
	for (const m of raw.matchAll(/\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)) {
		const start = (m.index ?? 0) + m[0].length
		const content = inflateSync(file.subarray(start, start + Number(m[1]))).toString('latin1')
		for (const op of content.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/g)) {
			const hex = [...(op[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((h) => h[1]).join('')
			lines.push(Buffer.from(hex, 'hex').toString('latin1'))
		}
	}
	return lines.join('\n')
}
