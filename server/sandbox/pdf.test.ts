import { describe, expect, test } from 'vitest'
import { renderPdf, textWidth, wrapText } from './pdf.ts'

/** Checks the file's structure: every xref offset lands on its object, stream lengths are exact. */
function parse(pdf: Buffer) {
	const text = pdf.toString('latin1')
	const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1])
	expect(text.slice(startxref, startxref + 4)).toBe('xref')
	const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? []
	expect(Number(first)).toBe(0)
	const entries = text
		.slice(startxref)
		.split('\n')
		.slice(2, 2 + Number(count))
	expect(entries[0]).toBe('0000000000 65535 f ')
	entries.slice(1).forEach((entry, i) => {
		expect(entry).toMatch(/^\d{10} 00000 n $/)
		const offset = Number(entry.slice(0, 10))
		expect(text.slice(offset, offset + 20)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`))
	})
	for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
		const start = (m.index ?? 0) + m[0].length
		expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream')
	}
	const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)?.[1])
	return { text, pages }
}

describe('renderPdf', () => {
	test('writes a valid one-page PDF 1.4 with a title and lines', () => {
		const pdf = renderPdf({
			title: 'Datasheet TMGP10005',
			lines: ['MGP10 Pine 90x45 Framing', '', 'Kiln dried'],
		})
		expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
		const { text, pages } = parse(pdf)
		expect(pages).toBe(1)
		expect(text).toContain('/BaseFont /Helvetica ')
		expect(text).toContain('(Datasheet TMGP10005) Tj')
		expect(text).toContain('(Kiln dried) Tj')
		expect(text).toContain('(Page 1 of 1) Tj')
		expect(text).not.toContain('/CreationDate')
	})

	test('breaks onto new pages and numbers them', () => {
		const lines = Array.from({ length: 150 }, (_, i) => `Line ${i + 1}`)
		const { text, pages } = parse(renderPdf({ title: 'Long', lines, footer: 'INV 1001' }))
		expect(pages).toBe(3)
		expect(text).toContain('(INV 1001   Page 3 of 3) Tj')
		expect(text).toContain('(Line 150) Tj')
	})

	test('escapes PDF string syntax and encodes non-ASCII as WinAnsi', () => {
		const { text } = parse(
			renderPdf({
				title: 'A (b) \\ c',
				lines: ['Bend 88° – 10%', { text: 'Right', align: 'right', bold: true }],
				createdAt: new Date(Date.UTC(2026, 10, 3, 4, 5, 6)),
			}),
		)
		expect(text).toContain('(A \\(b\\) \\\\ c) Tj')
		expect(text).toContain('(Bend 88\\260 \\226 10%) Tj')
		expect(text).toContain('/F2 10 Tf')
		expect(text).toContain('/CreationDate (D:20261103040506Z)')
	})

	test('lays out columns and rules', () => {
		const { text } = parse(
			renderPdf({
				title: 'Invoice',
				lines: [
					{ columns: [{ text: 'Item' }, { text: '$12.50', align: 'right' }] },
					{ rule: true },
				],
			}),
		)
		expect(text).toContain('(Item) Tj')
		expect(text).toMatch(/ l S/)
		const x = Number(/1 0 0 1 ([\d.]+) [\d.]+ Tm \(\$12\.50\)/.exec(text)?.[1])
		expect(x + textWidth('$12.50', 10)).toBeCloseTo(595.28 - 56 - 4, 1)
	})
})

describe('wrapText', () => {
	test('keeps lines within the width, breaking over-long words', () => {
		const text =
			'Machine stress-graded kiln-dried radiata pine for wall and roof framing '.repeat(4) +
			'x'.repeat(200)
		const lines = wrapText(text, 200, 10)
		expect(lines.length).toBeGreaterThan(5)
		for (const line of lines) expect(textWidth(line, 10)).toBeLessThanOrEqual(200)
		expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''))
	})
})
