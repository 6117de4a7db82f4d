/**
 * A small PDF 1.4 writer for sandbox documents (datasheets, later invoices and statements):
 * A4 pages, the standard Helvetica fonts in WinAnsi encoding, wrapped text lines and columns,
 * page breaks and a 'Page n of N' footer. No dependencies, uncompressed content streams.
 */

/** One line of the body. A string is a plain 10 pt paragraph; '' is a blank line. */
export type PdfLine =
	| string
	| {
			text: string
			bold?: boolean
			/** Font size in points (default 10). */
			size?: number
			align?: 'left' | 'right' | 'center'
	  }
	/** A row of cells, each a share of the text width (shares default to equal). */
	| {
			columns: Array<{ text: string; width?: number; bold?: boolean; align?: 'left' | 'right' }>
			size?: number
	  }
	/** A horizontal rule. */
	| { rule: true }

export type PdfDocument = {
	title: string
	/** A smaller line under the title on the first page. */
	subtitle?: string
	lines: PdfLine[]
	/** Shown in the footer of every page, before 'Page n of N'. */
	footer?: string
	author?: string
	/** Recorded as the creation date; omitted when absent, so output is reproducible. */
	createdAt?: Date
}

const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN = 56
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN
const BOTTOM = MARGIN + 24
const LEADING = 1.35

// Advance widths (1/1000 em) of ASCII 32–126, from the standard Helvetica AFM files.
// prettier-ignore
const HELVETICA = [
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
	556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
	722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
	278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
// prettier-ignore
const HELVETICA_BOLD = [
	278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
	556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
	722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
	278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
	611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
]

/** Windows-1252 bytes 0x80–0x9F by the character they stand for. */
const CP1252: Record<string, number> = {
	'€': 0x80,
	'‚': 0x82,
	ƒ: 0x83,
	'„': 0x84,
	'…': 0x85,
	'†': 0x86,
	'‡': 0x87,
	ˆ: 0x88,
	'‰': 0x89,
	Š: 0x8a,
	'‹': 0x8b,
	Œ: 0x8c,
	Ž: 0x8e,
	'‘': 0x91,
	'’': 0x92,
	'“': 0x93,
	'”': 0x94,
	'•': 0x95,
	'–': 0x96,
	'—': 0x97,
	'˜': 0x98,
	'™': 0x99,
	š: 0x9a,
	'›': 0x9b,
	œ: 0x9c,
	ž: 0x9e,
	Ÿ: 0x9f,
}

/** The WinAnsi byte of a character; '?' when the encoding has none. */
function winAnsi(ch: string) {
	const code = ch.codePointAt(0) ?? 63
	if ((code >= 32 && code <= 126) || (code >= 0xa0 && code <= 0xff)) return code
	return CP1252[ch] ?? 63
}

/** The width of `text` in points at `size`. */
export function textWidth(text: string, size: number, bold = false) {
	const widths = bold ? HELVETICA_BOLD : HELVETICA
	let units = 0
	for (const ch of text) {
		const code = winAnsi(ch)
		units += code >= 32 && code <= 126 ? (widths[code - 32] ?? 556) : 556
	}
	return (units * size) / 1000
}

/** A PDF string literal: ASCII printable as is, everything else as octal escapes. */
function pdfString(text: string) {
	let out = '('
	for (const ch of text) {
		const code = winAnsi(ch)
		if (ch === '\\' || ch === '(' || ch === ')') out += '\\' + ch
		else if (code >= 32 && code <= 126) out += ch
		else out += '\\' + code.toString(8).padStart(3, '0')
	}
	return out + ')'
}

/** Splits text into lines no wider than `width`; words longer than a line are broken. */
export function wrapText(text: string, width: number, size: number, bold = false): string[] {
	const lines: string[] = []
	for (const paragraph of text.split('\n')) {
		let line = ''
		for (const word of paragraph.split(/\s+/).filter(Boolean)) {
			const candidate = line ? `${line} ${word}` : word
			if (textWidth(candidate, size, bold) <= width) {
				line = candidate
				continue
			}
			if (line) lines.push(line)
			line = ''
			let rest = word
			while (textWidth(rest, size, bold) > width) {
				let cut = rest.length - 1
				while (cut > 1 && textWidth(rest.slice(0, cut), size, bold) > width) cut--
				lines.push(rest.slice(0, cut))
				rest = rest.slice(cut)
			}
			line = rest
		}
		lines.push(line)
	}
	return lines
}

type Placed = { x: number; text: string; bold: boolean; size: number }
type Page = { ops: string[] }

function num(n: number) {
	return String(Math.round(n * 100) / 100)
}

function place(page: Page, { x, text, bold, size }: Placed, y: number) {
	if (!text) return
	page.ops.push(
		`BT /${bold ? 'F2' : 'F1'} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm ${pdfString(text)} Tj ET`,
	)
}

function aligned(
	text: string,
	left: number,
	width: number,
	size: number,
	bold: boolean,
	align: string,
) {
	const w = textWidth(text, size, bold)
	if (align === 'right') return left + width - w
	if (align === 'center') return left + (width - w) / 2
	return left
}

/** Lays the document out on A4 pages and serialises it as a PDF 1.4 file. */
export function renderPdf(doc: PdfDocument): Buffer {
	const pages: Page[] = []
	let page: Page = { ops: [] }
	pages.push(page)
	let y = PAGE_HEIGHT - MARGIN

	/** Reserves `height` points, starting a new page when they do not fit. */
	const advance = (height: number) => {
		if (y - height < BOTTOM) {
			page = { ops: [] }
			pages.push(page)
			y = PAGE_HEIGHT - MARGIN
		}
		y -= height
		return y
	}

	for (const line of wrapText(doc.title, TEXT_WIDTH, 18, true)) {
		place(page, { x: MARGIN, text: line, bold: true, size: 18 }, advance(18 * 1.25))
	}
	if (doc.subtitle) {
		for (const line of wrapText(doc.subtitle, TEXT_WIDTH, 11)) {
			place(page, { x: MARGIN, text: line, bold: false, size: 11 }, advance(11 * LEADING))
		}
	}
	advance(8)

	for (const item of doc.lines) {
		if (typeof item === 'object' && 'rule' in item) {
			const at = advance(8) + 4
			page.ops.push(
				`0.6 G 0.5 w ${num(MARGIN)} ${num(at)} m ${num(MARGIN + TEXT_WIDTH)} ${num(at)} l S 0 G`,
			)
			continue
		}
		if (typeof item === 'object' && 'columns' in item) {
			const size = item.size ?? 10
			const shares = item.columns.map((c) => c.width ?? 1)
			const total = shares.reduce((a, b) => a + b, 0)
			let left = MARGIN
			const cells = item.columns.map((c, i) => {
				const width = (TEXT_WIDTH * (shares[i] ?? 1)) / total
				const cell = { ...c, left, width, lines: wrapText(c.text, width - 4, size, c.bold) }
				left += width
				return cell
			})
			const rows = Math.max(1, ...cells.map((c) => c.lines.length))
			for (let r = 0; r < rows; r++) {
				const at = advance(size * LEADING)
				for (const c of cells) {
					const text = c.lines[r] ?? ''
					const bold = c.bold ?? false
					const x = aligned(text, c.left, c.width - 4, size, bold, c.align ?? 'left')
					place(page, { x, text, bold, size }, at)
				}
			}
			continue
		}
		const {
			text,
			bold = false,
			size = 10,
			align = 'left',
		} = typeof item === 'string' ? { text: item } : item
		for (const line of wrapText(text, TEXT_WIDTH, size, bold)) {
			const x = aligned(line, MARGIN, TEXT_WIDTH, size, bold, align)
			place(page, { x, text: line, bold, size }, advance(size * LEADING))
		}
	}

	pages.forEach((p, i) => {
		const label = `${doc.footer ? doc.footer + '   ' : ''}Page ${i + 1} of ${pages.length}`
		p.ops.push(`0.4 g`)
		place(
			p,
			{
				x: aligned(label, MARGIN, TEXT_WIDTH, 8, false, 'right'),
				text: label,
				bold: false,
				size: 8,
			},
			MARGIN - 8,
		)
	})
	return serialise(doc, pages)
}

function pdfDate(date: Date) {
	const p = (n: number) => String(n).padStart(2, '0')
	return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`
}

function serialise(doc: PdfDocument, pages: Page[]): Buffer {
	// Object numbers: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then page + contents pairs.
	const objects: string[] = []
	const pageRefs = pages.map((_, i) => `${6 + i * 2} 0 R`)
	objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
	objects[2] = `<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pages.length} >>`
	objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'
	objects[4] =
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'
	const info = [`/Title ${pdfString(doc.title)}`, `/Producer (Trade portal sandbox)`]
	if (doc.author) info.push(`/Author ${pdfString(doc.author)}`)
	if (doc.createdAt) info.push(`/CreationDate (${pdfDate(doc.createdAt)})`)
	objects[5] = `<< ${info.join(' ')} >>`
	pages.forEach((p, i) => {
		const content = p.ops.join('\n')
		objects[6 + i * 2] =
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
			`/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + i * 2} 0 R >>`
		objects[7 + i * 2] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`
	})

	// Everything written is ASCII except the binary marker comment, so latin1 length = byte length.
	let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
	const offsets: number[] = []
	for (let n = 1; n < objects.length; n++) {
		offsets[n] = out.length
		out += `${n} 0 obj\n${objects[n]}\nendobj\n`
	}
	const xref = out.length
	out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
	for (let n = 1; n < objects.length; n++)
		out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`
	out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`
	return Buffer.from(out, 'latin1')
}
