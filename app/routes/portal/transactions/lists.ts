import { defineList } from '#app/utils/list.ts'

/** Orders & Quotes (spec part 1 §2): its columns, all visible by default, and its type tabs. */
export const ORDERS_LIST = defineList({
	name: 'orders',
	columns: [
		{ key: 'transactionNumber', label: 'Order No' },
		{ key: 'transactionType', label: 'Type' },
		{ key: 'deliveryDate', label: 'Delivery Date' },
		{ key: 'branchID', label: 'Branch' },
		{ key: 'customerOrderNumber', label: 'Order Ref' },
		{ key: 'shipAddress1', label: 'Delivery Address' },
		{ key: 'jobName', label: 'Job Name' },
		{ key: 'transactionAmount', label: 'Amount', numeric: true },
	],
	// Spec part 1 §9: orders list type filter values '' (All), Order, Quote.
	filters: { type: ['', 'Order', 'Quote'] },
})

/** Invoices (spec part 2 §2): its columns, all visible by default, and its date range. */
export const INVOICES_LIST = defineList({
	name: 'invoices',
	columns: [
		{ key: 'transactionNumber', label: 'Invoice Number' },
		{ key: 'transactionType', label: 'Type' },
		{ key: 'invoiceDate', label: 'Invoice Date' },
		{ key: 'branchID', label: 'Branch' },
		{ key: 'customerOrderNumber', label: 'Order Ref' },
		{ key: 'shipAddress1', label: 'Delivery Address' },
		{ key: 'jobName', label: 'Job Name' },
		{ key: 'userComment', label: 'Comment' },
		{ key: 'transactionAmount', label: 'Amount', numeric: true },
	],
	// Spec part 2 §9: date-from defaults to 3 months before now; date-to is empty.
	dateRange: { defaultFromMonths: 3 },
})
