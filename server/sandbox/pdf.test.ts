import { describe, expect, test } from 'vitest'
import { renderPdf } from './pdf.ts'
import { pdfText } from './test-harness.ts'

const latin1 = (pdf: Buffer) => pdf.toString('latin1')
const pageCount = (pdf: Buffer) => Number(/\/Type \/Pages\n\/Count (\d+)/.exec(latin1(pdf))?.[1])

describe('renderPdf', () => {
	test('writes a PDF with a title, its lines and a page footer', async () => {
		const pdf = await renderPdf({
			title: 'Datasheet TMGP10005',
			lines: ['MGP10 Pine 90x45 Framing', '', 'Kiln dried'],
			author: 'Harbour Timber & Hardware',
		})
		expect(latin1(pdf.subarray(0, 5))).toBe('%PDF-')
		expect(latin1(pdf)).toMatch(/%%EOF\n?$/)
		expect(latin1(pdf)).toMatch(/\/Title \d+ 0 R/)
		expect(latin1(pdf)).toContain('(Datasheet TMGP10005)')
		expect(pageCount(pdf)).toBe(1)
		const text = pdfText(pdf)
		expect(text).toContain('Datasheet TMGP10005')
		expect(text).toContain('Kiln dried')
		expect(text).toContain('Page 1 of 1')
	})

	test('breaks onto new pages and numbers them; rows move to the next page whole', async () => {
		const lines = Array.from({ length: 150 }, (_, i) => ({
			columns: [{ text: `Line ${i + 1}` }, { text: 'two\nlines', align: 'right' as const }],
		}))
		const pdf = await renderPdf({ title: 'Long', lines, footer: 'INV 1001' })
		expect(pageCount(pdf)).toBeGreaterThanOrEqual(4)
		const text = pdfText(pdf)
		expect(text).toContain(`INV 1001   Page ${pageCount(pdf)} of ${pageCount(pdf)}`)
		expect(text).toMatch(/Line 150\ntwo\nlines/)
	})

	test('encodes non-ASCII text as WinAnsi', async () => {
		const text = pdfText(await renderPdf({ title: 'Bend', lines: ['Bend 88° – 10%'] }))
		expect(text.replace(/\n/g, '')).toContain('Bend 88\u00b0 \u0096 10%')
	})

	test('the same document with a creation date gives the same bytes', async () => {
		const doc = { title: 'Statement', lines: ['x'], createdAt: new Date(Date.UTC(2026, 9, 31)) }
		const [a, b] = await Promise.all([renderPdf(doc), renderPdf(doc)])
		expect(a.equals(b)).toBe(true)
		expect(latin1(a)).toContain('(D:20261031000000Z)')
	})
})
