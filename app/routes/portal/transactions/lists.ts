import { defineList } from '#app/utils/list.ts'

/**
 * Orders & Quotes: its columns, all visible by default, and its type tabs. A
 * phone's card: number and amount; type, delivery date and order ref; the rest under 'More'.
 */
export const ORDERS_LIST = defineList({
	name: 'orders',
	columns: [
		{ key: 'transactionNumber', label: 'Order No', card: 'title' },
		{ key: 'transactionType', label: 'Type', card: 'summary' },
		{ key: 'deliveryDate', label: 'Delivery Date', card: 'summary' },
		{ key: 'branchID', label: 'Branch' },
		{ key: 'customerOrderNumber', label: 'Order Ref', card: 'summary' },
		{ key: 'shipAddress1', label: 'Delivery Address' },
		{ key: 'jobName', label: 'Job Name' },
		{ key: 'transactionAmount', label: 'Amount', numeric: true, card: 'title' },
	],
	// The orders list's type filter values '' (All), Order, Quote; and the user's
	// orders sent for approval (docs/decisions/059-order-limits-and-approvals.md).
	filters: { type: ['', 'Order', 'Quote', 'approval', 'waiting'] },
})

/**
 * Invoices: its columns, all visible by default, and its date range. A phone's
 * card: number and amount; date, order ref and the comment (or 'Add comment'); the rest under 'More'.
 */
export const INVOICES_LIST = defineList({
	name: 'invoices',
	columns: [
		{ key: 'transactionNumber', label: 'Invoice Number', card: 'title' },
		{ key: 'transactionType', label: 'Type' },
		{ key: 'invoiceDate', label: 'Invoice Date', card: 'summary' },
		{ key: 'branchID', label: 'Branch' },
		{ key: 'customerOrderNumber', label: 'Order Ref', card: 'summary' },
		{ key: 'shipAddress1', label: 'Delivery Address' },
		{ key: 'jobName', label: 'Job Name' },
		{ key: 'userComment', label: 'Comment', card: 'summary' },
		{ key: 'transactionAmount', label: 'Amount', numeric: true, card: 'title' },
	],
	// Date-from defaults to 3 months before now; date-to is empty.
	dateRange: { defaultFromMonths: 3 },
})
