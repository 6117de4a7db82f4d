import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { createLogger, useLogger } from '../observe/log.ts'
import {
	cartPayload,
	errorReply,
	PRESENTER_HOST,
	presenterFailure,
	presenterHandler,
	usePresenterServer,
} from '#tests/msw/presenter.ts'
import { createCart, getCart } from './contract/cart.ts'
import { type ErrorEntry } from './contract/define.ts'
import {
	classifyReply,
	isPresenterError,
	PresenterError,
	type PresenterErrorKind,
	recover,
	toRouteError,
	UNAVAILABLE_MESSAGE,
} from './errors.ts'
import { send } from './transport.ts'

const { server } = usePresenterServer()

const QUEUED =
	'Your request has been queued and will be emailed to the specified recipients when generated'

const table = (...entries: Array<[field: string, msg: string]>): ErrorEntry[] =>
	entries.map(([field, msg]) => ({ field, msg }))

describe('classifyReply: the error catalogue', () => {
	test.each<[string, PresenterErrorKind]>([
		['session has expired', 'session-expired'],
		['Your session has expired. Please log in again.', 'session-expired'],
		['Invalid Session ContextID', 'session-expired'],
		['Error: Invalid Session ContextID (abc-123)', 'session-expired'],
		['No matching records', 'no-records'],
		['No matching records found for customer 42', 'no-records'],
		['No data for product', 'no-product-data'],
		['No data for product P-100', 'no-product-data'],
		['No price book extract has been set up for you', 'no-price-book'],
		['No price book extract has been set up for you. Contact your branch.', 'no-price-book'],
		[QUEUED, 'queued'],
		[`${QUEUED}.`, 'queued'],
	])('an empty field with %j is %s', (msg, kind) => {
		const errorTable = table(['', msg])
		const error = classifyReply({ hasErrors: true, errorTable })
		expect(error).toBeInstanceOf(PresenterError)
		expect(error?.kind).toBe(kind)
		expect(error?.message).toBe(msg)
		expect(error?.errorTable).toEqual(errorTable)
		expect(error?.firstMessage).toBe(msg)
		expect(error?.retryable).toBe(false)
	})

	test.each([
		'session has expired',
		'Invalid Session ContextID',
		'No matching records',
		'No data for product',
		'No price book extract has been set up for you',
		QUEUED,
	])('a non-empty field with %j is a field error', (msg) => {
		const error = classifyReply({ hasErrors: true, errorTable: table(['customerID', msg]) })
		expect(error?.kind).toBe('field')
		expect(error?.message).toBe(msg)
	})

	test('only the first entry decides: a catalogue message in a later entry is a field error', () => {
		const error = classifyReply({
			hasErrors: true,
			errorTable: table(['quoteQty', 'Quantity must be positive'], ['', 'session has expired']),
		})
		expect(error?.kind).toBe('field')
		expect(error?.message).toBe('Quantity must be positive\nsession has expired')
	})

	test('any other table is a field error with all messages joined by line breaks', () => {
		const errorTable = table(
			['quoteQty', 'Quantity must be positive'],
			['UOM', 'Unknown unit of measure'],
			['', 'Product is discontinued'],
		)
		const error = classifyReply({ hasErrors: true, errorTable })
		expect(error?.kind).toBe('field')
		expect(error?.message).toBe(
			'Quantity must be positive\nUnknown unit of measure\nProduct is discontinued',
		)
		expect(error?.errorTable).toEqual(errorTable)
		expect(error?.firstMessage).toBe('Quantity must be positive')
	})

	test('an unrecognised message with an empty field is a field error', () => {
		const error = classifyReply({
			hasErrors: true,
			errorTable: table(['', 'Credit limit exceeded']),
		})
		expect(error?.kind).toBe('field')
		expect(error?.message).toBe('Credit limit exceeded')
	})

	test("a table whose messages are all empty is 'Field Error'", () => {
		const error = classifyReply({ hasErrors: true, errorTable: table(['quoteQty', ''], ['', '']) })
		expect(error?.kind).toBe('field')
		expect(error?.message).toBe('Field Error')
		expect(error?.firstMessage).toBeUndefined()
	})

	test("hasErrors without a table is an 'api' error, 'Api Error'", () => {
		for (const reply of [{ hasErrors: true }, { hasErrors: true, errorTable: [] }]) {
			const error = classifyReply(reply)
			expect(error?.kind).toBe('api')
			expect(error?.message).toBe('Api Error')
			expect(error?.errorTable).toEqual([])
		}
	})

	test('no hasErrors is no error, whatever the table says', () => {
		expect(classifyReply({})).toBeNull()
		expect(classifyReply({ hasErrors: false })).toBeNull()
		expect(classifyReply({ errorTable: table(['', 'session has expired']) })).toBeNull()
		expect(
			classifyReply({ hasErrors: false, errorTable: table(['', 'No matching records']) }),
		).toBeNull()
	})
})

describe('PresenterError', () => {
	test('only transport failures without a status or with a 5xx are retryable', () => {
		expect(new PresenterError('transport', 'x').retryable).toBe(true)
		expect(new PresenterError('transport', 'x', { status: 500 }).retryable).toBe(true)
		expect(new PresenterError('transport', 'x', { status: 503 }).retryable).toBe(true)
		expect(new PresenterError('transport', 'x', { status: 404 }).retryable).toBe(false)
		expect(new PresenterError('transport', 'x', { status: 429 }).retryable).toBe(false)
		expect(new PresenterError('field', 'x').retryable).toBe(false)
		expect(new PresenterError('invalid-reply', 'x').retryable).toBe(false)
		expect(new PresenterError('session-expired', 'x').retryable).toBe(false)
	})

	test('isPresenterError checks the class and, when given, the kind', () => {
		const error = new PresenterError('no-records', 'No matching records')
		expect(isPresenterError(error)).toBe(true)
		expect(isPresenterError(error, 'no-records')).toBe(true)
		expect(isPresenterError(error, 'field')).toBe(false)
		expect(isPresenterError(new Error('No matching records'))).toBe(false)
		expect(error.name).toBe('PresenterError')
	})
})

describe('toRouteError: what the error screen says', () => {
	/** The status and text a loader's error screen gets for `error`; what is logged is kept. */
	function shown(error: PresenterError) {
		const lines: string[] = []
		const previous = useLogger(
			createLogger(
				new Writable({ write: (chunk, _, done) => done(void lines.push(String(chunk))) }),
			),
		)
		try {
			toRouteError(error)
		} catch (thrown) {
			// data(): what the error boundary gets as the response's status and data.
			const { data: text, init } = thrown as { data: unknown; init: ResponseInit | null }
			// The developer's detail goes to the log, once.
			expect(lines).toHaveLength(1)
			expect(JSON.parse(lines[0]!).msg).toContain(
				`Presenter call shown as an error page (${error.kind})`,
			)
			return [init?.status, text]
		} finally {
			useLogger(previous)
		}
		throw new Error('toRouteError returned')
	}

	test("the presenter's own messages are shown as sent", () => {
		const error = classifyReply({
			hasErrors: true,
			errorTable: table(['', 'Credit limit exceeded'], ['qty', 'Too many']),
		})!
		expect(shown(error)).toEqual([502, 'Credit limit exceeded\nToo many'])
	})

	test('a failure without a message of the presenter says so in customer words, never the code', () => {
		const noTable = classifyReply({ hasErrors: true })!
		const emptyMessages = classifyReply({ hasErrors: true, errorTable: table(['qty', '']) })!
		const noSession = new PresenterError('api', 'Not Authenticated...')
		for (const error of [noTable, emptyMessages, noSession]) {
			expect(shown(error)).toEqual([502, 'Unable to perform your request'])
		}
	})

	test('a presenter out of reach is a 503 page that says it needs the system; nonsense, a fixed message', () => {
		expect(shown(new PresenterError('transport', 'getCart: HTTP 500'))).toEqual([
			503,
			{ presenterDown: true },
		])
		expect(shown(new PresenterError('invalid-reply', 'getCart: HTTP 500'))).toEqual([
			503,
			UNAVAILABLE_MESSAGE,
		])
	})
})

describe('recover', () => {
	test('returns the fallback for the named kind, given the error', async () => {
		const error = new PresenterError(
			'no-price-book',
			'No price book extract has been set up for you',
		)
		const result = await recover(Promise.reject(error), 'no-price-book', (e) => ({
			PriceBook: [],
			message: e.message,
		}))
		expect(result).toEqual({
			PriceBook: [],
			message: 'No price book extract has been set up for you',
		})
	})

	test('passes a success through without calling the fallback', async () => {
		let called = false
		const result = await recover(Promise.resolve(['row']), 'no-records', () => {
			called = true
			return []
		})
		expect(result).toEqual(['row'])
		expect(called).toBe(false)
	})

	test('rethrows presenter errors of other kinds unchanged', async () => {
		const error = new PresenterError('session-expired', 'session has expired')
		await expect(recover(Promise.reject(error), 'no-records', () => [])).rejects.toBe(error)
	})

	test('rethrows errors that are not presenter errors', async () => {
		const error = new TypeError('boom')
		await expect(recover(Promise.reject(error), 'no-records', () => [])).rejects.toBe(error)
	})
})

describe('errors end to end through send', () => {
	const options = { host: PRESENTER_HOST, contextId: 'ctx-1', timeoutMs: 1_000 }

	test('an expired session reply is a session-expired error', async () => {
		server.use(
			presenterHandler(getCart, () => errorReply('Your session has expired. Please log in again.')),
		)
		const error = await presenterFailure(send(getCart, cartPayload, options))
		expect(error.kind).toBe('session-expired')
		expect(error.firstMessage).toBe('Your session has expired. Please log in again.')
	})

	test('an invalid context id is a session-expired error', async () => {
		server.use(presenterHandler(getCart, () => errorReply('Invalid Session ContextID')))
		const error = await presenterFailure(send(getCart, cartPayload, options))
		expect(error.kind).toBe('session-expired')
	})

	test('a field error carries all messages and the table', async () => {
		server.use(
			presenterHandler(createCart, () => ({
				hasErrors: true,
				errorTable: [
					{ field: 'customerID', msg: 'Customer not available to this user' },
					{ field: 'deviceID', msg: 'Unknown device' },
				],
			})),
		)
		const error = await presenterFailure(
			send(createCart, { customerID: 9, deviceID: 'dev-1', sessionType: 'Cart' }, options),
		)
		expect(error.kind).toBe('field')
		expect(error.message).toBe('Customer not available to this user\nUnknown device')
		expect(error.errorTable).toEqual([
			{ field: 'customerID', msg: 'Customer not available to this user' },
			{ field: 'deviceID', msg: 'Unknown device' },
		])
	})

	test('errorTable entries missing field or msg get the schema defaults', async () => {
		server.use(
			presenterHandler(getCart, () => ({
				hasErrors: true,
				errorTable: [{ msg: 'No matching records' }],
			})),
		)
		const error = await presenterFailure(send(getCart, cartPayload, options))
		expect(error.kind).toBe('no-records')
		expect(error.errorTable).toEqual([{ field: '', msg: 'No matching records' }])
	})

	test("hasErrors without a table is 'Api Error'", async () => {
		server.use(presenterHandler(getCart, () => ({ hasErrors: true })))
		const error = await presenterFailure(send(getCart, cartPayload, options))
		expect(error.kind).toBe('api')
		expect(error.message).toBe('Api Error')
	})

	test('recover turns a no-records reply into the fallback, end to end', async () => {
		server.use(presenterHandler(getCart, () => errorReply('No matching records')))
		const lines = await recover(
			send(getCart, cartPayload, options).then((r) => r.dataset.CartLines),
			'no-records',
			() => [],
		)
		expect(lines).toEqual([])
	})
})
