/**
 * Sandbox documents (datasheets, invoices, orders, quotes, statements) as PDF, laid out with
 * pdfkit (docs/decisions/017-sandbox-pdfs-with-pdfkit.md): A4 pages, the standard Helvetica
 * fonts, paragraphs, rows of wrapped cells (tables), rules, page breaks and a 'Page n of N' footer.
 */
import PDFDocument from 'pdfkit'

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
	/** A row of cells, each a share of the text width (shares default to equal): a table row. */
	| {
			columns: Array<{ text: string; width?: number; bold?: boolean; align?: 'left' | 'right' }>
			size?: number
			/** A shaded row (table headers, totals). */
			shade?: boolean
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
	/** Recorded as the creation date, so the same document gives the same bytes. */
	createdAt?: Date
}

const MARGIN = 56
const FOOTER_SPACE = 24
const LEADING = 1.35
const CELL_GAP = 4

const font = (bold?: boolean) => (bold ? 'Helvetica-Bold' : 'Helvetica')

/** Lays the document out on A4 pages and resolves to the PDF file. */
export function renderPdf(doc: PdfDocument): Promise<Buffer> {
	const pdf = new PDFDocument({
		size: 'A4',
		margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
		bufferPages: true,
		info: {
			Title: doc.title,
			...(doc.author ? { Author: doc.author } : {}),
			Producer: 'Trade portal sandbox',
			Creator: 'Trade portal sandbox',
			...(doc.createdAt ? { CreationDate: doc.createdAt } : {}),
		},
	})
	const chunks: Buffer[] = []
	pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
	const done = new Promise<Buffer>((resolve, reject) => {
		pdf.on('end', () => resolve(Buffer.concat(chunks)))
		pdf.on('error', reject)
	})

	const left = MARGIN
	const width = pdf.page.width - 2 * MARGIN
	pdf.font(font(true)).fontSize(18).text(doc.title, { width })
	if (doc.subtitle) pdf.font(font()).fontSize(11).text(doc.subtitle, { width })
	pdf.moveDown(0.5)

	for (const item of doc.lines) {
		if (typeof item === 'object' && 'rule' in item) {
			const y = pdf.y + 3
			pdf.save().strokeColor('#999999').lineWidth(0.5)
			pdf
				.moveTo(left, y)
				.lineTo(left + width, y)
				.stroke()
			pdf.restore()
			pdf.y = y + 5
			continue
		}
		if (typeof item === 'object' && 'columns' in item) {
			const size = item.size ?? 10
			pdf.fontSize(size)
			const shares = item.columns.map((c) => c.width ?? 1)
			const total = shares.reduce((a, b) => a + b, 0)
			let x = left
			const cells = item.columns.map((c, i) => {
				const cellWidth = (width * (shares[i] ?? 1)) / total
				const cell = { ...c, x, width: cellWidth - CELL_GAP }
				x += cellWidth
				return cell
			})
			const options = (c: (typeof cells)[number]) => ({
				width: c.width,
				align: c.align ?? 'left',
				lineGap: size * (LEADING - 1),
			})
			const height = Math.max(
				size * LEADING,
				...cells.map((c) => pdf.font(font(c.bold)).heightOfString(c.text || ' ', options(c))),
			)
			// A row is never split: it moves to the next page whole.
			if (pdf.y + height > pdf.page.maxY()) pdf.addPage()
			const top = pdf.y
			if (item.shade) {
				pdf
					.save()
					.rect(left, top - 2, width, height + 2)
					.fill('#eeeeee')
					.restore()
			}
			for (const c of cells) {
				if (c.text) pdf.font(font(c.bold)).text(c.text, c.x, top, options(c))
			}
			pdf.x = left
			pdf.y = top + height
			continue
		}
		const {
			text,
			bold = false,
			size = 10,
			align = 'left',
		} = typeof item === 'string' ? { text: item } : item
		pdf
			.font(font(bold))
			.fontSize(size)
			.text(text || ' ', left, pdf.y, { width, align, lineGap: size * (LEADING - 1) })
	}

	const { start, count } = pdf.bufferedPageRange()
	for (let i = start; i < start + count; i++) {
		pdf.switchToPage(i)
		// The footer sits in the bottom margin, where text would otherwise start a new page.
		pdf.page.margins.bottom = 0
		const label = `${doc.footer ? doc.footer + '   ' : ''}Page ${i + 1} of ${count}`
		pdf
			.font(font())
			.fontSize(8)
			.fillColor('#666666')
			.text(label, left, pdf.page.height - MARGIN, { width, align: 'right', lineBreak: false })
	}
	pdf.end()
	return done
}
