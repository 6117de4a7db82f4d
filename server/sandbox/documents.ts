/**
 * Transaction documents: the stored invoice, order or quote of a customer, and what the sandbox
 * makes of it: the PDF (streams and email attachments), the CSV of its lines and the email text.
 */
import { type Db } from './db.ts'
import { SandboxFault } from './implement.ts'
import { renderPdf, type PdfLine } from './pdf.ts'
import { type TransactionLineRow, type TransactionRow } from './rows.ts'
import { sydneyTime } from './sydney.ts'

/** The columns of a stored transaction that its documents and the operations read. */
const HEADER_COLUMNS = [
	'id',
	'transactionNumber',
	'transactionSuffix',
	'transactionType',
	'id_cust',
	'id_user',
	'deliveryDate',
	'invoiceDate',
	'branchID',
	'customerOrderNumber',
	'nameCharge',
	'nameShip',
	'jobName',
	'shipAddress1',
	'shipAddress2',
	'shipAddress3',
	'comment_tportal',
	'transactionTotalAmountExcGST',
	'transactionTotalGST',
	'transactionTotalAmountIncGST',
	'despatchMethod',
	'cartSessionId',
	'created_at',
	'accepted_at',
	'accepted_by',
	'accepted_delivery_date',
	'accepted_comment',
] as const satisfies ReadonlyArray<keyof TransactionRow>
const LINE_COLUMNS = [
	'lineNum',
	'productCode',
	'productDesc',
	'quantity',
	'unitOfMeasure',
	'unitPrice',
	'linePrice',
] as const satisfies ReadonlyArray<keyof TransactionLineRow>

export type StoredHeader = Pick<TransactionRow, (typeof HEADER_COLUMNS)[number]>
export type StoredLine = Pick<TransactionLineRow, (typeof LINE_COLUMNS)[number]>
export type StoredTransaction = StoredHeader & { lines: StoredLine[] }

/** The customer's transaction by number and suffix, with its lines in lineNum order. */
export function findTransaction(
	db: Db,
	customerID: number,
	number: number,
	suffix: number,
): StoredTransaction | undefined {
	const row = db
		.prepare(
			`SELECT ${HEADER_COLUMNS.join(', ')}
			 FROM transactions WHERE id_cust = ? AND transactionNumber = ? AND transactionSuffix = ?`,
		)
		.get(customerID, number, suffix) as StoredHeader | undefined
	if (!row) return undefined
	const lines = db
		.prepare(
			`SELECT ${LINE_COLUMNS.join(', ')}
			 FROM transaction_lines WHERE transaction_id = ? ORDER BY lineNum`,
		)
		.all(row.id) as StoredLine[]
	return { ...row, lines }
}

/** The message for a transaction that is not the customer's (or does not exist): they look alike. */
export const notFound = (number: number, suffix: number) =>
	`No matching records found for transaction ${number}-${suffix}`

/** Like findTransaction, but an unknown transaction is the presenter's no-records fault. */
export function requireTransaction(db: Db, customerID: number, number: number, suffix: number) {
	const transaction = findTransaction(db, customerID, number, suffix)
	if (!transaction) throw new SandboxFault(notFound(number, suffix))
	return transaction
}

/** 'invoice', 'order' or 'quote': the first part of a document's file name. */
export const fileKind = (t: Pick<StoredHeader, 'transactionType'>) =>
	t.transactionType.toLowerCase()

/** {type}-{number}-{suffix}.{ext}, e.g. invoice-604180-0.pdf. */
export const fileName = (t: StoredHeader, ext: 'pdf' | 'csv') =>
	`${fileKind(t)}-${t.transactionNumber}-${t.transactionSuffix}.${ext}`

/** 'Tax Invoice 604180-0', 'Sales Order 604180', 'Quotation 604180' (an order's suffix shows when not 0). */
export function documentTitle(t: StoredHeader) {
	const { transactionNumber: n, transactionSuffix: s } = t
	if (t.transactionType === 'Invoice') return `Tax Invoice ${n}-${s}`
	const name = t.transactionType === 'Order' ? 'Sales Order' : 'Quotation'
	return s ? `${name} ${n}-${s}` : `${name} ${n}`
}

type Company = { name: string; abn: string; email: string }

export function companyOf(db: Db, customerID: number) {
	return db
		.prepare(
			'SELECT c.name, c.abn, c.email FROM company c JOIN customers u ON u.company_id = c.id WHERE u.id_cust = ?',
		)
		.get(customerID) as Company
}

export const money = (dollars: number) =>
	(dollars < 0 ? '-$' : '$') +
	Math.abs(dollars).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** yyyy-mm-dd as dd/mm/yyyy; '' stays ''. */
export const display = (date: string | null) =>
	date && /^\d{4}-\d{2}-\d{2}/.test(date)
		? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`
		: ''

const quantity = (q: number) => String(Math.round(q * 1000) / 1000)

/** The document's own date: the invoice date, or the day an order or quote was taken (Sydney). */
function documentDate(t: StoredHeader) {
	return t.transactionType === 'Invoice' ? t.invoiceDate : sydneyTime(t.created_at).date
}

/** The label/value rows of a document's details block. */
function details(db: Db, t: StoredHeader): Array<[string, string]> {
	const despatch = db
		.prepare('SELECT methodDesc FROM despatch_methods WHERE methodName = ?')
		.get(t.despatchMethod) as { methodDesc: string } | undefined
	const dateLabel = { Invoice: 'Invoice date', Order: 'Order date', Quote: 'Quote date' }[
		t.transactionType
	]
	const rows: Array<[string, string]> = [
		[dateLabel, display(documentDate(t))],
		[t.transactionType === 'Quote' ? 'Required by' : 'Delivery date', display(t.deliveryDate)],
		['Your reference', t.customerOrderNumber],
		['Account', String(t.id_cust)],
		['Despatch', despatch?.methodDesc ?? t.despatchMethod],
	]
	return rows.filter(([, value]) => value)
}

/** The PDF of an invoice, order or quote. The same transaction always gives the same bytes. */
export function transactionPdf(db: Db, t: StoredTransaction): Promise<Buffer> {
	const company = companyOf(db, t.id_cust)
	const customer = db
		.prepare(
			'SELECT customerName, billAddress, billSuburb, billState, billPostCode FROM customers WHERE id_cust = ?',
		)
		.get(t.id_cust) as Record<string, string>
	const branch = db
		.prepare('SELECT branchName, address1, address2, phone FROM branches WHERE branchID = ?')
		.get(t.branchID) as Record<string, string> | undefined
	const title = documentTitle(t)

	const billTo = [
		t.nameCharge || customer.customerName,
		customer.billAddress,
		[customer.billSuburb, customer.billState, customer.billPostCode].filter(Boolean).join(' '),
	]
	const deliverTo = [t.nameShip, t.shipAddress1, t.shipAddress2, t.shipAddress3]
	const block = (lines: Array<string | undefined>) => lines.filter(Boolean).join('\n')

	const lines: PdfLine[] = [
		branch
			? `Supplied by our ${branch.branchName} branch, ${branch.address1}, ${branch.address2} · ${branch.phone}`
			: '',
		company.email,
		{ rule: true },
		{
			columns: [
				{ text: 'Bill to', bold: true, width: 1.2 },
				{ text: 'Delivery address', bold: true },
				{ text: 'Details', bold: true, width: 1.2 },
			],
		},
		{
			columns: [
				{ text: block(billTo), width: 1.2 },
				{ text: block(deliverTo) },
				{
					text: details(db, t)
						.map(([label, value]) => `${label}: ${value}`)
						.join('\n'),
					width: 1.2,
				},
			],
		},
		'',
	]
	if (t.jobName) lines.push({ columns: [{ text: `Job: ${t.jobName}` }] })
	if (t.comment_tportal) lines.push({ columns: [{ text: `Comment: ${t.comment_tportal}` }] })

	// SKU, description, qty, a gap, UOM, unit price, extended.
	const widths = [1.5, 3.7, 0.9, 0.2, 0.7, 1.3, 1.4]
	const gap = { text: '', width: widths[3] }
	lines.push('', {
		size: 9,
		shade: true,
		columns: [
			{ text: 'SKU', bold: true, width: widths[0] },
			{ text: 'Description', bold: true, width: widths[1] },
			{ text: 'Qty', bold: true, width: widths[2], align: 'right' },
			gap,
			{ text: 'UOM', bold: true, width: widths[4] },
			{ text: 'Unit price', bold: true, width: widths[5], align: 'right' },
			{ text: 'Extended', bold: true, width: widths[6], align: 'right' },
		],
	})
	lines.push({ rule: true })
	for (const l of t.lines) {
		lines.push({
			size: 9,
			columns: [
				{ text: l.productCode, width: widths[0] },
				{ text: l.productDesc, width: widths[1] },
				{ text: quantity(l.quantity), width: widths[2], align: 'right' },
				gap,
				{ text: l.unitOfMeasure, width: widths[4] },
				{ text: money(l.unitPrice), width: widths[5], align: 'right' },
				{ text: money(l.linePrice), width: widths[6], align: 'right' },
			],
		})
	}
	if (!t.lines.length) lines.push({ text: 'No lines', size: 9 })
	lines.push({ rule: true })
	const total = (label: string, amount: number, bold = false) => ({
		columns: [
			{ text: '', width: 6.3 },
			{ text: label, width: 2, bold },
			{ text: money(amount), width: 1.3, align: 'right' as const, bold },
		],
	})
	lines.push(
		total('Total ex GST', t.transactionTotalAmountExcGST),
		total('GST', t.transactionTotalGST),
		total('Total inc GST', t.transactionTotalAmountIncGST, true),
	)
	if (t.transactionType === 'Quote' && t.accepted_at) {
		const by = db
			.prepare(`SELECT name_first || ' ' || name_last AS name FROM users WHERE id_user = ?`)
			.get(t.accepted_by) as { name: string } | undefined
		lines.push(
			'',
			{ text: 'Accepted', bold: true },
			`Accepted on ${display(sydneyTime(t.accepted_at).date)}${by ? ` by ${by.name}` : ''}, for delivery on ${display(t.accepted_delivery_date)}.`,
			...(t.accepted_comment ? [t.accepted_comment] : []),
		)
	}
	lines.push('', { text: 'All amounts are in Australian dollars.', size: 8 })

	return renderPdf({
		title,
		subtitle: `${company.name} · ABN ${company.abn}`,
		lines,
		footer: `${company.name} · ${title}`,
		author: company.name,
		createdAt: new Date(t.created_at),
	})
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function csvField(value: string | number) {
	const text = String(value)
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The transaction's lines as CSV: SKU, Description, Qty, UOM, Unit Price, Extended Price (ex GST). */
export function transactionCsv(t: StoredTransaction) {
	const rows: Array<Array<string | number>> = [
		['SKU', 'Description', 'Qty', 'UOM', 'Unit Price', 'Extended Price'],
		...t.lines.map((l) => [
			l.productCode,
			l.productDesc,
			quantity(l.quantity),
			l.unitOfMeasure,
			l.unitPrice.toFixed(2),
			l.linePrice.toFixed(2),
		]),
	]
	return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
}

export const FORMAT_NAMES = {
	pdf: 'PDF',
	csv: 'CSV',
	xero: 'Xero',
	simpro: 'simPRO',
	tradify: 'Tradify',
	fergus: 'Fergus',
} as const

/** The plain-text body of a transaction email. */
export function transactionEmailBody(
	db: Db,
	t: StoredTransaction,
	format: keyof typeof FORMAT_NAMES,
	sender: string,
) {
	const company = companyOf(db, t.id_cust)
	const name = `${t.transactionType} ${t.transactionNumber}-${t.transactionSuffix}`
	const intro =
		format === 'pdf'
			? `Please find attached ${documentTitle(t)} (${fileName(t, 'pdf')}).`
			: `Please find attached the lines of ${name} as a CSV file for ${FORMAT_NAMES[format]} (${fileName(t, 'csv')}).`
	const facts = details(db, t)
	if (t.jobName) facts.push(['Job', t.jobName])
	const width = Math.max(...facts.map(([label]) => label.length), 'Total inc GST'.length) + 2
	const row = (label: string, value: string) => `${`${label}:`.padEnd(width)}${value}`
	return [
		'Hello,',
		'',
		intro,
		'',
		row(t.transactionType, `${t.transactionNumber}-${t.transactionSuffix}`),
		...facts.map(([label, value]) => row(label, value)),
		'',
		row('Total ex GST', money(t.transactionTotalAmountExcGST)),
		row('GST', money(t.transactionTotalGST)),
		row('Total inc GST', money(t.transactionTotalAmountIncGST)),
		'',
		`Sent from the trade portal by ${sender}.`,
		'',
		company.name,
		`ABN ${company.abn}`,
		company.email,
		'',
	].join('\n')
}
