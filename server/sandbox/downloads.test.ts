import Papa from 'papaparse'
import { describe, expect, test } from 'vitest'
import * as content from '#app/.server/presenter/contract/content.ts'
import { COMPANY_ID } from './seed/company.ts'
import { CUSTOMER, useSandbox, type Username } from './test-harness.ts'

const sandbox = useSandbox()
const { call, stream, one } = sandbox

const list = (username: Username = 'demo') =>
	call(
		content.getDownloads,
		{ companyID: COMPANY_ID, customerID: CUSTOMER[username] },
		username,
	).then((r) => r.dataset.Downloads)
const download = (FileName: string, username: Username = 'demo') =>
	stream(content.streamDownload, { customerID: CUSTOMER[username], FileName }, username)

describe('downloads', () => {
	test('at least 30 files, newest first, each a real file', async () => {
		const files = await list()
		expect(files.length).toBeGreaterThanOrEqual(30)
		const dates = files.map((f) => f.Date)
		expect(dates).toEqual([...dates].sort().reverse())
		for (const file of files) {
			const response = await download(file.FileName)
			expect(response.status, file.FileName).toBe(200)
			const body = Buffer.from(await response.arrayBuffer())
			if (file.FileName.endsWith('.pdf')) {
				expect(response.headers.get('Content-Type')).toBe('application/pdf')
				expect(body.subarray(0, 5).toString()).toBe('%PDF-')
			} else {
				expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/)
				expect(body.length).toBeGreaterThan(100)
			}
		}
	})

	test("a price list has the customer's prices", async () => {
		const response = await download('price-list-timber-2026-11.csv')
		const text = (await response.text()).replace(/^\uFEFF/, '')
		const [header, ...rows] = Papa.parse<string[]>(text.trim()).data
		expect(header).toEqual([
			'SKU',
			'Description',
			'Category',
			'Unit',
			'Trade Price ex GST',
			'Your Price ex GST',
			'Your Price inc GST',
		])
		const priced = rows.find((r) => r[4] !== 'POA')!
		const trade = Number(
			one('SELECT TradePrice FROM products WHERE productID = ?', priced[0]!).TradePrice,
		)
		// The demo customer has 12% off trade.
		expect(Number(priced[5])).toBeCloseTo(Math.round(trade * 88) / 100, 2)
		expect(rows.every((r) => r[2] === 'Timber')).toBe(true)
	})

	test("a customer's own documents are theirs alone", async () => {
		const mine = (await list()).map((f) => f.FileName)
		expect(mine).toContain('trading-terms-10001.pdf')
		expect(mine).not.toContain('trading-terms-10002.pdf')
		const response = await download('trading-terms-10002.pdf')
		expect(response.headers.get('Content-Type')).toMatch(/json/)
		expect(await response.json()).toMatchObject({ hasErrors: true })
	})
})
