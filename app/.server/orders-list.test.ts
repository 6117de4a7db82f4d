import { describe, expect, test } from 'vitest'
import {
	DEFAULT_PREFS,
	displayRows,
	listState,
	searchRows,
	sortRows,
	type ListPrefs,
} from './orders-list.ts'
import { type OrderRow } from './presenter/contract/transactions.ts'

const row = (over: Partial<OrderRow>): OrderRow => ({
	transactionNumber: 604180,
	transactionSuffix: 0,
	transactionType: 'Order',
	deliveryDate: '2026-03-07',
	invoiceDate: '',
	branchID: 1,
	customerOrderNumber: 'PO-1',
	shipAddress1: '14 Bourke Road',
	jobName: '',
	transactionAmount: 1234.5,
	...over,
})
const branches = [
	{ branchID: 1, branchName: 'Alexandria' },
	{ branchID: 2, branchName: 'Parramatta' },
]
const format = { locale: 'en-AU', currency: 'AUD' } as const

describe('display rows', () => {
	test('formats every column; branch names fall back to the id; no job is "-"', () => {
		const [a, b] = displayRows(
			[
				row({}),
				row({
					transactionNumber: 604181,
					transactionSuffix: 1,
					transactionType: 'Quote',
					branchID: 9,
					jobName: 'Deck',
				}),
			],
			branches,
			format,
		)
		expect(a!.values).toEqual({
			transactionNumber: '604180',
			transactionType: 'Order',
			deliveryDate: '07/03/2026',
			branchID: 'Alexandria',
			customerOrderNumber: 'PO-1',
			shipAddress1: '14 Bourke Road',
			jobName: '-',
			transactionAmount: '$1,234.50',
		})
		expect(a!.href).toBe('/orders/604180-0')
		expect(b!.values).toMatchObject({
			transactionNumber: '604181-1',
			branchID: '9',
			jobName: 'Deck',
		})
		expect(b!.href).toBe('/quotes/604181-1')
	})
	test('en-US dates are mm/dd/yyyy', () => {
		expect(
			displayRows([row({})], branches, { locale: 'en-US', currency: 'USD' })[0]!.values
				.deliveryDate,
		).toBe('03/07/2026')
	})
})

describe('search', () => {
	const rows = displayRows(
		[
			row({ transactionNumber: 1, jobName: 'Bondi Deck' }),
			row({ transactionNumber: 2, deliveryDate: '2026-11-24', branchID: 2 }),
			row({ transactionNumber: 3, shipAddress1: '7 George St' }),
		],
		branches,
		format,
	)
	const numbers = (r: typeof rows) => r.map((x) => x.row.transactionNumber)
	test('is case-insensitive across visible values', () => {
		expect(numbers(searchRows(rows, 'bondi', DEFAULT_PREFS.columns))).toEqual([1])
		expect(numbers(searchRows(rows, 'PARRA', DEFAULT_PREFS.columns))).toEqual([2])
	})
	test('matches dates on their formatted text', () => {
		expect(numbers(searchRows(rows, '24/11', DEFAULT_PREFS.columns))).toEqual([2])
		expect(numbers(searchRows(rows, '2026-11-24', DEFAULT_PREFS.columns))).toEqual([])
	})
	test('hidden columns are not searched; empty search keeps all', () => {
		expect(numbers(searchRows(rows, 'george', ['transactionNumber', 'jobName']))).toEqual([])
		expect(numbers(searchRows(rows, '  ', DEFAULT_PREFS.columns))).toEqual([1, 2, 3])
	})
})

describe('sort', () => {
	const rows = displayRows(
		[
			row({ transactionNumber: 2, transactionAmount: 50, deliveryDate: '2026-01-02' }),
			row({ transactionNumber: 10, transactionAmount: 5, deliveryDate: '2025-12-31' }),
			row({ transactionNumber: 1, transactionAmount: 500, deliveryDate: '2026-06-01' }),
		],
		branches,
		format,
	)
	const numbers = (r: typeof rows) => r.map((x) => x.row.transactionNumber)
	test('default keeps the presenter order', () =>
		expect(numbers(sortRows(rows, ''))).toEqual([2, 10, 1]))
	test('numbers and amounts sort numerically', () => {
		expect(numbers(sortRows(rows, 'transactionNumber:asc'))).toEqual([1, 2, 10])
		expect(numbers(sortRows(rows, 'transactionAmount:desc'))).toEqual([1, 2, 10])
	})
	test('dates sort by date, not by their dd/mm text', () => {
		expect(numbers(sortRows(rows, 'deliveryDate:asc'))).toEqual([10, 2, 1])
	})
})

describe('list state', () => {
	const saved: ListPrefs = { sort: 'deliveryDate:desc', columns: ['transactionNumber', 'jobName'] }
	test('saved preferences apply when the URL has none', () => {
		expect(listState(new URLSearchParams('type=Quote&q=deck'), saved)).toMatchObject({
			type: 'Quote',
			q: 'deck',
			prefs: saved,
			changed: false,
		})
	})
	test('URL choices replace them and are marked for saving', () => {
		const state = listState(
			new URLSearchParams(
				'sort=transactionAmount:asc&columns=1&cols=transactionType&cols=transactionAmount',
			),
			saved,
		)
		expect(state.prefs).toEqual({
			sort: 'transactionAmount:asc',
			columns: ['transactionType', 'transactionAmount'],
		})
		expect(state.changed).toBe(true)
	})
	test('at least one column stays visible', () => {
		const state = listState(new URLSearchParams('columns=1'), saved)
		expect(state.prefs.columns).toEqual(saved.columns)
		expect(state.columnsError).toBe('At least one column must stay visible')
	})
	test('bad values fall back', () => {
		expect(
			listState(new URLSearchParams('type=Invoice&sort=nope:up'), DEFAULT_PREFS),
		).toMatchObject({ type: '', prefs: { sort: '' } })
		expect(listState(new URLSearchParams('sort='), saved).prefs.sort).toBe('')
	})
})
