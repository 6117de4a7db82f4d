import { describe, expect, test } from 'vitest'
import { displayFormat } from '../display/format.ts'
import { applyList, filterAndSort, listCsv, readListState, rowsOnce, type ListRow } from './list.ts'
import { defineList } from '#app/utils/list.ts'
import { dollarsToCents } from '#app/utils/money.ts'

const SPEC = defineList({
	name: 'test-list',
	columns: [
		{ key: 'number', label: 'No' },
		{ key: 'job', label: 'Job Name' },
		{ key: 'amount', label: 'Amount', numeric: true },
	],
	filters: { type: ['', 'Order', 'Quote'] },
	dateRange: { defaultFromMonths: 3 },
})
type Key = (typeof SPEC)['columns'][number]['key']

const row = (n: number, job: string, amount: number, searchText = ''): ListRow<Key> => ({
	id: String(n),
	cells: { number: String(n), job, amount: `$${amount.toFixed(2)}` },
	// Amounts sort, and go to the CSV, in cents.
	sortKeys: { amount: dollarsToCents(amount) },
	searchText,
})
const ROWS = [
	row(10, 'Unit 9 Fitout', 120.5, '24/11/2026'),
	row(9, 'Lot 1017 Jordan Springs', 2000),
	row(100, '=HYPERLINK("x")', 35),
]
const today = new Date('2026-11-23T00:00:00Z')
let users = 0
/** A user of its own, so saved preferences never leak between tests. */
const user = () => `list-test-${++users}`
const state = (search: string, username = user()) =>
	readListState(SPEC, new URL(`http://portal/x${search}`), username, today)

describe('readListState', () => {
	test('defaults: all columns, presenter order, dates from 3 months back, first filter value', async () => {
		expect((await state('')).state).toEqual({
			q: '',
			sort: '',
			dir: 'asc',
			columns: ['number', 'job', 'amount'],
			page: 1,
			dates: { from: '2026-08-23', to: '' },
			filters: { type: '' },
		})
	})

	test('unknown values fall back instead of failing', async () => {
		const { state: s } = await state(
			'?sort=nope&dir=sideways&page=-3&type=Invoice&from=2026-02-31&to=x',
		)
		expect(s).toMatchObject({ sort: '', dir: 'asc', page: 1, filters: { type: '' } })
		expect(s.dates).toEqual({ from: '', to: '' })
	})

	test('a filter whose values only the request knows (a customer’s jobs): one of them, or none', async () => {
		const read = (search: string) =>
			readListState(SPEC, new URL(`http://portal/x${search}`), user(), today, {
				job: ['', 'job-a', 'job-b'],
			})
		expect((await read('?job=job-b&type=Quote')).state.filters).toEqual({
			type: 'Quote',
			job: 'job-b',
		})
		// Another customer's job, or none: every row.
		expect((await read('?job=job-z')).state.filters).toEqual({ type: '', job: '' })
		expect((await read('')).state.filters).toEqual({ type: '', job: '' })
	})

	test('sort and columns are saved per user; other users keep theirs', async () => {
		const me = user()
		await state('?sort=amount&dir=desc&columns=1&cols=number&cols=amount', me)
		expect((await state('', me)).state).toMatchObject({
			sort: 'amount',
			dir: 'desc',
			columns: ['number', 'amount'],
		})
		expect((await state('')).state.columns).toEqual(['number', 'job', 'amount'])
	})

	test('the column picker sent with no column keeps the saved ones and says why', async () => {
		const result = await state('?columns=1')
		expect(result.columnsError).toBe('At least one column must stay visible')
		expect(result.state.columns).toEqual(['number', 'job', 'amount'])
	})
})

describe('filterAndSort and applyList', () => {
	test('search matches hidden columns and extra search text, case-insensitively', async () => {
		const { state: s } = await state('?q=jordan&columns=1&cols=number')
		expect(filterAndSort(ROWS, s).map((r) => r.id)).toEqual(['9'])
		expect(filterAndSort(ROWS, { ...s, q: '24/11/2026' }).map((r) => r.id)).toEqual(['10'])
	})

	test('numbers sort by value, text naturally (9 before 10 before 100)', async () => {
		const { state: s } = await state('?sort=amount&dir=desc')
		expect(filterAndSort(ROWS, s).map((r) => r.id)).toEqual(['9', '10', '100'])
		expect(filterAndSort(ROWS, { ...s, sort: 'number', dir: 'asc' }).map((r) => r.id)).toEqual([
			'9',
			'10',
			'100',
		])
	})

	test('pages hold pagesize rows; a page past the end shows the last', async () => {
		const { state: s } = await state('?page=9&columns=1&cols=job')
		const result = applyList(ROWS, { state: s, columnsError: null }, 2)
		expect(result).toMatchObject({ page: 2, pages: 2, matched: 3, total: 3 })
		expect(result.rows).toEqual([{ id: '100', href: undefined, cells: { job: '=HYPERLINK("x")' } }])
	})
})

describe('listCsv', () => {
	test('the filtered rows and visible columns; amounts as numbers; formulas escaped', async () => {
		const { state: s } = await state('?sort=number&columns=1&cols=job&cols=amount')
		const { fileDate } = displayFormat({ locale: 'en-US', currency: 'USD' })
		const response = listCsv(SPEC, ROWS, s, fileDate, today)
		// The day as the customer writes dates, a slash being no part of a file name.
		expect(response.headers.get('Content-Disposition')).toBe(
			'attachment; filename="test-list-11-23-2026.csv"',
		)
		const text = (await response.text()).replace(/^\uFEFF/, '')
		expect(text.split('\r\n')).toEqual([
			'Job Name,Amount',
			'Lot 1017 Jordan Springs,2000',
			'Unit 9 Fitout,120.5',
			`"'=HYPERLINK(""x"")",35`,
		])
	})
})

describe('rowsOnce', () => {
	test('rows are built once per pair of replies and key; new replies or settings build again', () => {
		const list = [{ n: 1 }]
		const names = [{ id: 1 }]
		let built = 0
		const build = () => [{ id: String(++built) }]
		const first = rowsOnce([list, names], 'en-AU|AUD', build)
		expect(rowsOnce([list, names], 'en-AU|AUD', build)).toBe(first)
		expect(built).toBe(1)
		// Another key (locale, currency, filter), a refreshed list, refreshed names: built anew.
		expect(rowsOnce([list, names], 'en-US|USD', build)).not.toBe(first)
		expect(rowsOnce([[{ n: 1 }], names], 'en-AU|AUD', build)).not.toBe(first)
		expect(rowsOnce([list, [{ id: 1 }]], 'en-AU|AUD', build)).not.toBe(first)
		expect(built).toBe(4)
	})
})
